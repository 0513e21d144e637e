// Over 400 lines: the list, options, export and detail share the row and detail builders (buildRows, buildDetails).

import {
  APPLICATION_STATUS_LABELS,
  CANDIDACIES_PAGE_SIZE,
  CANDIDACY_FILTER_STATUSES,
  CANDIDACY_NON_RETAINED_STATUSES,
  CANDIDACY_PRIORITY_LABELS,
  CANDIDACY_SORTS,
  CANDIDACY_STATUS_LABELS,
  type CandidaciesListQuery,
  type CandidaciesPage,
  type CandidacyApplicationSummary,
  type CandidacyComment,
  type CandidacyDetail,
  type CandidacyListApplication,
  type CandidacyListRow,
  type CandidacyListView,
  type CandidacyOption,
  type CandidacyPerson,
  type CandidacyRow,
  type CandidacySort,
  type CandidacyView,
  type CandidateDetail,
  type CandidateRecord,
  type CandidateSummary,
  can,
  candidacyAudienceOf,
  DEFAULT_CANDIDACY_SORT,
  type Paginated,
  priorityDeadlineChanges,
  swissOffset,
  XLSX_FORMATS,
} from '@promovente/shared';
import { inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { type candidates, comments } from '../../db/schema/index.js';
import { isMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerChangesAt, answerInstant, answerNow } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { paginate } from '../../platform/pagination.js';
import { assertIdsInPromotion, idsInPromotion, listFilterIds } from '../../platform/scoped-ids.js';
import type { Storage } from '../../platform/storage.js';
import { addRow, newSheet, workbookBuffer, XLSX_MIME } from '../../platform/xlsx.js';
import { toCandidacyFile } from '../files/candidacy-files.service.js';
import { allTasksByTarget, openTasksByTarget, openTasksOfPageRow } from '../tasks/tasks.service.js';
import { avatarUrl, fullName } from '../users/index.js';
import {
  type CandidacyBaseRow,
  type CandidacyFilter,
  type CandidacyPageRecord,
  candidacyWhere,
  countCommentsOf,
  countFilesOf,
  findCandidacyFiles,
  findCandidacyListPage,
  findCandidacyOptions,
  findCandidacyPage,
  findCandidacyRows,
  findCandidacyRowsOfCandidate,
  findCandidate,
  findComments,
  findLiveApplications,
  findPromotions,
  keptCountsWhere,
  searchReadsCandidate,
  toDate,
  toDateOrNull,
} from './candidacies.queries.js';
import { serializeCandidacyFor, serializeCandidacyListRowFor } from './candidacies.serializers.js';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Mapping

type Person = { id: number | null; firstName: string | null; lastName: string | null; picture: string | null } | null;

export const toPerson = (p: Person): CandidacyPerson | null =>
  p?.id != null
    ? { id: p.id, full_name: fullName({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' }), profile_picture: avatarUrl(p.picture) }
    : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Candidate = typeof candidates.$inferSelect;

type SummaryFields = Pick<
  Candidate,
  'id' | 'firstName' | 'lastName' | 'gender' | 'email' | 'phone' | 'phonePrivate' | 'phonePro' | 'budget' | 'city' | 'zip' | 'companyName'
>;

export const toCandidateSummary = (c: SummaryFields, userId: number | null): CandidateSummary => ({
  id: c.id,
  full_name: fullName(c),
  first_name: c.firstName,
  last_name: c.lastName,
  gender: c.gender === 'F' ? 'F' : 'M',
  email: c.email,
  phone: c.phone,
  phone_private: c.phonePrivate,
  phone_pro: c.phonePro,
  budget: c.budget,
  city: c.city,
  zip: c.zip,
  is_company: Boolean(c.companyName),
  company_name: c.companyName,
  user_id: userId,
});

export const toCandidateRecord = (c: Candidate, userId: number | null): CandidateRecord => ({
  ...toCandidateSummary(c, userId),
  household_size: c.householdSize,
  household_income: c.householdIncome,
  own_funds: c.ownFunds,
  parent_candidate_id: c.parentCandidateId,
  maiden_name: c.maidenName,
  father_first_name: c.fatherFirstName,
  mother_first_name: c.motherFirstName,
  mother_maiden_name: c.motherMaidenName,
  birthday: c.birthday,
  birthday_city: c.birthdayCity,
  place_origin: c.placeOrigin,
  establishment_permit: c.establishmentPermit,
  job: c.job,
  civil_status: c.civilStatus,
  matrimonial_property: c.matrimonialProperty,
  address: c.address,
  country: c.country,
  avs: c.avs,
  already_swiss_owner: c.alreadySwissOwner,
  company_type: c.companyType,
  head_office: c.headOffice,
  company_address: c.companyAddress,
  profile_picture: avatarUrl(c.profilePicture),
});

type PromotionInfo = Awaited<ReturnType<typeof findPromotions>>[number];

/** Priority 1 in a multi-agency promotion carries a deadline (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
export const applicationDeadline = (
  promotion: Pick<PromotionInfo, 'multiAgency' | 'reservationTimeout'> | undefined,
  application: { priority: number; lastPriorityChange: Date },
  now = answerNow(),
) => {
  if (!promotion?.multiAgency || !promotion.reservationTimeout || application.priority !== 1) {
    return { deadline: null, deadline_is_in_less_than_one_day: false, is_over_deadline: false };
  }
  const deadline = new Date(application.lastPriorityChange.getTime() + promotion.reservationTimeout * DAY_MS);
  // An answer kept by version is made again when these flags change (platform/clock.ts).
  for (const at of priorityDeadlineChanges(deadline)) answerChangesAt(at);
  const left = deadline.getTime() - now.getTime();
  return { deadline: deadline.toISOString(), deadline_is_in_less_than_one_day: left > 0 && left < DAY_MS, is_over_deadline: left <= 0 };
};

const countMap = (rows: { candidacyId: number | null; total: number }[]) => new Map(rows.map((r) => [r.candidacyId ?? 0, Number(r.total)]));

/** Loaded candidacies as CandidacyRow (a detail, the candidate record, the export): a fixed number of queries whatever their number. */
export const buildRows = async (db: Queryable, actor: RequestActor, base: CandidacyBaseRow[]): Promise<CandidacyRow[]> => {
  if (base.length === 0) return [];
  const ids = base.map((r) => r.candidacy.id);
  const promotionIds = [...new Set(base.map((r) => r.candidacy.promotionId))];
  const [apps, commentCounts, fileCounts, openTasks, promotionRows] = await Promise.all([
    findLiveApplications(db, ids),
    countCommentsOf(db, ids),
    countFilesOf(db, ids),
    openTasksByTarget(db, promotionIds, 'candidacy', ids),
    findPromotions(db, promotionIds),
  ]);
  const commentsBy = countMap(commentCounts);
  const filesBy = countMap(fileCounts);
  const promotionsBy = new Map(promotionRows.map((p) => [p.id, p]));
  const now = answerNow();
  return base.map(({ candidacy: c, candidate, broker, agencyName, candidateUserId }) => {
    const tasksOfRow = openTasks.get(c.id);
    const applicationsOfRow: CandidacyApplicationSummary[] = apps
      .filter((a) => a.candidacy1Id === c.id || a.candidacy2Id === c.id)
      .map((a) => ({
        id: a.id,
        public_id: a.publicId,
        priority: a.priority,
        status: a.status,
        status_text: APPLICATION_STATUS_LABELS[a.status] ?? '',
        is_main: a.candidacy1Id === c.id,
        lot: {
          id: a.lot.id,
          reference: a.lot.reference,
          public_id: a.lot.publicId,
          title: a.lot.title,
          nb_rooms: Number(a.lot.nbRooms),
          area_hab: Number(a.lot.areaHab),
          total_price: Number(a.lot.totalPrice),
          floor: a.lot.floor,
        },
        ...applicationDeadline(promotionsBy.get(c.promotionId), a, now),
        reservation_sent_at: iso(a.reservationSentAt),
        created_at: a.createdAt.toISOString(),
        status_FR_checked: a.frChecked,
        status_AC_checked: a.acChecked,
        status_FIN_checked: a.finChecked,
        status_SIGNPDV_checked: a.signpdvChecked,
        status_SIGN_checked: a.signChecked,
      }));
    return {
      id: c.id,
      promotion_id: c.promotionId,
      status: c.status,
      status_text: CANDIDACY_STATUS_LABELS[c.status] ?? '',
      priority: c.priority,
      priority_text: CANDIDACY_PRIORITY_LABELS[c.priority] ?? '',
      vip: c.vip,
      reason_vip: c.reasonVip,
      couple: c.couple,
      created_at: c.createdAt.toISOString(),
      budget: c.budget ?? candidate.budget,
      agency_id: c.agencyId,
      agency_name: agencyName,
      crm_validated: c.crmValidated,
      crm_id: c.crmId,
      broker_id: c.brokerId,
      broker: toPerson(broker),
      candidate: toCandidateSummary(candidate, candidateUserId === null ? null : Number(candidateUserId)),
      applications: applicationsOfRow,
      comments_count: commentsBy.get(c.id) ?? 0,
      files_count: filesBy.get(c.id) ?? 0,
      tasks: tasksOfRow?.tasks ?? [],
      tasks_count: tasksOfRow?.total ?? 0,
      comment: c.comment,
      can_edit: can(actor, 'candidacy.edit', { agency_id: c.agencyId }),
    };
  });
};

// ---------------------------------------------------------------------------------------------
// The list

const sortOf = (orderBy: string | undefined): CandidacySort =>
  (CANDIDACY_SORTS as readonly string[]).includes(orderBy ?? '') ? (orderBy as CandidacySort) : DEFAULT_CANDIDACY_SORT;

/** The arrows (0, 3, 4, 5, 6) the query selects, plus 1 and 2 with 'Afficher non retenus'. */
export const statusesOf = (query: Pick<CandidaciesListQuery, 'status' | 'showNonRetained'>): number[] => {
  const arrows: readonly number[] = CANDIDACY_FILTER_STATUSES;
  const selected = query.status ? arrows.filter((s) => query.status?.includes(s)) : [...arrows];
  return query.showNonRetained ? [...selected, ...CANDIDACY_NON_RETAINED_STATUSES] : selected;
};

const filterOf = (actor: RequestActor, promotionId: number, query: CandidaciesListQuery): CandidacyFilter => ({
  promotionId,
  statuses: statusesOf(query),
  search: query.search,
  brokerId: query.broker,
  agencyId: query.showMyAgency ? actor.agency_id : undefined,
  candidateId: query.candidat,
  candidacyId: query.candidacy,
  lotPublicId: query.lot,
  applicationId: query.application,
});

/** The ids among the filters: each of the promotion, else 404 (platform/scoped-ids.ts). */
const emptyPage = (): Paginated<CandidacyListView> & Pick<CandidaciesPage, 'status_counts'> => ({
  ...paginate<CandidacyListView>([], 0, 1, CANDIDACIES_PAGE_SIZE),
  status_counts: {},
});

/** A row of the page statement as the table shows it (CandidacyListRow), with its open tasks (read by the page statement). */
const toListRow = (
  actor: RequestActor,
  promotion: Pick<PromotionInfo, 'multiAgency' | 'reservationTimeout'>,
  r: CandidacyPageRecord,
  tasksOfRow: { tasks: CandidacyListRow['tasks']; total: number } | undefined,
  now: Date,
): CandidacyListRow => {
  const applicationsOfRow: CandidacyListApplication[] = [];
  for (const a of r.applications) {
    const { is_over_deadline } = applicationDeadline(
      promotion,
      { priority: a.priority, lastPriorityChange: toDate(a.last_priority_change) },
      now,
    );
    applicationsOfRow.push({
      id: a.id,
      public_id: a.public_id,
      priority: a.priority,
      status_text: APPLICATION_STATUS_LABELS[a.status] ?? '',
      is_over_deadline,
      reservation_sent_at: iso(toDateOrNull(a.reservation_sent_at)),
      lot: { reference: a.lot_reference, title: a.lot_title },
    });
  }
  return {
    id: r.id,
    promotion_id: r.promotion_id,
    status: r.status,
    status_text: CANDIDACY_STATUS_LABELS[r.status] ?? '',
    priority: r.priority,
    priority_text: CANDIDACY_PRIORITY_LABELS[r.priority] ?? '',
    vip: r.vip,
    reason_vip: r.reason_vip,
    created_at: r.created_at.toISOString(),
    budget: r.budget,
    agency_id: r.agency_id,
    agency_name: r.agency_name,
    crm_validated: r.crm_validated,
    crm_id: r.crm_id,
    broker: toPerson({ id: r.broker_id, firstName: r.broker_first_name, lastName: r.broker_last_name, picture: r.broker_picture }),
    candidate: { id: r.candidate_id, full_name: fullName({ firstName: r.first_name, lastName: r.last_name }), email: r.email },
    applications: applicationsOfRow,
    comments_count: r.comments_count,
    files_count: r.files_count,
    tasks: tasksOfRow?.tasks ?? [],
    tasks_count: tasksOfRow?.total ?? 0,
    can_edit: can(actor, 'candidacy.edit', { agency_id: r.agency_id }),
  };
};

/**
 * GET /candidacies: one page of the current promotion's candidacies. A page past the last
 * answers the last. One statement (docs/performance.md#patterns-for-lists): the page with its
 * counts, the verdict on the filter ids and each row's open tasks.
 */
export const listCandidacies = async (
  db: Db,
  actor: RequestActor,
  query: CandidaciesListQuery,
): Promise<Paginated<CandidacyListView> & Pick<CandidaciesPage, 'status_counts'>> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) return emptyPage();
  const filter = filterOf(actor, promotionId, query);
  const found = await findCandidacyListPage(db, {
    promotionId,
    verdict: idsInPromotion(promotionId, listFilterIds(query)),
    whereAll: candidacyWhere({ ...filter, statuses: null }),
    searchesCandidate: searchReadsCandidate(filter),
    keptCounts: keptCountsWhere(filter),
    statuses: filter.statuses ?? [],
    where: candidacyWhere(filter),
    sort: sortOf(query.orderBy),
    order: query.order ?? 'desc',
    page: query.page,
    pageSize: CANDIDACIES_PAGE_SIZE,
  });
  if (!found.ok) throw notFound();
  const lastPage = Math.max(1, Math.ceil(found.total / CANDIDACIES_PAGE_SIZE));
  const page = Math.min(query.page, lastPage);
  const audience = candidacyAudienceOf(actor);
  // Each application names when its deadline's flags change (applicationDeadline), each task its time status.
  const now = answerInstant();
  const rows: CandidacyListView[] = [];
  for (const r of found.rows)
    rows.push(serializeCandidacyListRowFor(audience, toListRow(actor, found, r, openTasksOfPageRow(r, now), now)));
  return { ...paginate(rows, found.total, page, CANDIDACIES_PAGE_SIZE), status_counts: found.statusCounts };
};

/** GET /candidacies/all: every candidacy of the promotion, for pickers. */
export const listCandidacyOptions = async (db: Db, actor: RequestActor, promotion: number | undefined): Promise<CandidacyOption[]> => {
  const promotionId = await resolvePromotion(db, actor, promotion);
  if (promotionId === null) return [];
  const rows = await findCandidacyOptions(db, promotionId);
  return rows.map((r) => ({
    id: r.id,
    candidate_id: r.candidateId,
    full_name: fullName(r),
    crm_validated: r.crmValidated,
    agency_id: r.agencyId,
  }));
};

// ---------------------------------------------------------------------------------------------
// Export

const EXPORT_CHUNK = 1000;
export const EXPORT_SHEET = 'Liste des candidats';
export const EXPORT_HEADERS = [
  'Statut',
  'Priorité',
  'VIP',
  'Nom',
  'Prénom',
  'E-mail',
  'Téléphone',
  'Courtier',
  'Agence',
  'Budget (CHF)',
  'Lots',
  'Tâches ouvertes',
  'Commentaires',
  'Documents',
  'Créé le',
  "Commentaire d'inscription",
] as const;

/** GET /candidacies/download: the filtered rows, every page, as a real .xlsx behind a signed URL. */
export const downloadCandidacies = async (deps: { db: Db; storage: Storage }, actor: RequestActor, query: CandidaciesListQuery) => {
  const promotionId = await resolvePromotion(deps.db, actor, query.promotion);
  if (promotionId === null) throw notFound();
  await assertIdsInPromotion(deps.db, promotionId, listFilterIds(query));
  const where = candidacyWhere(filterOf(actor, promotionId, query));
  const base = await findCandidacyPage(deps.db, where, sortOf(query.orderBy), query.order ?? 'desc');
  const { workbook, sheet } = newSheet({ sheet: EXPORT_SHEET, headers: EXPORT_HEADERS });
  EXPORT_HEADERS.forEach((header, index) => {
    sheet.getColumn(index + 1).width = Math.max(12, header.length + 4);
  });
  sheet.getColumn(10).numFmt = XLSX_FORMATS.amount;
  sheet.getColumn(15).numFmt = XLSX_FORMATS.dateTime;
  for (let start = 0; start < base.length; start += EXPORT_CHUNK) {
    const rows = await buildRows(deps.db, actor, base.slice(start, start + EXPORT_CHUNK));
    for (const row of rows) {
      addRow(sheet, [
        row.status_text,
        row.priority_text,
        row.vip ? 'Oui' : 'Non',
        row.candidate.last_name,
        row.candidate.first_name,
        row.candidate.email ?? '',
        row.candidate.phone ?? row.candidate.phone_private ?? row.candidate.phone_pro ?? '',
        row.broker?.full_name ?? '',
        row.agency_name ?? '',
        row.budget,
        row.applications.map((a) => a.lot.reference).join(', '),
        row.tasks_count,
        row.comments_count,
        row.files_count,
        // Excel dates carry no zone: the cell holds the Swiss wall-clock time (UTC+1 or UTC+2).
        new Date(new Date(row.created_at).getTime() + swissOffset(row.created_at)),
        row.comment ?? '',
      ]);
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_HEADERS.length } };
  const content = await workbookBuffer(workbook);
  const { url } = await storeGeneratedFile(deps, {
    name: `${EXPORT_SHEET}.xlsx`,
    mime: XLSX_MIME,
    content,
    promotionId,
    createdById: actor.id,
  });
  return { data: { url } };
};

// ---------------------------------------------------------------------------------------------
// Single loads

const toComment = (actor: RequestActor, row: Awaited<ReturnType<typeof findComments>>[number]): CandidacyComment => ({
  id: row.comment.id,
  comment: row.comment.comment,
  created_at: row.comment.createdAt.toISOString(),
  updated_at: row.comment.updatedAt.toISOString(),
  created_by_id: row.comment.createdById,
  created_by: toPerson(row.creator),
  is_editable: row.comment.createdById === actor.id,
});

export { toComment };

/** Full candidacies (files, comments, every task) for rows the caller may see. */
export const buildDetails = async (db: Queryable, actor: RequestActor, base: CandidacyBaseRow[]): Promise<CandidacyDetail[]> => {
  if (base.length === 0) return [];
  const ids = base.map((r) => r.candidacy.id);
  const readsComments = can(actor, 'comment.read');
  const [rows, fileRows, commentRows, taskRows, promotionRows] = await Promise.all([
    buildRows(db, actor, base),
    findCandidacyFiles(db, ids),
    readsComments ? findComments(db, inArray(comments.candidacyId, ids)) : Promise.resolve([]),
    allTasksByTarget(db, [...new Set(base.map((r) => r.candidacy.promotionId))], 'candidacy', ids),
    findPromotions(db, [...new Set(base.map((r) => r.candidacy.promotionId))]),
  ]);
  const promotionsBy = new Map(promotionRows.map((p) => [p.id, p]));
  return base.map(({ candidacy: c, candidate, candidateUserId }, index) => {
    const promotion = promotionsBy.get(c.promotionId);
    return {
      ...rows[index],
      candidate: toCandidateRecord(candidate, candidateUserId === null ? null : Number(candidateUserId)),
      mortgage_amount: c.mortgageAmount,
      mortgage_bank_name: c.mortgageBankName,
      mortgage_contact_name: c.mortgageContactName,
      second_pillar_amount: c.secondPillarAmount,
      second_pillar_bank_name: c.secondPillarBankName,
      second_pillar_contact_name: c.secondPillarContactName,
      third_pillar_amount: c.thirdPillarAmount,
      third_pillar_bank_name: c.thirdPillarBankName,
      third_pillar_contact_name: c.thirdPillarContactName,
      financials_unavailable: c.financialsUnavailable,
      promotion: {
        id: c.promotionId,
        title: promotion?.title ?? '',
        multi_agency: promotion?.multiAgency ?? false,
        crm_updated_at: iso(promotion?.crmUpdatedAt ?? null),
      },
      files: fileRows
        .filter((f) => f.file.candidacyId === c.id)
        .map((f) => toCandidacyFile(actor, { agencyId: c.agencyId, candidateUserId }, f)),
      user_comments: commentRows.filter((r) => r.comment.candidacyId === c.id).map((r) => toComment(actor, r)),
      actions: taskRows.get(c.id) ?? [],
    };
  });
};

/**
 * Whether the caller may open a candidate's record or candidacy: member of its promotion; a
 * candidate only his own (the record linked to his account).
 */
export const maySeeCandidateOf = async (db: Queryable, actor: RequestActor, record: { promotionId: number; userId: number | null }) => {
  if (actor.type === 'candidate' && record.userId !== actor.id) return false;
  return isMemberOf(db, actor, record.promotionId);
};

/** GET /candidacies/{id}: another promotion's (or another candidate's) candidacy answers 404. */
export const getCandidacy = async (db: Db, actor: RequestActor, id: number): Promise<CandidacyView> => {
  const [row] = await findCandidacyRows(db, [id]);
  if (!row || !(await maySeeCandidateOf(db, actor, row.candidate))) throw notFound();
  const [detail] = await buildDetails(db, actor, [row]);
  return serializeCandidacyFor(candidacyAudienceOf(actor), detail);
};

/**
 * GET /candidates/{id}: the person as his promotion knows him, with his candidacy there. A
 * record belongs to one promotion (docs/decisions/008-candidates-per-promotion.md): another
 * promotion's record answers 404, and a candidate sees only his own.
 */
export const getCandidate = async (db: Db, actor: RequestActor, id: number): Promise<CandidateDetail> => {
  const candidate = await findCandidate(db, id);
  if (!candidate || !(await maySeeCandidateOf(db, actor, candidate))) throw notFound();
  const rows = await findCandidacyRowsOfCandidate(db, id);
  return { ...toCandidateRecord(candidate, candidate.userId), candidacies: await buildDetails(db, actor, rows) };
};
