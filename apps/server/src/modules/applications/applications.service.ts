// Over 400 lines: the funnel list, one row, the export and the sales-file PDF share the row builder.

import {
  APPLICATION_SORTS,
  APPLICATION_STATUS_LABELS,
  APPLICATIONS_PAGE_SIZE,
  type ApplicationCandidacy,
  type ApplicationRow,
  type ApplicationSort,
  type ApplicationState,
  type ApplicationsListQuery,
  type ApplicationsPage,
  applicationActions,
  bestAvailablePriority,
  can,
  type FunnelRow,
  priorityDeadline,
  priorityDeadlineChanges,
} from '@promovente/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { applications } from '../../db/schema/index.js';
import { isMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerChangesAt, answerInstant, answerNow } from '../../platform/clock.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { paginate } from '../../platform/pagination.js';
import { PDF_MIME } from '../../platform/pdf.js';
import { assertIdsInPromotion, idsInPromotion, listFilterIds } from '../../platform/scoped-ids.js';
import type { Storage } from '../../platform/storage.js';
import { XLSX_MIME } from '../../platform/xlsx.js';
import { associatedLotsOf } from '../lots/lots.service.js';
import { loadApplicationStates, openTaskKindsSql } from '../pipeline/index.js';
import { openTasksByTarget, openTasksOfPageRow } from '../tasks/tasks.service.js';
import { avatarUrl, fullName } from '../users/index.js';
import { buildApplicationsWorkbook } from './applications.export.js';
import { toFunnelRow } from './applications.funnel-row.js';
import { buildSalesFilePdf, type SalesFile } from './applications.pdf.js';
import {
  type ApplicationBaseRow,
  type ApplicationFilter,
  applicationWhere,
  findApplicationKey,
  findApplicationListPage,
  findApplicationPage,
  findApplicationRows,
  findFileCandidacies,
  findFileContext,
  findPromotionInfo,
  withStages,
} from './applications.queries.js';

/** An instant as the API answers it: a loaded row's Date, or the page statement's ISO text as it is. */
const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

// ---------------------------------------------------------------------------------------------
// Rows

type Candidacy = ApplicationBaseRow['main'];
type Candidate = ApplicationBaseRow['mainCandidate'];

const toCandidacy = (candidacy: Candidacy | null, candidate: Candidate | null): ApplicationCandidacy | null =>
  candidacy?.id != null && candidate?.id != null
    ? {
        id: candidacy.id,
        agency_id: candidacy.agencyId,
        crm_validated: candidacy.crmValidated,
        vip: candidacy.vip,
        candidate: {
          id: candidate.id,
          full_name: fullName(candidate),
          email: candidate.email,
          phone: candidate.phone ?? candidate.phonePrivate ?? candidate.phonePro,
          has_account: Boolean(candidate.hasAccount),
        },
      }
    : null;

type ApplicationFields = ApplicationBaseRow['application'];

/** The dates of an application's steps in a funnel row: a loaded row's Date, or the page statement's ISO text. */
type RowDate =
  | 'reservationSentAt'
  | 'firstReservationAt'
  | 'reservationConfirmedAt'
  | 'reservationDepositConfirmedAt'
  | 'promisePlannedAt'
  | 'promiseSignedAt'
  | 'actOfPurchaseAt'
  | 'actOfPurchaseSignedAt';

/** What a whole application's row is made of: a loaded base row (GET /applications/:id, the export). The page's rows are lean (applications.funnel-row.ts). */
type RowSource = Pick<
  ApplicationBaseRow,
  'main' | 'mainCandidate' | 'partner' | 'partnerCandidate' | 'broker' | 'buildingTitle' | 'floorTitle' | 'promotion'
> & {
  application: Pick<
    ApplicationFields,
    | 'id'
    | 'publicId'
    | 'promotionId'
    | 'status'
    | 'priority'
    | 'lastPriorityChange'
    | 'negociatedPrice'
    | 'solvent'
    | 'candidacy2Id'
    | 'statusFr'
    | 'statusFrChecked'
    | 'statusAc'
    | 'statusAcChecked'
    | 'statusFin'
    | 'statusFinChecked'
    | 'statusSignpdv'
    | 'statusSignpdvChecked'
    | 'statusSign'
    | 'statusSignChecked'
  > &
    Record<RowDate, Date | string | null>;
  lot: Pick<
    ApplicationBaseRow['lot'],
    'id' | 'publicId' | 'reference' | 'title' | 'nbRooms' | 'areaHab' | 'rawPrice' | 'totalPrice' | 'children' | 'takenPositions'
  >;
};

