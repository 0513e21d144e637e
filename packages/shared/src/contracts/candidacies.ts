// Over 400 lines: the candidacy's contracts (list query, filters, rows, detail, create and update inputs) in one catalogue.
import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { CANDIDACY_FILTER_STATUSES } from '../statuses.js';
import {
  emailSchema,
  idOf,
  idSchema,
  optionalNumberSchema,
  type Paginated,
  pageQuerySchema,
  requiredText,
  textSchema,
  zipSchema,
} from './common.js';
import { listFiltersSchema } from './filters.js';
import { rowTaskSchema, type Task, taskSchema } from './tasks.js';

/**
 * Candidates and candidacies (docs/product/candidates.md#screens, docs/product/entities.md#application, docs/product/validation.md#candidate-form, docs/product/access.md#who-may-do-what and docs/product/calls.md#candidates-and-candidacies).
 * Every path is under /api. Lists answer the pagination object; single loads answer { data }.
 * The types below are the brokers' answers; other readers receive fewer fields, one list per
 * audience (candidacyAudienceOf; server: modules/candidacies/candidacies.serializers.ts).
 *
 *   GET    /candidacies              broker     CandidaciesPage (lean rows: CandidacyListRow)   query candidaciesListQuerySchema
 *   GET    /candidacies/all          broker     { data: CandidacyOption[] }   query { promotion? }
 *   GET    /candidacies/download     broker     { data: { url } }      same query as the list (all pages)
 *   GET    /candidacies/:id          broker, promoter, notary, banker, architect; candidate (his own)
 *                                              { data: CandidacyDetail }
 *   GET    /candidates               broker     CandidatesPage         query candidatesListQuerySchema
 *   GET    /candidates/:id           broker; candidate (his own record)   { data: CandidateRecordDetail }
 *   POST   /candidacies/files        broker, notary, banker, architect, promoter
 *                                    multipart: files[] (files), renames[] (texts, same order), candidacy_id
 *                                              { data: CandidacyFilesUpload }
 *   DELETE /candidacies/files/:id    broker (own agency), promoter, candidate (files he uploaded
 *                                    on his own candidacy)            { message }
 *   GET    /file-url/:uuid           any signed-in user allowed to see the file   { data: { url } }
 *
 * Commands: createCandidacy, updateCandidacy, deleteCandidacy, moveCandidacyToOtherAgency,
 * createComment and updateComment; their entity, input, answer and roles are in the command
 * catalogue (commands.ts).
 */

// ---------------------------------------------------------------------------------------------
// Lists

/** The sortable columns of the candidates table (orderBy). An unknown value sorts by created_at. */
export const CANDIDACY_SORTS = ['status', 'priority', 'candidate', 'broker', 'budget', 'created_at', 'vip', 'agency'] as const;
export type CandidacySort = (typeof CANDIDACY_SORTS)[number];
export const DEFAULT_CANDIDACY_SORT: CandidacySort = 'created_at';
export const CANDIDACIES_PAGE_SIZE = 50;

