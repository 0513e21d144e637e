import { z } from 'zod';
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
import type { Task } from './tasks.js';

/**
 * Candidates and candidacies (docs/product/candidates.md#screens, docs/product/entities.md#application, docs/product/validation.md#candidate-form, docs/product/access.md#who-may-do-what and docs/product/calls.md#candidates-and-candidacies).
 * Every path is under /api. Lists answer the pagination object; single loads answer { data }.
 * The types below are the brokers' answers; other readers receive fewer fields, one list per
 * audience (candidacyAudienceOf; server: modules/candidacies/candidacies.serializers.ts).
 *
 *   GET    /candidacies              broker     CandidaciesPage        query candidaciesListQuerySchema
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

export type CandidacyPerson = { id: number; full_name: string; profile_picture: string | null };

export type CandidateSummary = {
  id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  gender: 'M' | 'F';
  email: string | null;
  phone: string | null;
  phone_private: string | null;
  phone_pro: string | null;
  budget: number | null;
  city: string | null;
  zip: string | null;
  is_company: boolean;
  company_name: string | null;
  user_id: number | null;
};

export type CandidacyApplicationSummary = {
  id: number;
  public_id: string;
  priority: number;
  status: number;
  status_text: string;
  /** true when this candidacy is the main one (candidacy1), false when it is the partner. */
  is_main: boolean;
  /**
   * The application's lot as the candidate record lists it (docs/product/candidate-record.md#fields):
   * rooms, living area in m², total price (the lot's price plus its associated lots' not included
   * in it) and the floor's title.
   */
  lot: {
    id: number;
    reference: string;
    public_id: string;
    title: string;
    nb_rooms: number;
    area_hab: number;
    total_price: number;
    floor: string;
  };
  /** Priority 1 in a multi-agency promotion: last_priority_change + reservation_timeout days. */
  deadline: string | null;
  deadline_is_in_less_than_one_day: boolean;
  is_over_deadline: boolean;
  reservation_sent_at: string | null;
  created_at: string;
  /** The five milestones reached (FR, AC, FIN, PDV, SIGN), as the candidate record shows them (docs/product/candidate-record.md#fields). */
  status_FR_checked: boolean;
  status_AC_checked: boolean;
  status_FIN_checked: boolean;
  status_SIGNPDV_checked: boolean;
  status_SIGN_checked: boolean;
};

/** A task as the tasks module answers it (contracts/tasks.ts). */
export type CandidacyTask = Task;

/** One row of the candidates table (docs/product/candidates.md#screens). */
export type CandidacyRow = {
  id: number;
  promotion_id: number;
  status: number;
  status_text: string;
  priority: number;
  priority_text: string;
  vip: boolean;
  reason_vip: string | null;
  couple: boolean;
  created_at: string;
  /** The candidacy's budget, else the candidate's. */
  budget: number | null;
  agency_id: number | null;
  agency_name: string | null;
  /** Meaningful for agency 1 only (seesCrmColumns). */
  crm_validated: boolean;
  crm_id: string | null;
  broker_id: number | null;
  broker: CandidacyPerson | null;
  candidate: CandidateSummary;
  /** Live applications (not hidden, not closed), candidacy1 or candidacy2. */
  applications: CandidacyApplicationSummary[];
  comments_count: number;
  files_count: number;
  /** At most 3 open tasks on the candidacy, soonest first; tasks_count counts all open ones. */
  tasks: CandidacyTask[];
  tasks_count: number;
  /** Left by the candidate on the public registration page. */
  comment: string | null;
  /** Whether the caller may edit, delete or move it (broker of the same agency). */
  can_edit: boolean;
};

export type CandidaciesPage = Paginated<CandidacyRow> & {
  /** Candidacies per status under the current filters except `status` (for the arrows). */
  status_counts: Record<string, number>;
};

export type CandidacyOption = {
  id: number;
  candidate_id: number;
  full_name: string;
  crm_validated: boolean;
  agency_id: number | null;
};

// ---------------------------------------------------------------------------------------------
// Single loads

export type CandidacyFile = {
  id: number;
  name: string;
  uuid: string;
  mime: string;
  size: number;
  created_at: string;
  created_by: CandidacyPerson | null;
  /** Fetch GET /file-url/{uuid} to open it. */
  url: null;
  can_delete: boolean;
};

export type CandidacyComment = {
  id: number;
  comment: string;
  created_at: string;
  updated_at: string;
  created_by_id: number | null;
  created_by: CandidacyPerson | null;
  /** Only its author may edit it. */
  is_editable: boolean;
};

export type CandidateRecord = CandidateSummary & {
  household_size: number | null;
  household_income: number | null;
  own_funds: number | null;
  parent_candidate_id: number | null;
  maiden_name: string | null;
  father_first_name: string | null;
  mother_first_name: string | null;
  mother_maiden_name: string | null;
  birthday: string | null;
  birthday_city: string | null;
  place_origin: string | null;
  establishment_permit: string | null;
  job: string | null;
  civil_status: string | null;
  matrimonial_property: string | null;
  address: string | null;
  country: string | null;
  avs: string | null;
  already_swiss_owner: boolean | null;
  company_type: string | null;
  head_office: string | null;
  company_address: string | null;
  profile_picture: string | null;
};

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

export type CandidacyFinancing = {
  mortgage_amount: number | null;
  mortgage_bank_name: string | null;
  mortgage_contact_name: string | null;
  second_pillar_amount: number | null;
  second_pillar_bank_name: string | null;
  second_pillar_contact_name: string | null;
  third_pillar_amount: number | null;
  third_pillar_bank_name: string | null;
  third_pillar_contact_name: string | null;
  financials_unavailable: boolean;
};

/** GET /candidacies/:id. user_comments is empty for roles that may not read comments. */
export type CandidacyDetail = Omit<CandidacyRow, 'candidate'> &
  CandidacyFinancing & {
    candidate: CandidateRecord;
    promotion: { id: number; title: string; multi_agency: boolean; crm_updated_at: string | null };
    files: CandidacyFile[];
    user_comments: CandidacyComment[];
    /** Every task on the candidacy (open first, soonest first; then done ones). */
    actions: CandidacyTask[];
  };

/** GET /candidates/:id: the person and his candidacies in the promotions the caller may open. */
export type CandidateDetail = CandidateRecord & { candidacies: CandidacyDetail[] };

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
export type CandidateListCandidacy = {
  id: number;
  promotion_id: number;
  status: number;
  status_text: string;
  agency_id: number | null;
  broker: CandidacyPerson | null;
};

export type CandidateListItem = CandidateSummary & { profile_picture: string | null; candidacies: CandidateListCandidacy[] };
export type CandidatesPage = Paginated<CandidateListItem>;

/**
 * A thread about the candidate that the caller takes part in (docs/product/calls.md#threads 'includes threads';
 * part 3 Thread): interlocutor is the other participant.
 */
export type CandidateThread = {
  id: number;
  title: string;
  promotion_id: number;
  candidacy_id: number | null;
  created_at: string;
  last_message_at: string;
  created_by: CandidacyPerson | null;
  to: CandidacyPerson | null;
  interlocutor: CandidacyPerson | null;
  is_from_me: boolean;
  messages_count: number;
  unread_count: number;
};

/** At most this many threads (the most recent first) come with the candidate record. */
export const CANDIDATE_THREADS_LIMIT = 100;

/** GET /candidates/:id: the record, its candidacies and the threads about him the caller takes part in. */
export type CandidateRecordDetail = CandidateDetail & { threads: CandidateThread[] };
