import type {
  CandidacyApplicationSummary,
  CandidacyAudience,
  CandidacyDetail,
  CandidacyListRow,
  CandidacyListView,
  CandidacyRow,
  CandidacyView,
  CandidateDetail,
  CandidateRecord,
  CandidateView,
} from '@promovente/shared';
import { candidacyListApplicationSchema, candidacyListRowSchema, FINANCING_DETAIL_FIELDS } from '@promovente/shared';
import { pick } from '../../platform/pick.js';

/**
 * One serializer per audience for candidates and candidacies (candidacyAudienceOf in the
 * shared permission table says who is which audience). Every answer that carries a candidacy
 * or a candidate record goes through here, and each audience receives exactly the fields its
 * list names: a new field reaches nobody until it is added to a list on purpose, and the
 * compile-time checks below fail when a field of the contract is in no decision at all.
 *
 *   sales    brokers: everything, with the sales notes (priority, VIP, CRM) and the tasks
 *   partner  promoters, notaries, bankers: the buyer's record and finances, the comments and
 *            tasks of the sale, without the brokers' sales notes and CRM data
 *   viewer   architects: who the buyer is and how to reach him, his lots and files
 *   owner    the candidate himself: his own record, financing, lots and documents, never the
 *            desk's classification (status, priority, VIP, CRM), tasks or comments
 */

/** Compile-time: `true` only when the lists together decide every key of T. */
type Decided<T, Listed> = [Exclude<keyof T, Listed>] extends [never] ? true : Exclude<keyof T, Listed>;

// ---------------------------------------------------------------------------------------------
// The candidate record

const IDENTITY = ['id', 'full_name', 'first_name', 'last_name', 'gender', 'is_company', 'company_name', 'profile_picture'] as const;
const CONTACT = ['email', 'phone', 'phone_private', 'phone_pro'] as const;
const PERSONAL = [
  'budget',
  'city',
  'zip',
  'address',
  'country',
  'household_size',
  'household_income',
  'own_funds',
  'maiden_name',
  'father_first_name',
  'mother_first_name',
  'mother_maiden_name',
  'birthday',
  'birthday_city',
  'place_origin',
  'establishment_permit',
  'job',
  'civil_status',
  'matrimonial_property',
  'avs',
  'already_swiss_owner',
  'company_type',
  'head_office',
  'company_address',
] as const;
/** The desk's links: the candidate's sign-in account and the record he was copied from. */
const DESK_LINKS = ['user_id', 'parent_candidate_id'] as const;

export const CANDIDATE_FIELDS = {
  sales: [...IDENTITY, ...CONTACT, ...PERSONAL, ...DESK_LINKS],
  partner: [...IDENTITY, ...CONTACT, ...PERSONAL, ...DESK_LINKS],
  viewer: [...IDENTITY, ...CONTACT],
  owner: [...IDENTITY, ...CONTACT, ...PERSONAL],
} as const satisfies Record<CandidacyAudience, readonly (keyof CandidateRecord)[]>;

const candidateDecided: Decided<CandidateRecord, (typeof CANDIDATE_FIELDS.sales)[number]> = true;

export const serializeCandidateFor = (audience: CandidacyAudience, record: CandidateRecord | CandidacyRow['candidate']): CandidateView =>
  // Identity and contact are in every audience's list and on every candidate (candidateViewSchema).
  pick(record as CandidateRecord, CANDIDATE_FIELDS[audience] as readonly (keyof CandidateRecord)[]) as CandidateView;

// ---------------------------------------------------------------------------------------------
// Applications inside a candidacy

const APPLICATION_ALL = [
  'id',
  'public_id',
  'priority',
  'status',
  'status_text',
  'is_main',
  'lot',
  'deadline',
  'deadline_is_in_less_than_one_day',
  'is_over_deadline',
  'reservation_sent_at',
  'created_at',
  'status_FR_checked',
  'status_AC_checked',
  'status_FIN_checked',
  'status_SIGNPDV_checked',
  'status_SIGN_checked',
] as const;

export const APPLICATION_FIELDS = {
  sales: APPLICATION_ALL,
  partner: APPLICATION_ALL,
  viewer: APPLICATION_ALL,
  // His lots and where his sale stands; the positions among candidates and their deadlines are the desk's.
  owner: ['id', 'public_id', 'status', 'status_text', 'is_main', 'lot', 'reservation_sent_at', 'created_at'],
} as const satisfies Record<CandidacyAudience, readonly (keyof CandidacyApplicationSummary)[]>;

const applicationDecided: Decided<CandidacyApplicationSummary, (typeof APPLICATION_ALL)[number]> = true;

const serializeApplicationFor = (audience: CandidacyAudience, application: CandidacyApplicationSummary) =>
  pick(application, APPLICATION_FIELDS[audience] as readonly (keyof CandidacyApplicationSummary)[]);

// ---------------------------------------------------------------------------------------------
// The candidacy

type CandidacyKey = keyof CandidacyDetail;

const CANDIDACY_BASE = ['id', 'promotion_id', 'created_at', 'couple', 'broker', 'candidate', 'applications', 'promotion'] as const;
const DESK = ['status', 'status_text', 'agency_id', 'agency_name', 'broker_id', 'can_edit'] as const;
const FINANCING = ['budget', ...FINANCING_DETAIL_FIELDS, 'financials_unavailable'] as const;
const DOCUMENTS = ['files', 'files_count'] as const;
/** The work of the sale: the comments, the registration comment and the tasks. */
const WORK = ['comment', 'comments_count', 'user_comments', 'tasks', 'tasks_count', 'actions'] as const;
/** The brokers' sales notes (permission candidacy.readSalesNotes). */
const SALES_NOTES = ['priority', 'priority_text', 'vip', 'reason_vip', 'crm_validated', 'crm_id'] as const;

