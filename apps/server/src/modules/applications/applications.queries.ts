// Over 400 lines: the funnel's one-statement page (filters, sorts, head row) and its single-row reads, SQL only.
import type { ApplicationSort } from '@promovente/shared';
import { isPublicId } from '@promovente/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { type LotFilter, lotFilterConditions } from '../../db/lot-filter.js';
import { answeredPage } from '../../db/page.js';
import { RANKED_POSITIONS_SQL } from '../../db/positions.js';
import { renderedOnce } from '../../db/rendered-once.js';
import { rowsOf } from '../../db/rows.js';
import {
  applicationRowCounts,
  applications,
  buildings,
  candidacies,
  candidates,
  floors,
  lots,
  promotions,
  promotionUsers,
  tasks,
  users,
} from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';
import { openTasksColumns, ROW_TASKS } from '../tasks/index.js';

/** SQL only: the sales funnel's list, its single rows and the sales file (PDF). Rules live in the service. */

const main = alias(candidacies, 'main_candidacy');
const mainCandidate = alias(candidates, 'main_candidate');
const partner = alias(candidacies, 'partner_candidacy');
const partnerCandidate = alias(candidates, 'partner_candidate');
const broker = alias(users, 'broker');

/** A live application: not deleted (hidden) and not closed by another sale on its lot. */
export const liveApplication = and(eq(applications.hidden, false), isNull(applications.closedAt)) as SQL;

// The columns every funnel statement names, as their text (db/rendered-once.ts): Drizzle renders a
// column object again on every call, 15 µs for the promotion and liveness alone, and the funnel's
// page statement rendered its WHERE three times (its joins are picked from it): 0.4 ms a request.
const PROMOTION_ID = renderedOnce(() => sql`${applications.promotionId}`);
const LIVE_APPLICATION = renderedOnce(() => sql`(${applications.hidden} = false and ${applications.closedAt} is null)`);

/** The filters of the funnel, already resolved by the service. */
export type ApplicationFilter = LotFilter & {
  promotionId: number;
  search?: string;
  brokerId?: number;
  /** 'Mon agence': the main candidacy's agency; null (a user without agency) matches nothing. */
  agencyId?: number | null;
  candidacyId?: number;
  candidateId?: number;
  applicationId?: number;
  lotPublicId?: string;
  /** Only rows with an open task past its end. */
  lateBefore?: Date;
};

/**
 * The WHERE of the list without the stage arrows (they are counted per stage). Every condition
 * starts from the promotion's live applications (index applications_promotion_status_idx).
 */
export const applicationWhere = (filter: ApplicationFilter): SQL => {
  const conditions: (SQL | undefined)[] = [
    sql`${PROMOTION_ID()} = ${filter.promotionId}`,
    LIVE_APPLICATION(),
    ...lotFilterConditions(filter),
  ];
  if (filter.brokerId !== undefined) conditions.push(eq(main.brokerId, filter.brokerId));
  if (filter.agencyId !== undefined) conditions.push(filter.agencyId === null ? sql`false` : eq(main.agencyId, filter.agencyId));
  if (filter.candidacyId !== undefined) {
    conditions.push(or(eq(applications.candidacy1Id, filter.candidacyId), eq(applications.candidacy2Id, filter.candidacyId)));
  }
  if (filter.candidateId !== undefined) {
    conditions.push(or(eq(main.candidateId, filter.candidateId), eq(partner.candidateId, filter.candidateId)));
  }
  if (filter.applicationId !== undefined) conditions.push(eq(applications.id, filter.applicationId));
  if (filter.lotPublicId !== undefined) {
    conditions.push(isPublicId(filter.lotPublicId) ? eq(lots.publicId, filter.lotPublicId.toLowerCase()) : sql`false`);
  }
  if (filter.lateBefore) {
    conditions.push(
      sql`exists (select 1 from ${tasks} where ${tasks.applicationId} = ${applications.id}
          and ${tasks.doneAt} is null and ${tasks.endAt} < ${filter.lateBefore})`,
    );
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(applicationMatches(pattern));
  }
  return and(...conditions) as SQL;
};

