import { z } from 'zod';
import { APPLICATION_ACTIONS, type ApplicationAction } from '../pipeline.js';
import { APPLICATION_PRIORITIES } from '../rules/positions.js';
import { TASK_TIME_STATUS, type TaskTimeStatus } from '../statuses.js';
import { dateYearsCheck, emailSchema, idOf, idSchema, isWithinDateYears, requiredText, textOf, textSchema } from './common.js';
import { listFiltersSchema } from './filters.js';
import { rowTaskSchema, TASK_TARGETS, type Task } from './tasks.js';

/**
 * The sales pipeline (docs/product/README.md#sales-pipeline). Every path is under /api.
 *
 *   GET  /applications                      broker, promoter, notary, banker, architect
 *                                           ApplicationsPage   query applicationsListQuerySchema
 *   GET  /applications/download             broker   { data: { url } }   same query (all pages)
 *   GET  /applications/:id                  same roles as the list   { data: ApplicationRow }
 *   GET  /applications/:publicId/pdf        broker, notary, banker, promoter   { data: url }
 *   GET  /applications/public/:publicId     candidate (his own), broker, banker, promoter, notary
 *                                           { data: ReservationForm }
 *   Direct routes (docs/product/calls.md#direct-application-calls), each the same handler as its command, answering { data, message }:
 *   PUT  /applications/:id/markAsComplete            = validateReservationForm (body as the command)
 *   POST /applications/sendNotificationIncomplete/:id = unvalidateReservationForm { subject, body }
 *   POST /applications/complete/:id                  = validateReservationForm without a deposit date
 *   POST /applications/:id/scheduleAgreement | planActOfPurchase | createPlanActOfPurchase |
 *        reservation-deposit-received | deposit-received | client-solvent | client-non-solvent |
 *        confirm-received-agreement-funds | send-act | sign-act | send-call-for-funds
 *
 * Commands (POST /app/executeCommand or /commands/{name}), entity 'application' unless said:
 *   sendReservationForm        sendReservationFormSchema
 *   submitReservationForm      submitReservationFormSchema
 *   validateReservationForm    validateReservationFormSchema
 *   unvalidateReservationForm  unvalidateReservationFormSchema
 *   advanceDepositReceived, ClientSolvent, clientNonSolvent, draftActSent,
 *   agreementFundsReceived, callForFundsSent, actOfPurchaseSigned, goToBestAvailablePriority,
 *   goToLatestPriority, UpdateLastPriorityChange, deleteApplication, sendNewAccess   {}
 *   scheduleAgreement          scheduleAgreementSchema
 *   planActOfPurchase          planActOfPurchaseSchema
 *   updateApplication          updateApplicationSchema
 *   addCandidacy               addCandidacySchema
 *   detachCandidacy            detachCandidacySchema
 */

export const PIPELINE_MESSAGES = {
  actionUnavailable: "Cette action n'est pas possible à cette étape du dossier",
  subjectRequired: 'Objet requis',
  bodyRequired: 'Message requis',
  dateRequired: 'Date requise',
  dateInvalid: 'Date invalide',
  timeInvalid: 'Heure invalide',
  priceRequired: 'Prix requis',
  priceStep: 'Le prix doit être un multiple de 1000',
  candidacyRequired: 'Veuillez choisir une candidature',
  noNotary: 'Veuillez ajouter un notaire à la promotion avant de valider cette étape',
  sameEmail: 'Vous ne pouvez pas avoir la même adresse email entre les deux candidats',
  depositPaid: 'Acompte reçu',
  actSigned: "Projet d'acte signé",
  pdfGenerating: 'Génération du PDF',
  pdfDownloading: 'Téléchargement en cours...',
  lotAlreadyReserved: 'Un autre dossier est déjà réservé sur ce lot',
  invalidLink: 'Lien invalide',
  registered: 'Votre dossier a bien été créé',
  emptyHistory: 'Aucun historique pour ce filtre.',
  milestoneLocked: 'Ce statut ne peut plus être modifié',
  formSent: 'Formulaire de réservation envoyé',
  formResent: 'Formulaire de réservation renvoyé',
  formValidated: 'Réservation validée',
  incompleteNotified: 'Le candidat a été notifié',
  candidateWithoutEmail: "Aucun candidat du dossier n'a d'adresse e-mail",
  clientSolvent: 'Client solvable',
  clientNonSolvent: 'Client non solvable',
  agreementScheduled: 'Signature de la promesse planifiée',
  draftActSent: "Projet d'acte envoyé",
  promiseSigned: 'Promesse de vente signée',
  actPlanned: "Signature de l'acte planifiée",
  callForFundsSent: 'Appel de fonds envoyé',
  priceSaved: 'Prix négocié enregistré',
  statusesSaved: 'Statuts enregistrés',
  prioritySaved: 'Priorité modifiée',
  positionReleased: 'Position libérée',
  priorityCounterReset: 'Compteur de priorité réinitialisé',
  applicationDeleted: 'Dossier supprimé',
  partnerAdded: 'Partenaire ajouté',
  partnerRemoved: 'Partenaire retiré',
  notInApplication: 'Cette candidature ne fait pas partie du dossier',
  partnerAlreadyOnLot: 'Ce partenaire a déjà un dossier sur ce lot',
  accessSent: 'Accès envoyés',
} as const;