export const CANDIDACY_FIELDS = {
  sales: [...CANDIDACY_BASE, ...DESK, ...FINANCING, ...DOCUMENTS, ...WORK, ...SALES_NOTES],
  partner: [...CANDIDACY_BASE, ...DESK, ...FINANCING, ...DOCUMENTS, ...WORK],
  viewer: [...CANDIDACY_BASE, ...DESK, ...DOCUMENTS],
  // His own registration comment is his; the desk's comments and tasks are not.
  owner: [...CANDIDACY_BASE, ...FINANCING, ...DOCUMENTS, 'comment'],
} as const satisfies Record<CandidacyAudience, readonly CandidacyKey[]>;

const candidacyDecided: Decided<CandidacyDetail, (typeof CANDIDACY_FIELDS.sales)[number]> = true;

/** The promotion inside a candidacy: its CRM sync date is the brokers' CRM data. */
const PROMOTION_FIELDS = {
  sales: ['id', 'title', 'multi_agency', 'crm_updated_at'],
  partner: ['id', 'title', 'multi_agency'],
  viewer: ['id', 'title', 'multi_agency'],
  owner: ['id', 'title'],
} as const satisfies Record<CandidacyAudience, readonly (keyof CandidacyDetail['promotion'])[]>;

type AnyCandidacy = CandidacyRow | CandidacyDetail;

/**
 * A candidacy (a list row or a full load) for its audience: the fields of the audience's list
 * the candidacy has, with its candidate, applications and promotion shaped the same way.
 */
export const serializeCandidacyFor = (audience: CandidacyAudience, candidacy: AnyCandidacy): CandidacyView => {
  // CANDIDACY_BASE is in every audience's list (candidacyViewSchema names what is always there).
  const shaped = pick(candidacy as CandidacyDetail, CANDIDACY_FIELDS[audience] as readonly CandidacyKey[]) as unknown as CandidacyView;
  shaped.candidate = serializeCandidateFor(audience, candidacy.candidate);
  shaped.applications = candidacy.applications.map((application) => serializeApplicationFor(audience, application));
  if ('promotion' in candidacy) {
    shaped.promotion = pick(candidacy.promotion, PROMOTION_FIELDS[audience] as readonly (keyof CandidacyDetail['promotion'])[]);
  }
  return shaped;
};

/** GET /candidates/{id}: the record and its candidacies, both for the same audience. */
export const serializeCandidateDetailFor = (
  audience: CandidacyAudience,
  detail: CandidateDetail,
): CandidateView & { candidacies: CandidacyView[] } => ({
  ...serializeCandidateFor(audience, detail),
  candidacies: detail.candidacies.map((candidacy) => serializeCandidacyFor(audience, candidacy)),
});

// ---------------------------------------------------------------------------------------------
// A row of the candidates table (CandidacyListRow, issue 20 lean pages)

type ListKey = keyof CandidacyListRow;
type ListApplicationKey = keyof CandidacyListRow['applications'][number];

const LIST_KEYS = Object.keys(candidacyListRowSchema.shape) as ListKey[];
const LIST_APPLICATION_KEYS = Object.keys(candidacyListApplicationSchema.shape) as ListApplicationKey[];
const AUDIENCES = Object.keys(CANDIDACY_FIELDS) as CandidacyAudience[];

/** Each audience's fields of a list row: those of its candidacy's list the row has. */
const LIST_FIELDS = Object.fromEntries(
  AUDIENCES.map((audience) => [audience, LIST_KEYS.filter((key) => (CANDIDACY_FIELDS[audience] as readonly string[]).includes(key))]),
) as Record<CandidacyAudience, ListKey[]>;
const LIST_APPLICATION_FIELDS = Object.fromEntries(
  AUDIENCES.map((audience) => [
    audience,
    LIST_APPLICATION_KEYS.filter((key) => (APPLICATION_FIELDS[audience] as readonly string[]).includes(key)),
  ]),
) as Record<CandidacyAudience, ListApplicationKey[]>;

/** Compile-time: a list row's fields are all the brokers' (the list is theirs, candidacy.list), its candidate's all in every audience's. */
const listDecided: [Exclude<ListKey, (typeof CANDIDACY_FIELDS.sales)[number]>] extends [never] ? true : false = true;
const listCandidateDecided: [Exclude<keyof CandidacyListRow['candidate'], (typeof CANDIDATE_FIELDS.viewer)[number]>] extends [never]
  ? true
  : false = true;

/** A row of the candidates table for its audience: the brokers' receive it whole. */
export const serializeCandidacyListRowFor = (audience: CandidacyAudience, row: CandidacyListRow): CandidacyListView => {
  if (audience === 'sales') return row;
  const shaped = pick(row, LIST_FIELDS[audience]) as unknown as CandidacyListView;
  shaped.applications = row.applications.map((application) =>
    pick(application, LIST_APPLICATION_FIELDS[audience]),
  ) as CandidacyListView['applications'];
  return shaped;
};

// Referenced so that the compile-time checks above are kept (and read) with the lists.
export const FIELD_LISTS_DECIDED = candidateDecided && applicationDecided && candidacyDecided && listDecided && listCandidateDecided;