const statusList = z
  .union([textSchema, z.array(textSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== '').map(Number))
  .pipe(z.array(z.number().int('Statut invalide').min(0, 'Statut invalide').max(6, 'Statut invalide')));

/**
 * GET /candidacies and GET /candidacies/download. On top of the shared filters:
 * - status: the selected arrows, a comma list among 0, 3, 4, 5, 6 (absent = every arrow);
 *   1 and 2 (non retenus) are added only with showNonRetained=1, whatever `status` says;
 * - search: candidate first name, last name, full name, e-mail or phone (contains, case-insensitive);
 * - broker (user id), showMyAgency=1 (the user's agency), candidat (candidate id),
 *   candidacy (candidacy id), lot (lot public id: candidacies with a live application on it),
 *   application (application id);
 * - orderBy one of CANDIDACY_SORTS, order asc|desc (default desc), page (50 rows per page).
 */
export const candidaciesListQuerySchema = listFiltersSchema.extend({
  status: statusList.optional(),
});
export type CandidaciesListQuery = z.infer<typeof candidaciesListQuerySchema>;

export const candidaciesAllQuerySchema = z.object({
  promotion: idOf('Promotion invalide').optional(),
});

export const candidacyPersonSchema = z.object({ id: z.number(), full_name: z.string(), profile_picture: z.string().nullable() });
export type CandidacyPerson = z.infer<typeof candidacyPersonSchema>;

export const candidateSummarySchema = z.object({
  id: z.number(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['M', 'F']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_private: z.string().nullable(),
  phone_pro: z.string().nullable(),
  budget: z.number().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  is_company: z.boolean(),
  company_name: z.string().nullable(),
  user_id: z.number().nullable(),
});
export type CandidateSummary = z.infer<typeof candidateSummarySchema>;

export const candidacyApplicationSummarySchema = z.object({
  id: z.number(),
  public_id: z.string(),
  priority: z.number(),
  status: z.number(),
  status_text: z.string(),
  /** true when this candidacy is the main one (candidacy1), false when it is the partner. */
  is_main: z.boolean(),
  /**
   * The application's lot as the candidate record lists it (docs/product/candidate-record.md#fields):
   * rooms, living area in m², total price (the lot's price plus its associated lots' not included
   * in it) and the floor's title.
   */
  lot: z.object({
    id: z.number(),
    reference: z.string(),
    public_id: z.string(),
    title: z.string(),
    nb_rooms: z.number(),
    area_hab: z.number(),
    total_price: z.number(),
    floor: z.string(),
  }),
  /** Priority 1 in a multi-agency promotion: last_priority_change + reservation_timeout days. */
  deadline: z.string().nullable(),
  deadline_is_in_less_than_one_day: z.boolean(),
  is_over_deadline: z.boolean(),
  reservation_sent_at: z.string().nullable(),
  created_at: z.string(),
  /** The five milestones reached (FR, AC, FIN, PDV, SIGN), as the candidate record shows them (docs/product/candidate-record.md#fields). */
  status_FR_checked: z.boolean(),
  status_AC_checked: z.boolean(),
  status_FIN_checked: z.boolean(),
  status_SIGNPDV_checked: z.boolean(),
  status_SIGN_checked: z.boolean(),
});
export type CandidacyApplicationSummary = z.infer<typeof candidacyApplicationSummarySchema>;

/** A task as the tasks module answers it (contracts/tasks.ts). */
export type CandidacyTask = Task;

/** A candidacy with its candidate, live applications and open tasks: the base of GET /candidacies/:id and of the candidate record (the candidates table answers CandidacyListRow, below). */
export const candidacyRowSchema = z.object({
  id: z.number(),
  promotion_id: z.number(),
  status: z.number(),
  status_text: z.string(),
  priority: z.number(),
  priority_text: z.string(),
  vip: z.boolean(),
  reason_vip: z.string().nullable(),
  couple: z.boolean(),
  created_at: z.string(),
  /** The candidacy's budget, else the candidate's. */
  budget: z.number().nullable(),
  agency_id: z.number().nullable(),
  agency_name: z.string().nullable(),
  /** Meaningful for agency 1 only (seesCrmColumns). */
  crm_validated: z.boolean(),
  crm_id: z.string().nullable(),
  broker_id: z.number().nullable(),
  broker: candidacyPersonSchema.nullable(),
  candidate: candidateSummarySchema,
  /** Live applications (not hidden, not closed), candidacy1 or candidacy2. */
  applications: candidacyApplicationSummarySchema.array(),
  comments_count: z.number(),
  files_count: z.number(),
  /** At most 3 open tasks on the candidacy, soonest first; tasks_count counts all open ones. */
  tasks: taskSchema.array(),
  tasks_count: z.number(),
  /** Left by the candidate on the public registration page. */
  comment: z.string().nullable(),
  /** Whether the caller may edit, delete or move it (broker of the same agency). */
  can_edit: z.boolean(),
});
export type CandidacyRow = z.infer<typeof candidacyRowSchema>;

/**
 * A live application as a row of the candidates table shows it: its priority badge, the lot and
 * status in its tooltip, the deadline's red ring, the reservation form's link.
 */
export const candidacyListApplicationSchema = candidacyApplicationSummarySchema
  .pick({ id: true, public_id: true, priority: true, status_text: true, is_over_deadline: true, reservation_sent_at: true })
  .extend({ lot: candidacyApplicationSummarySchema.shape.lot.pick({ reference: true, title: true }) });
export type CandidacyListApplication = z.infer<typeof candidacyListApplicationSchema>;

/**
 * A row of the candidates table's page (issue 20, lean pages): what its columns and its menu
 * show. The candidate form, the comments and the files read the candidacy when they open
 * (GET /candidacies/:id and their own calls); the server holds that a page row is the candidacy
 * GET /candidacies/:id answers, cut to these fields.
 */
export const candidacyListRowSchema = candidacyRowSchema
  .pick({
    id: true,
    promotion_id: true,
    status: true,
    status_text: true,
    priority: true,
    priority_text: true,
    vip: true,
    reason_vip: true,
    created_at: true,
    budget: true,
    agency_id: true,
    agency_name: true,
    crm_validated: true,
    crm_id: true,
    broker: true,
    comments_count: true,
    files_count: true,
    tasks_count: true,
    can_edit: true,
  })
  .extend({
    candidate: candidateSummarySchema.pick({ id: true, full_name: true, email: true }),
    applications: candidacyListApplicationSchema.array(),
    tasks: rowTaskSchema.array(),
  });
export type CandidacyListRow = z.infer<typeof candidacyListRowSchema>;

/** Candidacies per status under the current filters except `status` (for the arrows). */
const statusCountsSchema = z.record(z.string(), z.number());

export type CandidaciesPage = Paginated<CandidacyListRow> & { status_counts: Record<string, number> };

export const candidacyOptionSchema = z.object({
  id: z.number(),
  candidate_id: z.number(),
  full_name: z.string(),
  crm_validated: z.boolean(),
  agency_id: z.number().nullable(),
});
export type CandidacyOption = z.infer<typeof candidacyOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Single loads

export const candidacyFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  uuid: z.string(),
  mime: z.string(),
  size: z.number(),
  created_at: z.string(),
  created_by: candidacyPersonSchema.nullable(),
  /** Fetch GET /file-url/{uuid} to open it. */
  url: z.null(),
  can_delete: z.boolean(),
});
export type CandidacyFile = z.infer<typeof candidacyFileSchema>;