type RowTasks = { tasks: ApplicationRow['tasks']; total: number } | undefined;

/** One funnel row from its source, the action rules' state and its open tasks: no query. */
const toApplicationRow = (
  actor: RequestActor,
  row: RowSource,
  state: ApplicationState | undefined,
  tasksOfRow: RowTasks,
  asCandidacy: number | undefined,
  now: Date,
): ApplicationRow => {
  const a = row.application;
  const asSecondCandidate = asCandidacy !== undefined && a.candidacy2Id === asCandidacy;
  const deadline = priorityDeadline(
    { status: a.status, priority: a.priority, last_priority_change: a.lastPriorityChange },
    { multi_agency: row.promotion.multiAgency, reservation_timeout: row.promotion.reservationTimeout },
    now,
  );
  // An answer kept by version is made again when the deadline's flags change (platform/clock.ts).
  if (deadline.deadline) for (const at of priorityDeadlineChanges(deadline.deadline)) answerChangesAt(at);
  const candidacy1 = toCandidacy(row.main, row.mainCandidate) as ApplicationCandidacy;
  return {
    id: a.id,
    public_id: a.publicId,
    promotion_id: a.promotionId,
    status: a.status,
    status_text: APPLICATION_STATUS_LABELS[a.status] ?? '',
    priority: a.priority,
    last_priority_change: a.lastPriorityChange.toISOString(),
    ...deadline,
    negociated_price: a.negociatedPrice,
    solvent: a.solvent,
    broker:
      row.broker?.id != null
        ? {
            id: row.broker.id,
            full_name: fullName({ firstName: row.broker.firstName ?? '', lastName: row.broker.lastName ?? '' }),
            profile_picture: avatarUrl(row.broker.picture),
          }
        : null,
    candidacy1,
    candidacy2: toCandidacy(row.partner, row.partnerCandidate),
    lot: {
      id: row.lot.id,
      public_id: row.lot.publicId,
      reference: row.lot.reference,
      title: row.lot.title,
      building: row.buildingTitle,
      nb_rooms: Number(row.lot.nbRooms),
      area_hab: row.lot.areaHab === null ? null : Number(row.lot.areaHab),
      floor: row.floorTitle,
      price: row.lot.rawPrice,
      total_price: Number(row.lot.totalPrice),
      children: Number(row.lot.children),
      best_available_priority: bestAvailablePriority((row.lot.takenPositions ?? []).map(Number)),
    },
    status_FR: a.statusFr,
    status_FR_checked: a.statusFrChecked,
    status_AC: a.statusAc,
    status_AC_checked: a.statusAcChecked,
    status_FIN: a.statusFin,
    status_FIN_checked: a.statusFinChecked,
    status_SIGNPDV: a.statusSignpdv,
    status_SIGNPDV_checked: a.statusSignpdvChecked,
    status_SIGN: a.statusSign,
    status_SIGN_checked: a.statusSignChecked,
    reservation_sent_at: iso(a.reservationSentAt),
    first_reservation_at: iso(a.firstReservationAt),
    reservation_confirmed_at: iso(a.reservationConfirmedAt),
    reservation_deposit_confirmed_at: iso(a.reservationDepositConfirmedAt),
    promise_planned_at: iso(a.promisePlannedAt),
    promise_signed_at: iso(a.promiseSignedAt),
    act_of_purchase_at: iso(a.actOfPurchaseAt),
    act_of_purchase_signed_at: iso(a.actOfPurchaseSignedAt),
    tasks: tasksOfRow?.tasks ?? [],
    tasks_count: tasksOfRow?.total ?? 0,
    open_task_kinds: [...(state?.open_task_kinds ?? [])],
    actions: state ? applicationActions(actor, Object.assign({}, state, { as_second_candidate: asSecondCandidate })) : [],
  };
};

/**
 * The rows of the funnel for loaded applications: a fixed number of queries whatever the page
 * size (the rules' state in one query, the 'À faire' tasks in one). `asCandidacy` is the
 * candidacy the list is narrowed to: on a row where it is the partner, the reservation form
 * actions are hidden (docs/product/funnel.md#actions-on-an-application).
 */