// ---------------------------------------------------------------------------------------------
// The funnel (docs/product/funnel.md#screens)

export const APPLICATION_SORTS = [
  'priority',
  'candidate',
  'status',
  'building',
  'lot',
  'rooms',
  'area',
  'floor',
  'price',
  'status_FR',
  'status_AC',
  'status_FIN',
  'status_SIGNPDV',
  'status_SIGN',
] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const APPLICATIONS_PAGE_SIZE = 50;

const stageList = z
  .union([textSchema, z.array(textSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== '').map(Number))
  .pipe(z.array(z.number().int('Statut invalide').min(0, 'Statut invalide').max(3, 'Statut invalide')));

/**
 * GET /applications and /applications/download: the shared filters plus status (stage arrows,
 * comma list of 0-3), late (1: only rows with a late open task), candidacy, application,
 * orderBy among APPLICATION_SORTS, order, page.
 */
export const applicationsListQuerySchema = listFiltersSchema.extend({
  status: stageList.optional(),
  late: z.enum(['0', '1']).optional(),
});
export type ApplicationsListQuery = z.infer<typeof applicationsListQuerySchema>;

const pipelinePersonSchema = z.object({ id: z.number(), full_name: z.string(), profile_picture: z.string().nullable() });
export type PipelinePerson = z.infer<typeof pipelinePersonSchema>;

const applicationCandidacySchema = z.object({
  id: z.number(),
  agency_id: z.number().nullable(),
  crm_validated: z.boolean(),
  vip: z.boolean(),
  candidate: z.object({
    id: z.number(),
    full_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    has_account: z.boolean(),
  }),
});
export type ApplicationCandidacy = z.infer<typeof applicationCandidacySchema>;

/** The open tasks of a row: the answer of the tasks module (contracts/tasks.ts, Task). */
const applicationTaskSchema = z.object({
  id: z.number(),
  promotion_id: z.number(),
  title: z.string(),
  detail: z.string().nullable(),
  type: z.number(),
  type_text: z.string(),
  end_at: z.string(),
  deadline_at: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  created_by: pipelinePersonSchema.nullable(),
  done_by: pipelinePersonSchema.nullable(),
  assigned_to: pipelinePersonSchema.nullable(),
  assigned_to_id: z.number().nullable(),
  target: z.enum(TASK_TARGETS),
  target_id: z.number(),
  automatic_end: z.boolean(),
  is_editable: z.boolean(),
  time_status: z.enum(Object.keys(TASK_TIME_STATUS) as [TaskTimeStatus, ...TaskTimeStatus[]]),
  time_status_text: z.string(),
  hours: z.number().nullable(),
  minutes: z.number().nullable(),
}) satisfies z.ZodType<Task>;

/** One row of the funnel, with everything its menu and modals need. */
export const applicationRowSchema = z.object({
  id: z.number(),
  public_id: z.string(),
  promotion_id: z.number(),
  status: z.number(),
  status_text: z.string(),
  priority: z.number(),
  last_priority_change: z.string(),
  deadline: z.string().nullable(),
  deadline_is_in_less_than_one_day: z.boolean(),
  is_over_deadline: z.boolean(),
  negociated_price: z.number().nullable(),
  solvent: z.boolean().nullable(),
  broker: pipelinePersonSchema.nullable(),
  candidacy1: applicationCandidacySchema,
  candidacy2: applicationCandidacySchema.nullable(),
  lot: z.object({
    id: z.number(),
    public_id: z.string(),
    reference: z.string(),
    title: z.string(),
    building: z.string(),
    nb_rooms: z.number(),
    area_hab: z.number().nullable(),
    floor: z.string(),
    price: z.number(),
    total_price: z.number(),
    children: z.number(),
    best_available_priority: z.number().nullable(),
  }),
  status_FR: z.string().nullable(),
  status_FR_checked: z.boolean(),
  status_AC: z.string().nullable(),
  status_AC_checked: z.boolean(),
  status_FIN: z.string().nullable(),
  status_FIN_checked: z.boolean(),
  status_SIGNPDV: z.string().nullable(),
  status_SIGNPDV_checked: z.boolean(),
  status_SIGN: z.string().nullable(),
  status_SIGN_checked: z.boolean(),
  reservation_sent_at: z.string().nullable(),
  first_reservation_at: z.string().nullable(),
  reservation_confirmed_at: z.string().nullable(),
  reservation_deposit_confirmed_at: z.string().nullable(),
  promise_planned_at: z.string().nullable(),
  promise_signed_at: z.string().nullable(),
  act_of_purchase_at: z.string().nullable(),
  act_of_purchase_signed_at: z.string().nullable(),
  /** The open tasks shown in 'À faire' (three, ranked) and how many there are. */
  tasks: z.array(applicationTaskSchema),
  tasks_count: z.number(),
  open_task_kinds: z.array(z.string()),
  /** The menu for the signed-in user, from the shared applicationActions. */
  actions: z.array(z.enum(Object.keys(APPLICATION_ACTIONS) as [ApplicationAction, ...ApplicationAction[]])),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

const funnelCandidacySchema = z.object({
  id: z.number(),
  candidate: applicationCandidacySchema.shape.candidate.pick({ id: true, full_name: true }),
});

/** A row of the funnel's page (issue 20, lean pages): what its table, menu and 'À faire' show. A modal reads the whole ApplicationRow. */
export const funnelRowSchema = applicationRowSchema
  .pick({
    id: true,
    public_id: true,
    status: true,
    status_text: true,
    priority: true,
    deadline: true,
    deadline_is_in_less_than_one_day: true,
    is_over_deadline: true,
    negociated_price: true,
    broker: true,
    status_FR: true,
    status_FR_checked: true,
    status_AC: true,
    status_AC_checked: true,
    status_FIN: true,
    status_FIN_checked: true,
    status_SIGNPDV: true,
    status_SIGNPDV_checked: true,
    status_SIGN: true,
    status_SIGN_checked: true,
    tasks_count: true,
    actions: true,
  })
  .extend({
    candidacy1: funnelCandidacySchema,
    candidacy2: funnelCandidacySchema.nullable(),
    // The lot without its id, title, price, associated lots and free positions.
    lot: applicationRowSchema.shape.lot.omit({ id: true, title: true, price: true, children: true, best_available_priority: true }),
    tasks: z.array(rowTaskSchema),
  });
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const applicationsPageSchema = z.object({
  data: z.array(funnelRowSchema),
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  multi_agency: z.boolean(),
  has_notary: z.boolean(),
  /** Live applications per stage (0-3) under every filter but the stage arrows. */
  status_counts: z.record(z.string(), z.number()),
});
export type ApplicationsPage = z.infer<typeof applicationsPageSchema>;

// ---------------------------------------------------------------------------------------------
// Command inputs (docs/product/validation.md#sales-pipeline-forms and docs/product/calls.md#command-dispatcher)

const subject = requiredText(PIPELINE_MESSAGES.subjectRequired).pipe(z.string().trim().max(255, 'Objet trop long'));
const body = requiredText(PIPELINE_MESSAGES.bodyRequired).pipe(z.string().max(20_000, 'Message trop long'));
const emails = z.array(emailSchema).max(10, "Trop d'adresses").optional().default([]);
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** An instant (ISO 8601) between 1900 and 2200. The client converts its Swiss-time pickers (Europe/Zurich) before sending. */
const instant = textOf({ error: PIPELINE_MESSAGES.dateRequired })
  .min(1, PIPELINE_MESSAGES.dateRequired)
  .refine(isWithinDateYears, dateYearsCheck())
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: PIPELINE_MESSAGES.dateInvalid });

export const sendReservationFormSchema = z.object({
  emails,
  subject,
  body,
  do_not_send_email: flag,
  send_copy_to_broker: flag,
});
export type SendReservationFormInput = z.input<typeof sendReservationFormSchema>;

/** Mark complete: an optional deposit date (yyyy-MM-dd) and time (HH:mm, 15-minute steps) in Swiss time. */
export const validateReservationFormSchema = z
  .object({
    knowDate: flag,
    date: textSchema
      .refine(isWithinDateYears, dateYearsCheck())
      .regex(/^\d{4}-\d{2}-\d{2}$/, PIPELINE_MESSAGES.dateInvalid)
      .nullish(),
    time: textSchema.regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, PIPELINE_MESSAGES.timeInvalid).nullish(),
  })
  .refine((v) => !v.knowDate || Boolean(v.date), { message: PIPELINE_MESSAGES.dateRequired, path: ['date'] });