export const candidacyCommentSchema = z.object({
  id: z.number(),
  comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_id: z.number().nullable(),
  created_by: candidacyPersonSchema.nullable(),
  /** Only its author may edit it. */
  is_editable: z.boolean(),
});
export type CandidacyComment = z.infer<typeof candidacyCommentSchema>;

export const candidateRecordSchema = candidateSummarySchema.extend({
  household_size: z.number().nullable(),
  household_income: z.number().nullable(),
  own_funds: z.number().nullable(),
  parent_candidate_id: z.number().nullable(),
  maiden_name: z.string().nullable(),
  father_first_name: z.string().nullable(),
  mother_first_name: z.string().nullable(),
  mother_maiden_name: z.string().nullable(),
  birthday: z.string().nullable(),
  birthday_city: z.string().nullable(),
  place_origin: z.string().nullable(),
  establishment_permit: z.string().nullable(),
  job: z.string().nullable(),
  civil_status: z.string().nullable(),
  matrimonial_property: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  avs: z.string().nullable(),
  already_swiss_owner: z.boolean().nullable(),
  company_type: z.string().nullable(),
  head_office: z.string().nullable(),
  company_address: z.string().nullable(),
  profile_picture: z.string().nullable(),
});
export type CandidateRecord = z.infer<typeof candidateRecordSchema>;

/** The financing a candidacy declares, bank by bank (mortgage, 2nd and 3rd pillar): the reservation form's fields. */
export const FINANCING_DETAIL_FIELDS = [
  'mortgage_amount',
  'mortgage_bank_name',
  'mortgage_contact_name',
  'second_pillar_amount',
  'second_pillar_bank_name',
  'second_pillar_contact_name',
  'third_pillar_amount',
  'third_pillar_bank_name',
  'third_pillar_contact_name',
] as const satisfies readonly (keyof CandidacyFinancing)[];

