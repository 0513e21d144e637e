import { z } from 'zod';
import { type AttributedApplication, attributeLotSchema } from './contracts/applications.js';
import {
  type CANDIDACY_ALREADY_EXISTS,
  type CandidacyComment,
  type CreateCandidacyResult,
  createCandidacyInputSchema,
  createCommentInputSchema,
  moveCandidacyInputSchema,
  updateCandidacyInputSchema,
  updateCommentInputSchema,
} from './contracts/candidacies.js';
import { idSchema, textOf, textSchema } from './contracts/common.js';
import {
  addCandidacySchema,
  detachCandidacySchema,
  emptyInputSchema,
  planActOfPurchaseSchema,
  scheduleAgreementSchema,
  sendReservationFormSchema,
  unvalidateReservationFormSchema,
  updateApplicationCommandSchema,
  validateReservationFormSchema,
} from './contracts/pipeline.js';
import { type ReservationForm, submitReservationFormSchema } from './contracts/reservation.js';
import { createTaskSchema, type Task, updateTaskSchema } from './contracts/tasks.js';
import { type Permission, rolesWith } from './permissions.js';
import { type ApplicationAction, applicationActionRoles } from './pipeline.js';
import type { UserType } from './roles.js';

/**
 * The command catalogue: every command of `POST /api/app/executeCommand` and
 * `POST /api/commands/{name}`, by name, with the row it acts on, its input schema, what it
 * answers in `data` and who may run it. The server's registry is keyed by it (a command
 * without a handler does not compile, docs/architecture.md 'Commands') and the client's
 * `executeCommand(name, id, fields)` is typed from it.
 */

/** The rows a command may act on: `entity` and `entity_id` of the call. */
export const COMMAND_ENTITIES = ['promotion', 'candidacy', 'application', 'action', 'lot'] as const;
export type CommandEntity = (typeof COMMAND_ENTITIES)[number];

/**
 * What a command answers in `data`: a type only. The value is an empty marker; TypeScript
 * reads the type from it, so that the server's handlers and the client's callers agree.
 */
export type Answers<Data> = { readonly answers?: (data: Data) => void };
const answers = <Data>(): Answers<Data> => ({});

/** Who may run a command: a permission of the shared table, or a rule of the pipeline's action table. */
type CommandRule = { permission: Permission } | { action: ApplicationAction };

type CommandSpec = {
  entity: CommandEntity;
  input: z.ZodType;
  output: Answers<never>;
  rule: CommandRule;
};

/** An application's answer to a step of the pipeline: its id and what the step set. */
type Stepped<Fields = object> = { id: number } & Fields;

const application = <Input extends z.ZodType, Data>(action: ApplicationAction, input: Input, output: Answers<Data>) => ({
  entity: 'application' as const,
  input,
  output,
  rule: { action },
});

export const COMMAND_CATALOGUE = {
  // Tasks (docs/product/tasks.md)
  createAction: { entity: 'promotion', input: createTaskSchema, output: answers<Task>(), rule: { permission: 'task.create' } },
  updateAction: { entity: 'action', input: updateTaskSchema, output: answers<Task>(), rule: { permission: 'task.edit' } },
  markActionAsFinished: { entity: 'action', input: emptyInputSchema, output: answers<Task>(), rule: { permission: 'task.finish' } },

  // Candidacies and their comments (docs/product/candidates.md)
  createCandidacy: {
    entity: 'promotion',
    input: createCandidacyInputSchema,
    output: answers<CreateCandidacyResult | typeof CANDIDACY_ALREADY_EXISTS>(),
    rule: { permission: 'candidacy.create' },
  },
  updateCandidacy: {
    entity: 'candidacy',
    input: updateCandidacyInputSchema,
    output: answers<{ id: number }>(),
    rule: { permission: 'candidacy.edit' },
  },
  deleteCandidacy: { entity: 'candidacy', input: emptyInputSchema, output: answers<null>(), rule: { permission: 'candidacy.delete' } },
  moveCandidacyToOtherAgency: {
    entity: 'candidacy',
    input: moveCandidacyInputSchema,
    output: answers<{ id: number; agency_id: number }>(),
    rule: { permission: 'candidacy.changeAgency' },
  },
  createComment: {
    entity: 'candidacy',
    input: createCommentInputSchema,
    output: answers<CandidacyComment | null>(),
    rule: { permission: 'comment.create' },
  },
  updateComment: {
    entity: 'candidacy',
    input: updateCommentInputSchema,
    output: answers<CandidacyComment | null>(),
    rule: { permission: 'comment.create' },
  },

  // Attribution of a lot to a candidacy (docs/product/candidates.md)
  attributeLot: {
    entity: 'candidacy',
    input: attributeLotSchema,
    output: answers<AttributedApplication>(),
    rule: { permission: 'lot.attribute' },
  },

  // The reservation form (docs/product/reservation-form.md)
  submitReservationForm: {
    entity: 'application',
    input: submitReservationFormSchema,
    output: answers<ReservationForm>(),
    rule: { permission: 'reservationForm.submit' },
  },

  // The application lifecycle (docs/product/funnel.md)
  sendReservationForm: application(
    'sendReservationForm',
    sendReservationFormSchema,
    answers<Stepped<{ reservation_sent_at: string; emails_sent: number; accounts_created: number }>>(),
  ),
  validateReservationForm: application(
    'validateReservationForm',
    validateReservationFormSchema,
    answers<Stepped<{ reservation_confirmed_at: string; deposit_expected_at: string | null }>>(),
  ),
  unvalidateReservationForm: application('unvalidateReservationForm', unvalidateReservationFormSchema, answers<Stepped>()),
  advanceDepositReceived: application('advanceDepositReceived', emptyInputSchema, answers<Stepped<{ status: number }>>()),
  ClientSolvent: application('ClientSolvent', emptyInputSchema, answers<Stepped<{ solvent: boolean }>>()),
  clientNonSolvent: application('clientNonSolvent', emptyInputSchema, answers<Stepped<{ solvent: boolean }>>()),
  scheduleAgreement: application('scheduleAgreement', scheduleAgreementSchema, answers<Stepped<{ promise_planned_at: string }>>()),
  draftActSent: application('draftActSent', emptyInputSchema, answers<Stepped>()),
  agreementFundsReceived: application('agreementFundsReceived', emptyInputSchema, answers<Stepped<{ status: number }>>()),
  planActOfPurchase: application(
    'planActOfPurchase',
    planActOfPurchaseSchema,
    answers<Stepped<{ act_of_purchase_at: string; notary: string }>>(),
  ),
  callForFundsSent: application('callForFundsSent', emptyInputSchema, answers<Stepped>()),
  actOfPurchaseSigned: application('actOfPurchaseSigned', emptyInputSchema, answers<Stepped<{ status: number; closed: number[] }>>()),
  updateApplication: application(
    'updateStatuses',
    updateApplicationCommandSchema,
    answers<Stepped<{ priority?: number; negociated_price?: number }>>(),
  ),
  goToBestAvailablePriority: application('updatePriority', emptyInputSchema, answers<Stepped<{ priority: number }>>()),
  goToLatestPriority: application('updatePriority', emptyInputSchema, answers<Stepped<{ priority: number }>>()),
  UpdateLastPriorityChange: application('updatePriority', emptyInputSchema, answers<Stepped<{ last_priority_change: string }>>()),
  deleteApplication: application('deleteApplication', emptyInputSchema, answers<Stepped>()),
  addCandidacy: application('addCandidacy', addCandidacySchema, answers<Stepped<{ candidacy2_id: number }>>()),
  detachCandidacy: application(
    'detachCandidacy',
    detachCandidacySchema,
    answers<Stepped<{ candidacy1_id: number; candidacy2_id: null }>>(),
  ),
  sendNewAccess: application('sendNewAccess', emptyInputSchema, answers<Stepped<{ accounts: number }>>()),
} as const satisfies Record<string, CommandSpec>;