/**
 * The funnel's search: the lot's reference or title, the main candidate's full name (either
 * order) or e-mail, the partner's full name (either order). It reads the application's kept text,
 * those fields lowered one per line (migration 0041), without a join (PostgreSQL's ILIKE is LIKE
 * over the lowered text and pattern, so the rows are the same). A search that holds a line break,
 * which would span two fields there, reads the fields themselves through the joins.
 */
export const applicationMatches = (pattern: string): SQL =>
  pattern.includes('\n')
    ? sql`(${lots.reference} ilike ${pattern} or ${lots.title} ilike ${pattern}
        or (${mainCandidate.firstName} || ' ' || ${mainCandidate.lastName}) ilike ${pattern}
        or (${mainCandidate.lastName} || ' ' || ${mainCandidate.firstName}) ilike ${pattern}
        or ${mainCandidate.email} ilike ${pattern}
        or (${partnerCandidate.firstName} || ' ' || ${partnerCandidate.lastName}) ilike ${pattern}
        or (${partnerCandidate.lastName} || ' ' || ${partnerCandidate.firstName}) ilike ${pattern})`
    : sql`${applications.searchText} like lower(${pattern})`;

/** The stage arrows (0-3) on top of the list's WHERE. */
export const withStages = (where: SQL, stages: readonly number[] | null): SQL => {
  if (stages === null) return where;
  return and(where, stages.length > 0 ? inArray(applications.status, [...stages]) : sql`false`) as SQL;
};

/** The main lot's price plus its associated lots whose price is not included (docs/sales-process.md#2-lots-built). */
const totalPrice = sql<number>`(${lots.rawPrice} + coalesce((
  select sum(c.raw_price) from lots c where c.parent_id = ${lots.id} and c.price_included = false
), 0))::int`;

const milestoneSort = (checked: SQL | unknown, text: unknown): SQL[] => [sql`${checked}`, sql`(${text} is not null)`, sql`lower(${text})`];

const sortColumns = (sort: ApplicationSort): SQL[] => {
  switch (sort) {
    case 'priority':
      return [sql`${applications.priority}`];
    case 'candidate':
      // lower(first name || ' ' || last name) of the main candidate, kept by the database (migration 0034).
      return [sql`${applications.sortCandidate}`];
    case 'status':
      return [sql`${applications.status}`];
    case 'building':
      // lower(title) of the lot's building, kept by the database (migration 0035).
      return [sql`${applications.sortBuilding}`];
    case 'lot':
      // The lot's reference, kept by the database (migration 0034).
      return [sql`${applications.sortLot}`];
    // The lot's rooms, area and total price, kept by the database (migration 0044).
    case 'rooms':
      return [sql`${applications.sortRooms}`];
    case 'area':
      return [sql`${applications.sortArea}`];
    case 'floor':
      // The shown order of the lot's floor, kept by the database (migration 0039).
      return [sql`${applications.sortFloor}`];
    case 'price':
      return [sql`${applications.sortPrice}`];
    case 'status_FR':
      return milestoneSort(applications.statusFrChecked, applications.statusFr);
    case 'status_AC':
      return milestoneSort(applications.statusAcChecked, applications.statusAc);
    case 'status_FIN':
      return milestoneSort(applications.statusFinChecked, applications.statusFin);
    case 'status_SIGNPDV':
      return milestoneSort(applications.statusSignpdvChecked, applications.statusSignpdv);
    case 'status_SIGN':
      return milestoneSort(applications.statusSignChecked, applications.statusSign);
  }
};

const hasAccount = (userId: unknown) => sql<boolean>`(${userId} is not null)`;