export const candidacyFinancingSchema = z.object({
  mortgage_amount: z.number().nullable(),
  mortgage_bank_name: z.string().nullable(),
  mortgage_contact_name: z.string().nullable(),
  second_pillar_amount: z.number().nullable(),
  second_pillar_bank_name: z.string().nullable(),
  second_pillar_contact_name: z.string().nullable(),
  third_pillar_amount: z.number().nullable(),
  third_pillar_bank_name: z.string().nullable(),
  third_pillar_contact_name: z.string().nullable(),
  financials_unavailable: z.boolean(),
});
export type CandidacyFinancing = z.infer<typeof candidacyFinancingSchema>;

/** GET /candidacies/:id. user_comments is empty for roles that may not read comments. */
export const candidacyDetailSchema = candidacyRowSchema.extend({
  ...candidacyFinancingSchema.shape,
  candidate: candidateRecordSchema,
  promotion: z.object({ id: z.number(), title: z.string(), multi_agency: z.boolean(), crm_updated_at: z.string().nullable() }),
  files: candidacyFileSchema.array(),
  user_comments: candidacyCommentSchema.array(),
  /** Every task on the candidacy (open first, soonest first; then done ones). */
  actions: taskSchema.array(),
});
export type CandidacyDetail = z.infer<typeof candidacyDetailSchema>;

/** GET /candidates/:id: the person and his candidacies in the promotions the caller may open. */
export type CandidateDetail = CandidateRecord & { candidacies: CandidacyDetail[] };

// ---------------------------------------------------------------------------------------------
// What each audience receives (candidacyAudienceOf; server: candidacies.serializers.ts)

/**
 * A candidate record (or a list row's candidate) as one audience receives it: who he is and how
 * to reach him always; his personal record and the desk's links only where the audience's list
 * names them, and a list row's candidate carries no record fields at all.
 */
export const candidateViewSchema = candidateRecordSchema.partial().required({
  id: true,
  full_name: true,
  first_name: true,
  last_name: true,
  gender: true,
  is_company: true,
  company_name: true,
  email: true,
  phone: true,
  phone_private: true,
  phone_pro: true,
});
export type CandidateView = z.infer<typeof candidateViewSchema>;

/** An application inside a candidacy: the candidate himself does not receive the positions, deadlines and milestones. */
export const candidacyApplicationViewSchema = candidacyApplicationSummarySchema.partial().required({
  id: true,
  public_id: true,
  status: true,
  status_text: true,
  is_main: true,
  lot: true,
  reservation_sent_at: true,
  created_at: true,
});

/**
 * A candidacy (a list row or a full load) as one audience receives it: the fields every audience
 * has always; the desk's data, the financing, the documents, the work and the sales notes only
 * where the audience's list names them; a list row has no promotion, files, comments nor actions.
 */
export const candidacyViewSchema = candidacyDetailSchema.partial().extend({
  id: z.number(),
  promotion_id: z.number(),
  created_at: z.string(),
  couple: z.boolean(),
  broker: candidacyPersonSchema.nullable(),
  candidate: candidateViewSchema,
  applications: candidacyApplicationViewSchema.array(),
  promotion: candidacyDetailSchema.shape.promotion.partial().required({ id: true, title: true }).optional(),
});
export type CandidacyView = z.infer<typeof candidacyViewSchema>;

/**
 * A row of the candidates table as one audience receives it (the list is the brokers' today,
 * permission candidacy.list): the fields every audience has always, the others where the
 * audience's list names them.
 */
export const candidacyListViewSchema = candidacyListRowSchema
  .partial()
  .required({
    id: true,
    promotion_id: true,
    created_at: true,
    broker: true,
    candidate: true,
    applications: true,
  })
  .extend({
    // The candidate himself would not receive his applications' positions and deadlines (candidacyApplicationViewSchema).
    applications: candidacyListApplicationSchema
      .partial()
      .required({ id: true, public_id: true, status_text: true, lot: true, reservation_sent_at: true })
      .array(),
  });
