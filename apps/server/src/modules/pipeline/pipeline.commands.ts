import {
  type ApplicationAction,
  addCandidacySchema,
  applicationActionRoles,
  detachCandidacySchema,
  emptyInputSchema,
  planActOfPurchaseSchema,
  scheduleAgreementSchema,
  sendReservationFormSchema,
  unvalidateReservationFormSchema,
  updateApplicationSchema,
  validateReservationFormSchema,
} from '@promovente/shared';
import { type ZodType, z } from 'zod';
import { type Command, defineCommand } from '../commands/index.js';
import {
  addCandidacy,
  deleteApplication,
  detachCandidacy,
  goToBestAvailablePriority,
  goToLatestPriority,
  updateApplication,
  updateLastPriorityChange,
} from './lifecycle.positions.js';
import { sendNewAccess, sendReservationForm, unvalidateReservationForm, validateReservationForm } from './lifecycle.reservation.js';
import {
  actOfPurchaseSigned,
  advanceDepositReceived,
  agreementFundsReceived,
  callForFundsSent,
  clientNonSolvent,
  clientSolvent,
  draftActSent,
  planActOfPurchase,
  scheduleAgreement,
} from './lifecycle.steps.js';

/**
 * The application lifecycle commands of spec part 2, 7.1 (entity 'application'). Who may ever
 * run each is the shared rule table (`applicationActionRoles`); each handler re-checks the rule
 * on the locked row (lifecycle.context.ts) and does the effect of design note 4.
 */
/**
 * updateApplication's input: the branch of the shared union chosen by the field sent, so that a
 * wrong value answers that branch's French message ('Le prix doit être un multiple de 1000')
 * rather than the union's generic one.
 */
const [priorityBranch, priceBranch, milestonesBranch] = updateApplicationSchema.options;
const updateApplicationInput = z.record(z.string(), z.unknown()).transform((value, ctx): z.output<typeof updateApplicationSchema> => {
  const branch = 'priority' in value ? priorityBranch : 'negociated_price' in value ? priceBranch : milestonesBranch;
  const parsed = branch.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const command = <Input>(name: string, action: ApplicationAction, input: ZodType<Input>, run: Command<Input>['run']) =>
  defineCommand<Input>({ name, entity: 'application', roles: applicationActionRoles(action), input, run });

export const PIPELINE_COMMANDS = [
  command('sendReservationForm', 'sendReservationForm', sendReservationFormSchema, sendReservationForm),
  command('validateReservationForm', 'validateReservationForm', validateReservationFormSchema, validateReservationForm),
  command('unvalidateReservationForm', 'unvalidateReservationForm', unvalidateReservationFormSchema, unvalidateReservationForm),
  command('advanceDepositReceived', 'advanceDepositReceived', emptyInputSchema, advanceDepositReceived),
  command('ClientSolvent', 'ClientSolvent', emptyInputSchema, clientSolvent),
  command('clientNonSolvent', 'clientNonSolvent', emptyInputSchema, clientNonSolvent),
  command('scheduleAgreement', 'scheduleAgreement', scheduleAgreementSchema, scheduleAgreement),
  command('draftActSent', 'draftActSent', emptyInputSchema, draftActSent),
  command('agreementFundsReceived', 'agreementFundsReceived', emptyInputSchema, agreementFundsReceived),
  command('planActOfPurchase', 'planActOfPurchase', planActOfPurchaseSchema, planActOfPurchase),
  command('callForFundsSent', 'callForFundsSent', emptyInputSchema, callForFundsSent),
  command('actOfPurchaseSigned', 'actOfPurchaseSigned', emptyInputSchema, actOfPurchaseSigned),
  command('updateApplication', 'updateStatuses', updateApplicationInput, updateApplication),
  command('goToBestAvailablePriority', 'updatePriority', emptyInputSchema, goToBestAvailablePriority),
  command('goToLatestPriority', 'updatePriority', emptyInputSchema, goToLatestPriority),
  command('UpdateLastPriorityChange', 'updatePriority', emptyInputSchema, updateLastPriorityChange),
  command('deleteApplication', 'deleteApplication', emptyInputSchema, deleteApplication),
  command('addCandidacy', 'addCandidacy', addCandidacySchema, addCandidacy),
  command('detachCandidacy', 'detachCandidacy', detachCandidacySchema, detachCandidacy),
  command('sendNewAccess', 'sendNewAccess', emptyInputSchema, sendNewAccess),
];