export type ValidateReservationFormInput = z.input<typeof validateReservationFormSchema>;

export const unvalidateReservationFormSchema = z.object({ emails, subject, body });
export type UnvalidateReservationFormInput = z.input<typeof unvalidateReservationFormSchema>;

export const scheduleAgreementSchema = z.object({ date: instant });

export const planActOfPurchaseSchema = z.object({ date: instant, subject, body, emails, do_not_send_email: flag });
export type PlanActOfPurchaseInput = z.input<typeof planActOfPurchaseSchema>;

const milestoneText = textSchema.trim().max(255, 'Texte trop long').nullable();
/** updateApplication: exactly one of priority, negociated_price, or the milestone fields. */
export const updateApplicationSchema = z.union([
  z.object({ priority: z.coerce.number().refine((v) => APPLICATION_PRIORITIES.includes(v), { message: 'Priorité requise' }) }).strict(),
  z
    .object({
      // Required and not null (docs/product/validation.md#sales-pipeline-forms): an emptied field is refused, never read as 0.
      negociated_price: z.preprocess(
        (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
        z.coerce
          .number({ error: PIPELINE_MESSAGES.priceRequired })
          .int(PIPELINE_MESSAGES.priceStep)
          .min(0, PIPELINE_MESSAGES.priceRequired)
          .refine((v) => v % 1000 === 0, { message: PIPELINE_MESSAGES.priceStep }),
      ),
    })
    .strict(),
  z
    .object({
      status_FR: milestoneText.optional(),
      status_FR_checked: z.boolean().optional(),
      status_AC: milestoneText.optional(),
      status_AC_checked: z.boolean().optional(),
      status_FIN: milestoneText.optional(),
      status_FIN_checked: z.boolean().optional(),
      status_SIGNPDV: milestoneText.optional(),
      status_SIGNPDV_checked: z.boolean().optional(),
      status_SIGN: milestoneText.optional(),
      status_SIGN_checked: z.boolean().optional(),
    })
    .strict(),
]);
export type UpdateApplicationInput = z.input<typeof updateApplicationSchema>;

const [priorityBranch, priceBranch, milestonesBranch] = updateApplicationSchema.options;
/**
 * updateApplication's command input: the branch of the union chosen by the field sent, so that
 * a wrong value answers that branch's French message ('Le prix doit être un multiple de 1000')
 * rather than the union's generic one. Typed as the union for its callers.
 */
export const updateApplicationCommandSchema = z
  .record(z.string(), z.unknown())
  .transform((value, ctx): z.output<typeof updateApplicationSchema> => {
    const branch = 'priority' in value ? priorityBranch : 'negociated_price' in value ? priceBranch : milestonesBranch;
    const parsed = branch.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<typeof updateApplicationSchema>, UpdateApplicationInput>;

export const addCandidacySchema = z.object({
  promotion_id: idSchema.optional(),
  candidacy_2_id: idOf(PIPELINE_MESSAGES.candidacyRequired),
});
export const detachCandidacySchema = z.object({
  promotion_id: idSchema.optional(),
  candidacy_id: idOf(PIPELINE_MESSAGES.candidacyRequired),
});

export const emptyInputSchema = z.object({}).passthrough();

// ---------------------------------------------------------------------------------------------
// The reservation form (docs/product/reservation-form.md#screens)

export const CIVIL_STATUSES = ['célibataire', 'marié', 'partenaire enregistré', 'divorcé', 'veuf'] as const;
export const RESERVATION_FORM_STEPS = 5;