export type CandidacyListView = z.infer<typeof candidacyListViewSchema>;

/** GET /candidacies: a page of the table as the caller's audience receives it, with the arrows' counts. */
export const candidaciesPageSchema = pageOf(candidacyListViewSchema).extend({ status_counts: statusCountsSchema });

export type CandidacyFilesUpload = { files: CandidacyFile[]; duplicates: string[] };

export const CANDIDACY_FILE_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  otherBytes: 20 * 1024 * 1024,
  /** PDF, images and office documents. */
  mimes: [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  maxFilesPerUpload: 20,
} as const;

// ---------------------------------------------------------------------------------------------
// Commands

const optionalText = (max = 200) =>
  textSchema
    .trim()
    .max(max, 'Texte trop long')
    .nullish()
    .transform((v) => (v ? v : null));

const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1');

const requiredChoice = <T extends readonly number[]>(values: T, message: string) =>
  z
    .union([z.number(), textSchema, z.null()])
    .optional()
    .transform((v, ctx) => {
      const value = v === null || v === undefined || v === '' ? Number.NaN : Number(v);
      if (!values.includes(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value as T[number];
    });

export const CANDIDACY_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;
export const CANDIDACY_PRIORITIES = [1, 2, 3, 9] as const;

const name = (message: string) => requiredText(message).pipe(z.string().trim().max(100, 'Texte trop long'));

/** The candidate part of the create/edit form (docs/product/validation.md#candidate-form). */
export const candidateFormSchema = z.object({
  first_name: name('Prénom requis'),
  last_name: name('Nom requis'),
  email: emailSchema,
  gender: z
    .enum(['M', 'F'], { error: 'Genre invalide' })
    .nullish()
    .transform((v) => v ?? 'M'),
  phone: optionalText(40),
  phone_private: optionalText(40),
  phone_pro: optionalText(40),
  household_size: optionalNumberSchema('La taille du ménage doit être un nombre'),
  household_income: optionalNumberSchema('Le revenu du ménage doit être un nombre'),
  own_funds: optionalNumberSchema('Les fonds propres doivent être un nombre'),
  budget: optionalNumberSchema('Le budget doit être un nombre'),
  zip: zipSchema,
  address: optionalText(),
  city: optionalText(),
  country: optionalText(),
  maiden_name: optionalText(),
  job: optionalText(),
  company_name: optionalText(),
});
export type CandidateFormInput = z.input<typeof candidateFormSchema>;

const candidacyFields = {
  status: requiredChoice(CANDIDACY_STATUSES, 'Statut requis'),
  priority: requiredChoice(CANDIDACY_PRIORITIES, 'Priorité requise'),
  vip: flagSchema,
  reason_vip: optionalText(500),
  couple: flagSchema,
  budget: optionalNumberSchema('Le budget doit être un nombre'),
  /** Another broker of the caller's agency; absent: the caller. */
  broker_id: idSchema.nullish(),
};

/** createCandidacy (entity promotion): additionnal_fields { candidacy: { ..., candidate: {...} } }. */
export const createCandidacyInputSchema = z.object({
  candidacy: z.object({ ...candidacyFields, candidate: candidateFormSchema }, { error: 'Candidature requise' }),
});
export type CreateCandidacyInput = z.input<typeof createCandidacyInputSchema>;
export type CreateCandidacyResult = { id: number; candidate_id: number };
/** The data of createCandidacy when the e-mail is taken (MESSAGES.emailAlreadyExists). */
export const CANDIDACY_ALREADY_EXISTS = 'already_exists' as const;

/**
 * updateCandidacy (entity candidacy): the same form; the e-mail is read-only once created
 * (it may be sent unchanged or omitted; a different e-mail is refused).
 */
export const updateCandidacyInputSchema = z.object({
  candidacy: z.object(
    { ...candidacyFields, candidate: candidateFormSchema.extend({ email: emailSchema.optional() }) },
    { error: 'Candidature requise' },
  ),
  promotion_id: idSchema.optional(),
});
export type UpdateCandidacyInput = z.input<typeof updateCandidacyInputSchema>;

/** moveCandidacyToOtherAgency (entity candidacy). */
export const moveCandidacyInputSchema = z.object({
  agency_id: idOf('Agence requise'),
});

const commentText = requiredText('Le commentaire ne peut pas être vide').pipe(z.string().trim().max(5000, 'Commentaire trop long'));

/** createComment (entity candidacy). */
export const createCommentInputSchema = z.object({ comment: commentText });
/** updateComment (entity candidacy = the comment's candidacy). */
export const updateCommentInputSchema = z.object({ comment_id: idSchema, comment: commentText });

/** The filter values the arrows offer (re-exported for the screen). */
export const CANDIDACY_ARROW_STATUSES = CANDIDACY_FILTER_STATUSES;

// ---------------------------------------------------------------------------------------------
// Candidates (the people) and their record

const candidatesFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');

export const CANDIDATES_PAGE_SIZE = 50;
/** all=1 answers every match on one page, up to this many rows (beyond, last_page > 1). */
export const CANDIDATES_ALL_PAGE_SIZE = 1000;

/**
 * GET /candidates (docs/product/calls.md#candidates-and-candidacies 'query promotion, all'; the candidate record's search, part 3):
 * the people with a candidacy in the promotion (default: the current one), hidden ones aside,
 * sorted by last then first name. search: first name, last name, full name, e-mail or phone
 * (contains, case-insensitive); page: 50 per page; all=1: every match on one page (at most 1000).
 */
export const candidatesListQuerySchema = z.object({
  promotion: idOf('Promotion invalide').optional(),
  all: candidatesFlag.optional(),
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  page: pageQuerySchema,
});
export type CandidatesListQuery = z.infer<typeof candidatesListQuerySchema>;

/** A person's candidacy in the listed promotion. */
export const candidateListCandidacySchema = z.object({
  id: z.number(),
  promotion_id: z.number(),
  status: z.number(),
  status_text: z.string(),
  agency_id: z.number().nullable(),
  broker: candidacyPersonSchema.nullable(),
});
export type CandidateListCandidacy = z.infer<typeof candidateListCandidacySchema>;

export const candidateListItemSchema = candidateSummarySchema.extend({
  profile_picture: z.string().nullable(),
  candidacies: candidateListCandidacySchema.array(),
});
export type CandidateListItem = z.infer<typeof candidateListItemSchema>;
export const candidatesPageSchema = pageOf(candidateListItemSchema);
export type CandidatesPage = z.infer<typeof candidatesPageSchema>;

/**
 * A thread about the candidate that the caller takes part in (docs/product/calls.md#threads 'includes threads';
 * part 3 Thread): interlocutor is the other participant.
 */
export const candidateThreadSchema = z.object({
  id: z.number(),
  title: z.string(),
  promotion_id: z.number(),
  candidacy_id: z.number().nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
  created_by: candidacyPersonSchema.nullable(),
  to: candidacyPersonSchema.nullable(),
  interlocutor: candidacyPersonSchema.nullable(),
  is_from_me: z.boolean(),
  messages_count: z.number(),
  unread_count: z.number(),
});
export type CandidateThread = z.infer<typeof candidateThreadSchema>;

/** At most this many threads (the most recent first) come with the candidate record. */
export const CANDIDATE_THREADS_LIMIT = 100;

/** GET /candidates/:id: the record, its candidacies and the threads about him the caller takes part in (brokers' fields). */
export type CandidateRecordDetail = CandidateDetail & { threads: CandidateThread[] };

/** GET /candidates/:id as the caller's audience receives it (candidateViewSchema, candidacyViewSchema). */
export const candidateRecordViewSchema = candidateViewSchema.extend({
  candidacies: candidacyViewSchema.array(),
  threads: candidateThreadSchema.array(),
});
export type CandidateRecordView = z.infer<typeof candidateRecordViewSchema>;