export type CommandCatalogue = typeof COMMAND_CATALOGUE;
export type CommandName = keyof CommandCatalogue;
/** What the caller sends in `additionnal_fields`. */
export type CommandInput<Name extends CommandName> = z.input<CommandCatalogue[Name]['input']>;
/** The fields once parsed: what the server's handler receives. */
export type CommandFields<Name extends CommandName> = z.output<CommandCatalogue[Name]['input']>;
/** What the command answers in `data`. */
export type CommandOutput<Name extends CommandName> = CommandCatalogue[Name]['output'] extends Answers<infer Data> ? Data : never;

export const COMMAND_NAMES = Object.keys(COMMAND_CATALOGUE) as CommandName[];

export const isCommandName = (name: string): name is CommandName => Object.hasOwn(COMMAND_CATALOGUE, name);

/** The user types that may run a command; the handler re-checks the finer rules (agency, row, state). */
export const commandRoles = (name: CommandName): readonly UserType[] => {
  const rule: CommandRule = COMMAND_CATALOGUE[name].rule;
  return 'permission' in rule ? rolesWith(rule.permission) : applicationActionRoles(rule.action);
};

/** What every command answers: its catalogued data and the server's French message. */
export type CommandAnswer<Name extends CommandName = CommandName> = { data: CommandOutput<Name>; message?: string };

/**
 * The answer's schema: `data` is each command's own (a type of the catalogue, not a schema), so
 * the serialiser passes it as the handler built it; `message` is absent where a command has none.
 */
export const commandAnswerSchema = z.object({ data: z.unknown(), message: z.string().optional() });

/** The answer of one command's route, typed from the catalogue (the direct application routes). */
export const commandAnswerOf = <Name extends CommandName>(_name: Name) =>
  commandAnswerSchema as unknown as z.ZodType<CommandAnswer<Name>, CommandAnswer<Name>>;

/** The row a command acts on and its fields: the body of `POST /api/commands/{name}`. */
export const commandTargetSchema = z.object({
  entity: textOf({ error: 'Entité requise' }).max(40),
  entity_id: idSchema,
  additionnal_fields: z.record(z.string(), z.unknown()).optional().default({}),
});
export type CommandTarget = z.input<typeof commandTargetSchema>;

export const commandNameParamsSchema = z.object({ name: textSchema.max(60) });

/** The body of `POST /api/app/executeCommand`: the spec's nested shape, or the same fields flat. */
export type ExecuteCommandBody = { name: string; params: CommandTarget } | ({ name: string } & CommandTarget);

/**
 * Both shapes of the spec: { name, params: { entity, entity_id, additionnal_fields } } or flat.
 * The nested one is flattened first, so that a refused field is named whatever the shape.
 */
export const executeCommandBodySchema = z.preprocess(
  (body: ExecuteCommandBody) =>
    body !== null && typeof body === 'object' && 'params' in body && body.params !== null && typeof body.params === 'object'
      ? { ...body.params, name: (body as { name?: unknown }).name }
      : body,
  z.object({ name: textOf({ error: 'Commande requise' }).max(60), ...commandTargetSchema.shape }),
);