export const buildApplicationRows = async (
  db: Queryable,
  actor: RequestActor,
  base: ApplicationBaseRow[],
  options: { asCandidacy?: number; withTasks?: boolean } = {},
): Promise<ApplicationRow[]> => {
  if (base.length === 0) return [];
  const ids = base.map((r) => r.application.id);
  const promotionIds = [...new Set(base.map((r) => r.application.promotionId))];
  const [states, openTasks] = await Promise.all([
    loadApplicationStates(db, ids),
    options.withTasks === false ? Promise.resolve(null) : openTasksByTarget(db, promotionIds, 'application', ids),
  ]);
  const now = answerNow();
  return base.map((row) =>
    toApplicationRow(actor, row, states.get(row.application.id), openTasks?.get(row.application.id), options.asCandidacy, now),
  );
};

// ---------------------------------------------------------------------------------------------
// The list

const sortOf = (query: Pick<ApplicationsListQuery, 'orderBy' | 'order'>): { column: ApplicationSort; order: 'asc' | 'desc' } | null => {
  if (!query.orderBy) return null;
  if (!(APPLICATION_SORTS as readonly string[]).includes(query.orderBy)) throw badRequest('Tri invalide');
  return { column: query.orderBy as ApplicationSort, order: query.order ?? 'desc' };
};

/** The stage arrows the query selects (null: all). */
const stagesOf = (query: Pick<ApplicationsListQuery, 'status'>): number[] | null =>
  query.status?.length ? [...new Set(query.status)] : null;

const filterOf = (actor: RequestActor, promotionId: number, query: ApplicationsListQuery): ApplicationFilter => ({
  promotionId,
  buildings: query.buildings,
  floors: query.floors,
  nbRooms: query.nb_rooms,
  priceMin: query.price_min,
  priceMax: query.price_max,
  search: query.search,
  brokerId: query.broker,
  agencyId: query.showMyAgency ? actor.agency_id : undefined,
  candidacyId: query.candidacy,
  candidateId: query.candidat,
  applicationId: query.application,
  lotPublicId: query.lot,
  // The late-tasks-only toggle (docs/product/funnel.md#screens): `late=1`, or the filter bar's `onlyLateTasks=1`.
  lateBefore: query.late === '1' || query.onlyLateTasks ? answerNow() : undefined,
});

/** The ids among the filters: each of the promotion, else 404 (platform/scoped-ids.ts). */
const emptyCounts = (): Record<string, number> => ({ '0': 0, '1': 0, '2': 0, '3': 0 });

/**
 * GET /applications: one page of the promotion's live applications under the filters, the
 * stage arrows and the sort, with the arrows' counts. A page past the last answers the last.
 * One statement (docs/performance.md#patterns-for-lists): the page with its counts, the
 * promotion's settings, the rules' state, the verdict on the filter ids and each row's open tasks.
 */
export const listApplications = async (db: Db, actor: RequestActor, query: ApplicationsListQuery): Promise<ApplicationsPage> => {
  const sort = sortOf(query);
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) {
    return {
      ...paginate<FunnelRow>([], 0, 1, APPLICATIONS_PAGE_SIZE),
      multi_agency: false,
      has_notary: false,
      status_counts: emptyCounts(),
    };
  }
  const stages = stagesOf(query);
  const found = await findApplicationListPage(db, {
    promotionId,
    verdict: idsInPromotion(promotionId, listFilterIds(query)),
    where: applicationWhere(filterOf(actor, promotionId, query)),
    stages,
    sort,
    openTaskKinds: openTaskKindsSql(sql`${applications.id}`),
    page: query.page,
    pageSize: APPLICATIONS_PAGE_SIZE,
  });
  if (!found.ok) throw notFound();
  const statusCounts = emptyCounts();
  for (const { status, total } of found.counts) statusCounts[String(status)] = total;
  const total = found.counts.filter((c) => stages === null || stages.includes(c.status)).reduce((sum, c) => sum + c.total, 0);
  const lastPage = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
  const page = Math.min(query.page, lastPage);
  const promotion = { multiAgency: found.multiAgency, reservationTimeout: found.reservationTimeout };
  // Each row names when its deadline's flags change (toApplicationRow), each task its time status.
  const now = answerInstant();
  const rows: FunnelRow[] = [];
  for (const r of found.rows) rows.push(toFunnelRow(actor, r, promotion, openTasksOfPageRow(r, now), query.candidacy, now));
  return {
    ...paginate(rows, total, page, APPLICATIONS_PAGE_SIZE),
    multi_agency: found.multiAgency,
    has_notary: found.hasNotary,
    status_counts: statusCounts,
  };
};