const rowSelection = {
  application: applications,
  main: { id: main.id, agencyId: main.agencyId, crmValidated: main.crmValidated, vip: main.vip },
  mainCandidate: {
    id: mainCandidate.id,
    firstName: mainCandidate.firstName,
    lastName: mainCandidate.lastName,
    email: mainCandidate.email,
    phone: mainCandidate.phone,
    phonePrivate: mainCandidate.phonePrivate,
    phonePro: mainCandidate.phonePro,
    hasAccount: hasAccount(mainCandidate.userId),
  },
  partner: { id: partner.id, agencyId: partner.agencyId, crmValidated: partner.crmValidated, vip: partner.vip },
  partnerCandidate: {
    id: partnerCandidate.id,
    firstName: partnerCandidate.firstName,
    lastName: partnerCandidate.lastName,
    email: partnerCandidate.email,
    phone: partnerCandidate.phone,
    phonePrivate: partnerCandidate.phonePrivate,
    phonePro: partnerCandidate.phonePro,
    hasAccount: hasAccount(partnerCandidate.userId),
  },
  broker: { id: broker.id, firstName: broker.firstName, lastName: broker.lastName, picture: broker.profilePicture },
  lot: {
    id: lots.id,
    publicId: lots.publicId,
    reference: lots.reference,
    title: lots.title,
    nbRooms: lots.nbRooms,
    areaHab: lots.areaHab,
    rawPrice: lots.rawPrice,
    totalPrice,
    children: sql<number>`(select count(*)::int from lots c where c.parent_id = ${lots.id})`,
    /** Positions 1-3 taken on the lot by live applications (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
    takenPositions: sql<number[]>`array(
      select a.priority from applications a
      where a.lot_id = ${lots.id} and a.hidden = false and a.closed_at is null and a.priority in ${RANKED_POSITIONS_SQL}
    )`,
  },
  buildingTitle: buildings.title,
  floorTitle: floors.title,
  promotion: { multiAgency: promotions.multiAgency, reservationTimeout: promotions.reservationTimeout },
};

const baseRows = (db: Queryable) =>
  db
    .select(rowSelection)
    .from(applications)
    .innerJoin(main, eq(main.id, applications.candidacy1Id))
    .innerJoin(mainCandidate, eq(mainCandidate.id, main.candidateId))
    .leftJoin(partner, eq(partner.id, applications.candidacy2Id))
    .leftJoin(partnerCandidate, eq(partnerCandidate.id, partner.candidateId))
    .leftJoin(broker, eq(broker.id, main.brokerId))
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .innerJoin(promotions, eq(promotions.id, applications.promotionId));

export type ApplicationBaseRow = Awaited<ReturnType<typeof findApplicationRows>>[number];

/** Each sort's order as its text (no parameter): at most 31, the 15 sorts both ways and none. */
const pageOrders = new Map<string, SQL>();

/**
 * The order of a page (no key of it is ever null). Without a sort: the most advanced stage first, then the
 * best priority. The lot reference and id break ties. Rendered once per sort (db/rendered-once.ts).
 */
export const pageOrder = (sort: { column: ApplicationSort; order: 'asc' | 'desc' } | null): SQL => {
  const key = sort ? `${sort.column} ${sort.order}` : '';
  let order = pageOrders.get(key);
  if (order === undefined) {
    order = renderedOnce(() => orderOf(sort))();
    pageOrders.set(key, order);
  }
  return order;
};

const orderOf = (sort: { column: ApplicationSort; order: 'asc' | 'desc' } | null): SQL => {
  // No key is ever null in its order: the kept keys (migrations 0034, 0035, 0039 and 0044), the
  // stage and the priority are not null, and a milestone's text is null exactly when the key
  // before it is false, so where it puts the nulls changes no order. Without 'nulls last', each
  // order's descending direction is its index read backward (migration 0043).
  const direction = sort?.order === 'asc' ? sql`asc` : sql`desc`;
  const keys = sort
    ? [
        ...sortColumns(sort.column).map((column) => sql`${column} ${direction}`),
        sort.order === 'asc' ? sql`${applications.id} asc` : sql`${applications.id} desc`,
      ]
    : [sql`${applications.status} desc`, sql`${applications.priority} asc`, sql`${applications.sortLot} asc`, sql`${applications.id} asc`];
  return sql.join(keys, sql`, `);
};

/**
 * One page (or every row when limit is null), sorted in SQL (pageOrder). Without a sort:
 * the most advanced stage first, then the best priority. The lot reference and id break ties.
 */
export const findApplicationPage = (
  db: Queryable,
  where: SQL,
  sort: { column: ApplicationSort; order: 'asc' | 'desc' } | null,
  limit: number | null = null,
  offset = 0,
) => {
  const query = baseRows(db).where(where).orderBy(pageOrder(sort));
  return limit === null ? query : query.limit(limit).offset(offset);
};

export const findApplicationRows = (db: Queryable, where: SQL) => baseRows(db).where(where);

/** What the funnel needs of its promotion: the multi-agency flag and whether it has a notary. */
export const findPromotionInfo = async (db: Queryable, promotionId: number) => {
  const [row] = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      multiAgency: promotions.multiAgency,
      hasNotary: sql<boolean>`exists (
        select 1 from ${promotionUsers} inner join ${users} on ${users.id} = ${promotionUsers.userId}
        where ${promotionUsers.promotionId} = ${promotionId} and ${users.type} = 'notary'
      )`,
    })
    .from(promotions)
    .where(eq(promotions.id, promotionId))
    .limit(1);
  return row ?? null;
};

