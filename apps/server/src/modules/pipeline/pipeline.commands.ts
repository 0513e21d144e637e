import type { CommandHandlers } from '../commands/index.js';
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
 * The application lifecycle commands of docs/product/calls.md#command-dispatcher (entity 'application'). Who may ever
 * run each is the shared rule table (`applicationActionRoles`, through the command catalogue);
 * each handler re-checks the rule on the locked row (lifecycle.context.ts) and does the effect
 * of docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built.
 */
export const PIPELINE_COMMANDS = {
  sendReservationForm,
  validateReservationForm,
  unvalidateReservationForm,
  advanceDepositReceived,
  ClientSolvent: clientSolvent,
  clientNonSolvent,
  scheduleAgreement,
  draftActSent,
  agreementFundsReceived,
  planActOfPurchase,
  callForFundsSent,
  actOfPurchaseSigned,
  updateApplication,
  goToBestAvailablePriority,
  goToLatestPriority,
  UpdateLastPriorityChange: updateLastPriorityChange,
  deleteApplication,
  addCandidacy,
  detachCandidacy,
  sendNewAccess,
} satisfies Partial<CommandHandlers>;