/** An application the actor may see (member of its promotion, not deleted); 404 otherwise. */
const visibleApplication = async (db: Queryable, actor: RequestActor, where: SQL) => {
  const key = await findApplicationKey(db, where);
  if (!key || key.hidden || !(await isMemberOf(db, actor, key.promotionId))) throw notFound();
  return key;
};

/** GET /applications/:id: one row of the funnel. */
export const getApplication = async (db: Db, actor: RequestActor, id: number): Promise<ApplicationRow> => {
  await visibleApplication(db, actor, eq(applications.id, id));
  const [row] = await buildApplicationRows(db, actor, await findApplicationRows(db, eq(applications.id, id)));
  if (!row) throw notFound();
  return row;
};

// ---------------------------------------------------------------------------------------------
// Export

const EXPORT_CHUNK = 1000;

/** GET /applications/download: every filtered row (all pages, same sort) as an .xlsx behind a signed URL. */
export const exportApplications = async (deps: { db: Db; storage: Storage }, actor: RequestActor, query: ApplicationsListQuery) => {
  if (!can(actor, 'application.download')) throw forbidden();
  const { db } = deps;
  const sort = sortOf(query);
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound();
  await assertIdsInPromotion(db, promotionId, listFilterIds(query));
  const promotion = await findPromotionInfo(db, promotionId);
  const where = withStages(applicationWhere(filterOf(actor, promotionId, query)), stagesOf(query));
  const base = await findApplicationPage(db, where, sort);
  const rows: ApplicationRow[] = [];
  for (let start = 0; start < base.length; start += EXPORT_CHUNK) {
    rows.push(...(await buildApplicationRows(db, actor, base.slice(start, start + EXPORT_CHUNK), { asCandidacy: query.candidacy })));
  }
  const title = promotion?.title ?? '';
  return storeGeneratedFile(deps, {
    name: `Tunnel de vente - ${title}.xlsx`,
    mime: XLSX_MIME,
    content: await buildApplicationsWorkbook(rows, title),
    promotionId,
    createdById: actor.id,
  });
};

// ---------------------------------------------------------------------------------------------
// The sales file (PDF)

/** GET /applications/:publicId/pdf: the sales file as a PDF behind a signed URL. */
export const applicationPdf = async (deps: { db: Db; storage: Storage }, actor: RequestActor, publicId: string) => {
  const { db } = deps;
  const key = await visibleApplication(db, actor, eq(applications.publicId, publicId.toLowerCase()));
  const [base] = await findApplicationRows(db, eq(applications.id, key.id));
  if (!base) throw notFound();
  const [[row], people, associated, context] = await Promise.all([
    buildApplicationRows(db, actor, [base], { withTasks: false }),
    findFileCandidacies(
      db,
      [base.application.candidacy1Id, base.application.candidacy2Id].filter((id): id is number => id !== null),
    ),
    associatedLotsOf(db, base.lot.id),
    findFileContext(db, key.promotionId, base.broker?.id ?? null),
  ]);
  const byId = new Map(people.map((p) => [p.candidacy.id, p]));
  const file: SalesFile = {
    promotionTitle: context.promotionTitle,
    application: row,
    associatedLots: associated.map((lot) => ({
      reference: lot.reference,
      type: lot.type,
      name: lot.nameChild,
      area: lot.areaHab === null ? null : Number(lot.areaHab),
      price: lot.rawPrice,
      included: lot.priceIncluded,
    })),
    candidacies: [base.application.candidacy1Id, base.application.candidacy2Id]
      .map((id) => (id === null ? undefined : byId.get(id)))
      .filter((p): p is NonNullable<typeof p> => p !== undefined),
    broker: context.broker ? { full_name: fullName(context.broker), email: context.broker.email, phone: context.broker.phone } : null,
  };
  const content = await buildSalesFilePdf(file);
  const { url } = await storeGeneratedFile(deps, {
    name: `Dossier de vente - ${row.lot.reference}.pdf`,
    mime: PDF_MIME,
    content,
    promotionId: key.promotionId,
    createdById: actor.id,
  });
  return url;
};
