import { z } from 'zod';
import type { ApplicationAction } from '../pipeline.js';
import { emailSchema, idOf, idSchema, type Paginated, requiredText, textOf, textSchema } from './common.js';
import { listFiltersSchema } from './filters.js';
import type { Task } from './tasks.js';

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

export type PipelinePerson = { id: number; full_name: string; profile_picture: string | null };

export type ApplicationCandidacy = {
  id: number;
  agency_id: number | null;
  crm_validated: boolean;
  vip: boolean;
  candidate: { id: number; full_name: string; email: string | null; phone: string | null; has_account: boolean };
};

/** One row of the funnel, with everything its menu and modals need. */
export type ApplicationRow = {
  id: number;
  public_id: string;
  promotion_id: number;
  status: number;
  status_text: string;
  priority: number;
  last_priority_change: string;
  deadline: string | null;
  deadline_is_in_less_than_one_day: boolean;
  is_over_deadline: boolean;
  negociated_price: number | null;
  solvent: boolean | null;
  broker: PipelinePerson | null;
  candidacy1: ApplicationCandidacy;
  candidacy2: ApplicationCandidacy | null;
  lot: {
    id: number;
    public_id: string;
    reference: string;
    title: string;
    building: string;
    nb_rooms: number;
    area_hab: number | null;
    floor: string;
    price: number;
    total_price: number;
    children: number;
    best_available_priority: number | null;
  };
  status_FR: string | null;
  status_FR_checked: boolean;
  status_AC: string | null;
  status_AC_checked: boolean;
  status_FIN: string | null;
  status_FIN_checked: boolean;
  status_SIGNPDV: string | null;
  status_SIGNPDV_checked: boolean;
  status_SIGN: string | null;
  status_SIGN_checked: boolean;
  reservation_sent_at: string | null;
  first_reservation_at: string | null;
  reservation_confirmed_at: string | null;
  reservation_deposit_confirmed_at: string | null;
  promise_planned_at: string | null;
  promise_signed_at: string | null;
  act_of_purchase_at: string | null;
  act_of_purchase_signed_at: string | null;
  /** The open tasks shown in 'À faire' (three, ranked) and how many there are. */
  tasks: Task[];
  tasks_count: number;
  open_task_kinds: string[];
  /** The menu for the signed-in user, from the shared applicationActions. */
  actions: ApplicationAction[];
};
export type ApplicationsPage = Paginated<ApplicationRow> & {
  multi_agency: boolean;
  has_notary: boolean;
  /** Live applications per stage (0-3) under every filter but the stage arrows. */
  status_counts: Record<string, number>;
};

// ---------------------------------------------------------------------------------------------
// Command inputs (docs/product/validation.md#sales-pipeline-forms and docs/product/calls.md#command-dispatcher)

const subject = requiredText(PIPELINE_MESSAGES.subjectRequired).pipe(z.string().trim().max(255, 'Objet trop long'));
const body = requiredText(PIPELINE_MESSAGES.bodyRequired).pipe(z.string().max(20_000, 'Message trop long'));
const emails = z.array(emailSchema).max(10, "Trop d'adresses").optional().default([]);
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** An instant (ISO 8601). The client converts its Swiss-time pickers (Europe/Zurich) before sending. */
const instant = textOf({ error: PIPELINE_MESSAGES.dateRequired })
  .min(1, PIPELINE_MESSAGES.dateRequired)
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
    date: textSchema.regex(/^\d{4}-\d{2}-\d{2}$/, PIPELINE_MESSAGES.dateInvalid).nullish(),
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
  z.object({ priority: z.coerce.number().refine((v) => [1, 2, 3, 9].includes(v), { message: 'Priorité requise' }) }).strict(),
  z
    .object({
      negociated_price: z.coerce
        .number({ error: PIPELINE_MESSAGES.priceRequired })
        .int(PIPELINE_MESSAGES.priceStep)
        .min(0, PIPELINE_MESSAGES.priceRequired)
        .refine((v) => v % 1000 === 0, { message: PIPELINE_MESSAGES.priceStep }),
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