/** The promotion and state of one application by id or public id (null when absent). */
export const findApplicationKey = async (db: Queryable, where: SQL) => {
  const [row] = await db
    .select({ id: applications.id, promotionId: applications.promotionId, hidden: applications.hidden })
    .from(applications)
    .where(where)
    .limit(1);
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------
// The sales file (PDF)

/** The candidacies of a sales file with their candidate (identity, contact, financing). */
export const findFileCandidacies = (db: Queryable, ids: number[]) =>
  db
    .select({ candidacy: candidacies, candidate: candidates })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(inArray(candidacies.id, ids));

/** The promotion's title and the broker's contact for the sales file. */
export const findFileContext = async (db: Queryable, promotionId: number, brokerId: number | null) => {
  const [promotion] = await db.select({ title: promotions.title }).from(promotions).where(eq(promotions.id, promotionId)).limit(1);
  const [brokerRow] =
    brokerId === null
      ? []
      : await db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
          .from(users)
          .where(eq(users.id, brokerId))
          .limit(1);
  return { promotionTitle: promotion?.title ?? '', broker: brokerRow ?? null };
};

// ---------------------------------------------------------------------------------------------
// The funnel's list in one statement (docs/performance.md#patterns-for-lists)

/** The columns of one funnel row (snake_case, as PostgreSQL names them; timestamps as the driver hands them). */
export type ApplicationListRow = Record<string, unknown> & {
  id: number;
  status: number;
  priority: number;
  candidacy2_id: number | null;
  open_task_kinds: string[] | null;
  /** The row's open count and first open tasks (openTasksColumns, modules/tasks). */
  open_tasks: unknown;
};

/** A row of the page statement: the head's columns, then an application's (null on the one row of an empty page). */
type ApplicationPageRow = {
  head_ok: boolean;
  head_multi_agency: boolean;
  head_reservation_timeout: number | null;
  head_has_notary: boolean;
  head_counts: unknown;
} & (ApplicationListRow | { id: null });

export type ApplicationListPage = {
  /** The scoping verdict of the filter ids (platform/scoped-ids.ts). */
  ok: boolean;
  multiAgency: boolean;
  reservationTimeout: number | null;
  hasNotary: boolean;
  /** Live applications per stage under the filters (the arrows), every stage present. */
  counts: { status: number; total: number }[];
  rows: ApplicationListRow[];
};

const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * GET /applications in one statement: the verdict on the filter ids, the promotion's settings
 * (multi-agency, deadline, whether it has a notary), the counts per stage, and the page (clamped
 * to the last page in SQL) with everything its rows show, the action rules' state included.
 * The head is one row of the promotion and the page is joined to it, so an empty page still
 * answers the verdict and the counts. The promotion is read once in the head, not joined per row.
 */
const dialect = new PgDialect();

/**
 * The joins that pick a page's ids, or count its stages: those its WHERE and its order name, no
 * more. The page is then joined to everything its rows show for those 50 ids only (issue 20:
 * sorted by lot, the funnel of a 2,000-lot promotion joined its 1,768 live applications to eight
 * tables before it kept 50); the counts of a WHERE that names no joined table (no search, no lot,
 * broker, agency or candidate filter) read applications alone.
 */
export const pickJoins = (where: SQL, orderBy: SQL, promotionId: number): SQL =>
  joinsNamedIn(dialect.sqlToQuery(sql`${where} ${orderBy}`).sql, promotionId);

/** The joins a WHERE and an order rendered as `named` name (pickJoins), each join's text rendered once. */
const joinsNamedIn = (named: string, promotionId: number): SQL => {
  const uses = (table: string) => named.includes(`"${table}".`);
  const joins: SQL[] = [];
  if (uses('main_candidacy') || uses('main_candidate')) {
    joins.push(PICK_JOINS.mainCandidacy());
    if (uses('main_candidate')) joins.push(PICK_JOINS.mainCandidate());
  }
  if (uses('partner_candidacy') || uses('partner_candidate')) {
    joins.push(PICK_JOINS.partnerCandidacy());
    if (uses('partner_candidate')) joins.push(PICK_JOINS.partnerCandidate());
  }
  if (uses('lots') || uses('buildings') || uses('floors')) {
    // Always true (applications_lot_promotion_fk): it lets the planner read the promotion's lots
    // by index instead of hashing every lot of the firm.
    joins.push(sql`${PICK_JOINS.lots()} ${promotionId}`);
    if (uses('buildings')) joins.push(PICK_JOINS.buildings());
    if (uses('floors')) joins.push(PICK_JOINS.floors());
  }
  return sql.join(joins, sql` `);
};

const PICK_JOINS = {
  mainCandidacy: renderedOnce(() => sql`inner join ${candidacies} "main_candidacy" on ${main.id} = ${applications.candidacy1Id}`),
  mainCandidate: renderedOnce(() => sql`inner join ${candidates} "main_candidate" on ${mainCandidate.id} = ${main.candidateId}`),
  partnerCandidacy: renderedOnce(() => sql`left join ${candidacies} "partner_candidacy" on ${partner.id} = ${applications.candidacy2Id}`),
  partnerCandidate: renderedOnce(() => sql`left join ${candidates} "partner_candidate" on ${partnerCandidate.id} = ${partner.candidateId}`),
  /** Followed by the promotion's id. */
  lots: renderedOnce(() => sql`inner join ${lots} on ${lots.id} = ${applications.lotId} and ${lots.promotionId} =`),
  buildings: renderedOnce(() => sql`inner join ${buildings} on ${buildings.id} = ${lots.buildingId}`),
  floors: renderedOnce(() => sql`inner join ${floors} on ${floors.id} = ${lots.floorId}`),
};

/** The parts of the funnel's page statement that hold no parameter (findApplicationListPage). */
const PAGE_SQL = {
  countsSelect: renderedOnce(() => sql`select ${applications.status} as status, count(*)::int as n from ${applications}`),
  countsGroup: renderedOnce(() => sql`group by ${applications.status}`),
  /** Followed by the promotion's id, then headNotary. */
  headColumns: renderedOnce(
    () => sql`${promotions.multiAgency} as multi_agency, ${promotions.reservationTimeout} as reservation_timeout,
        exists (
          select 1 from ${promotionUsers} inner join ${users} on ${users.id} = ${promotionUsers.userId}
          where ${promotionUsers.promotionId} =`,
  ),
  headNotary: renderedOnce(() => sql`and ${users.type} = 'notary') as has_notary`),
  /** Followed by the promotion's id. */
  headFrom: renderedOnce(() => sql`from ${promotions} where ${promotions.id} =`),
  idsSelect: renderedOnce(() => sql`select ${applications.id} as id from ${applications}`),
  pageJoins: renderedOnce(() => sql`inner join ${applications} on ${applications.id} = picked.id ${PAGE_JOINS()}`),
};

/** The joins of the funnel's page: every row shows its candidacies, candidates and lot. */
const PAGE_JOINS = renderedOnce(
  () => sql`inner join ${candidacies} "main_candidacy" on ${main.id} = ${applications.candidacy1Id}
    inner join ${candidates} "main_candidate" on ${mainCandidate.id} = ${main.candidateId}
    left join ${candidacies} "partner_candidacy" on ${partner.id} = ${applications.candidacy2Id}
    left join ${candidates} "partner_candidate" on ${partnerCandidate.id} = ${partner.candidateId}
    inner join ${lots} on ${lots.id} = ${applications.lotId}`,
);

/**
 * What a row of the funnel's page shows (FunnelRow, applications.funnel-row.ts), for the 50 ids
 * picked, with what its menu's rules read (the steps' dates, the solvency, the main candidacy's
 * agency) and its open tasks (its open task kinds apart). Not the candidates' e-mails and phones,
 * the lot's title, price, associated lots or positions: a modal reads them with the whole
 * application (issue 20, lean pages). The lot's total price is the one kept on the application
 * (migration 0044, the same sum as totalPrice), not summed again per row.
 */
const PAGE_COLUMNS = renderedOnce(
  () => sql`picked.ord, ${applications.id} as id, ${applications.publicId} as public_id,
          ${applications.status} as status, ${applications.priority} as priority,
          ${applications.lastPriorityChange} as last_priority_change, ${applications.negociatedPrice} as negociated_price,
          ${applications.solvent} as solvent, ${applications.candidacy2Id} as candidacy2_id,
          ${applications.statusFr} as status_fr, ${applications.statusFrChecked} as status_fr_checked,
          ${applications.statusAc} as status_ac, ${applications.statusAcChecked} as status_ac_checked,
          ${applications.statusFin} as status_fin, ${applications.statusFinChecked} as status_fin_checked,
          ${applications.statusSignpdv} as status_signpdv, ${applications.statusSignpdvChecked} as status_signpdv_checked,
          ${applications.statusSign} as status_sign, ${applications.statusSignChecked} as status_sign_checked,
          ${applications.reservationSentAt} as reservation_sent_at, ${applications.firstReservationAt} as first_reservation_at,
          ${applications.reservationConfirmedAt} as reservation_confirmed_at,
          ${applications.reservationDepositConfirmedAt} as reservation_deposit_confirmed_at,
          ${applications.promisePlannedAt} as promise_planned_at, ${applications.actOfPurchaseAt} as act_of_purchase_at,
          ${main.id} as main_id, ${main.agencyId} as main_agency_id,
          ${mainCandidate.id} as main_candidate_id, ${mainCandidate.firstName} as main_first_name, ${mainCandidate.lastName} as main_last_name,
          ${partner.id} as partner_id,
          ${partnerCandidate.id} as partner_candidate_id, ${partnerCandidate.firstName} as partner_first_name,
          ${partnerCandidate.lastName} as partner_last_name,
          ${broker.id} as broker_id, ${broker.firstName} as broker_first_name, ${broker.lastName} as broker_last_name,
          ${broker.profilePicture} as broker_picture,
          ${lots.publicId} as lot_public_id, ${lots.reference} as lot_reference,
          ${lots.nbRooms} as lot_nb_rooms, ${lots.areaHab} as lot_area_hab, ${applications.sortPrice} as lot_total_price,
          ${buildings.title} as building_title, ${floors.title} as floor_title,
          ${openTasksColumns('application', '"applications"."id"', '"applications"."promotion_id"', ROW_TASKS, '"application_row_counts"."open_tasks"')}`,
);

/** The joins to what the rows show beyond their candidacies and lot. */
const PAGE_ROW_JOINS = renderedOnce(
  () => sql`left join ${users} "broker" on ${broker.id} = ${main.brokerId}
        inner join ${buildings} on ${buildings.id} = ${lots.buildingId}
        inner join ${floors} on ${floors.id} = ${lots.floorId}
        left join ${applicationRowCounts} on ${applicationRowCounts.applicationId} = ${applications.id}`,
);

export const findApplicationListPage = async (
  db: Queryable,
  input: {
    promotionId: number;
    verdict: SQL;
    where: SQL;
    stages: number[] | null;
    sort: { column: ApplicationSort; order: 'asc' | 'desc' } | null;
    openTaskKinds: SQL;
    page: number;
    pageSize: number;
  },
): Promise<ApplicationListPage> => {
  const order = pageOrder(input.sort);
  const size = input.pageSize;
  // The WHERE rendered once to pick the joins it names, for the counts and the page.
  const whereNames = dialect.sqlToQuery(input.where).sql;
  const raw = await rowsOf<ApplicationPageRow>(
    db,
    sql`
    with counts as (
      ${PAGE_SQL.countsSelect()}
      -- Only the joins its WHERE names, the promotion's lots alone (issue 20: without a filter
      -- on them they read every lot and candidacy for nothing; a search hashed the firm's lots).
      ${joinsNamedIn(whereNames, input.promotionId)}
      where ${input.where}
      ${PAGE_SQL.countsGroup()}
    ), head as (
      select ${input.verdict} as ok, ${PAGE_SQL.headColumns()} ${input.promotionId} ${PAGE_SQL.headNotary()},
        (select coalesce(sum(n), 0)::int from counts
          where ${sql.param(input.stages)}::int[] is null or status = any(${sql.param(input.stages)}::int[])) as total,
        (select coalesce(json_agg(json_build_array(status, n)), '[]'::json) from counts) as counts
      ${PAGE_SQL.headFrom()} ${input.promotionId}
    )
    select head.ok as head_ok, head.multi_agency as head_multi_agency, head.reservation_timeout as head_reservation_timeout,
      head.has_notary as head_has_notary, head.counts as head_counts, page.*
    from head left join lateral (
        select ${PAGE_COLUMNS()},
          case when ${applicationRowCounts.openTasks} > 0 then ${input.openTaskKinds} else '{}'::text[] end as open_task_kinds
        from (
          select ids.id, row_number() over () as ord from (
            ${PAGE_SQL.idsSelect()} ${joinsNamedIn(`${whereNames} ${dialect.sqlToQuery(order).sql}`, input.promotionId)}
            where ${withStages(input.where, input.stages)}
            order by ${order}
            limit ${size}
            offset (select (${answeredPage(input.page, sql`total`, size)} - 1) * ${size}::int from head)
          ) ids
        ) picked
        ${PAGE_SQL.pageJoins()}
        ${PAGE_ROW_JOINS()}
    ) page on true
    order by page.ord`,
    // Planned once per connection (decision 032): its plan starts from the promotion's live
    // applications, a few thousand at most, whatever the promotion (npm run bench:plans).
    { named: 'applications_page', plans: 'generic' },
  );
  const head = raw[0];
  if (!head) return { ok: false, multiAgency: false, reservationTimeout: null, hasNotary: false, counts: [], rows: [] };
  const rows: ApplicationListRow[] = [];
  for (const r of raw) if (r.id !== null) rows.push(r);
  const counts: { status: number; total: number }[] = [];
  for (const [status, total] of parsedJson<[number, number][]>(head.head_counts))
    counts.push({ status: Number(status), total: Number(total) });
  return {
    ok: Boolean(head.head_ok),
    multiAgency: Boolean(head.head_multi_agency),
    reservationTimeout: head.head_reservation_timeout === null ? null : Number(head.head_reservation_timeout),
    hasNotary: Boolean(head.head_has_notary),
    counts,
    rows,
  };
};
