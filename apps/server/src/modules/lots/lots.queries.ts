// Over 400 lines: the lots' SQL (the screen's one-statement page, the export's rows, a lot's reads and its associated lots), queries only.
import type { LotSortColumn, LotsQuery } from '@promovente/shared';
import { isPublicId } from '@promovente/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { isLotFilterEmpty, type LotFilter, lotFilterConditions, lotFilterSql } from '../../db/lot-filter.js';
import { answeredPage } from '../../db/page.js';
import { renderedOnce } from '../../db/rendered-once.js';
import { rowsOf } from '../../db/rows.js';
import { actionLots, applications, buildings, floors, lots, lotTypes, promotions, users } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';
import { openTasksColumns } from '../tasks/index.js';

/** The main price plus the associated lots whose price is not included (docs/sales-process.md#2-lots-built). */
export const totalPriceSql = sql<number>`(${lots.rawPrice} + coalesce((
  select sum(c.raw_price) from lots c where c.parent_id = ${lots.id} and c.price_included = false
), 0))::int`;

/**
 * The WHERE clause of a lots list: the promotion's main lots, narrowed by the filter bar, the
 * lot query (a public id) and, unless left out, the status arrows.
 */
export const lotListConditions = (promotionId: number, query: LotsQuery, withStatus = true): SQL => {
  const conditions: (SQL | undefined)[] = [
    eq(lots.promotionId, promotionId),
    isNull(lots.parentId),
    ...lotFilterConditions({
      buildings: query.buildings,
      floors: query.floors,
      nbRooms: query.nb_rooms,
      priceMin: query.price_min,
      priceMax: query.price_max,
    }),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(lots.reference, pattern), ilike(lots.title, pattern)));
  }
  if (query.lot) conditions.push(isPublicId(query.lot) ? eq(lots.publicId, query.lot) : sql`false`);
  if (withStatus && query.status?.length) conditions.push(inArray(lots.status, query.status));
  return and(...conditions) as SQL;
};

const SORTS: Record<LotSortColumn, SQL | AnyPgColumn> = {
  reference: lots.reference,
  building: buildings.title,
  floor: floors.sortOrder,
  nb_rooms: lots.nbRooms,
  area_hab: lots.areaHab,
  price: totalPriceSql,
  status: lots.status,
};

const lotColumns = {
  id: lots.id,
  promotionId: lots.promotionId,
  publicId: lots.publicId,
  reference: lots.reference,
  title: lots.title,
  status: lots.status,
  rawStatus: lots.rawStatus,
  lotPpe: lots.lotPpe,
  feuilletPpe: lots.feuilletPpe,
  disabled: lots.disabled,
  nbRooms: lots.nbRooms,
  areaHab: lots.areaHab,
  areaPpe: lots.areaPpe,
  exposure: lots.exposure,
  rawPrice: lots.rawPrice,
  totalPrice: totalPriceSql,
  buildingId: buildings.id,
  buildingTitle: buildings.title,
  floorId: floors.id,
  floorNumber: floors.number,
  floorTitle: floors.title,
  typeTitle: lotTypes.title,
};

export type LotRecord = Awaited<ReturnType<typeof selectLots>>[number];

/** One page (or, without limit, every row) of lots, sorted in SQL. */
export const selectLots = async (
  db: Queryable,
  where: SQL,
  sort: { column: LotSortColumn; order: 'asc' | 'desc' } | null,
  page?: { limit: number; offset: number },
) => {
  const direction = sort?.order === 'asc' ? asc : desc;
  const order = sort
    ? [direction(SORTS[sort.column]), asc(lots.reference), asc(lots.id)]
    : [asc(buildings.title), asc(floors.sortOrder), asc(lots.reference), asc(lots.id)];
  const query = db
    .select(lotColumns)
    .from(lots)
    // The building of the lot's own promotion: the planner then reads the promotion's buildings, not all of them.
    .innerJoin(buildings, and(eq(buildings.id, lots.buildingId), eq(buildings.promotionId, lots.promotionId)))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .innerJoin(lotTypes, eq(lotTypes.id, lots.lotTypeId))
    .where(where)
    .orderBy(...order);
  return page ? query.limit(page.limit).offset(page.offset) : query;
};

/** The filters of a lots page, each a parameter (null: not filtered), so that every call sends one SQL text per sort. */
export type LotPageFilter = LotFilter & {
  promotionId: number;
  /** A `containsPattern` for reference or title. */
  search: string | null;
  /** A lot's public id (a UUID; the caller refuses any other text). */
  lot: string | null;
  statuses: number[] | null;
  /** A buyer's list: sorted by status, a PRS lot sorts as the 'Disponible' it reads (docs/product/lots.md#states). */
  buyer?: boolean;
};

/** The status sort of a buyer's list: PRS (1) among the available lots (0). */
const BUYER_STATUS_SORT = '(case when l.status = 1 then 0 else l.status end)';

/** The building and the floor sort by the lot's own keys (migration 0032): read along an index, no join before the limit. */
const PAGE_SORTS: Record<LotSortColumn, string> = {
  reference: 'l.reference',
  building: 'l.sort_building',
  floor: 'l.sort_floor',
  nb_rooms: 'l.nb_rooms',
  area_hab: 'l.area_hab',
  price: '(l.raw_price + coalesce((select sum(c.raw_price) from lots c where c.parent_id = l.id and c.price_included = false), 0))',
  status: 'l.status',
};

export type LotPageRow = {
  promotion_title: string;
  multi_agency: boolean;
  /** Every filter id belongs to the promotion. */
  ids_ok: boolean;
  status_counts: Record<string, number> | string | null;
  total: number;
  page: number;
  /** Null on an empty page (the one row then carries only the promotion, the verdict and the counts). */
  id: number | null;
  public_id: string;
  reference: string;
  title: string;
  status: number;
  raw_status: number;
  lot_ppe: string | null;
  feuillet_ppe: string | null;
  disabled: boolean;
  nb_rooms: string | number;
  area_hab: string | number;
  area_ppe: string | number;
  exposure: string | null;
  raw_price: number;
  total_price: number;
  building_id: number;
  building_title: string;
  floor_id: number;
  floor_number: number;
  floor_title: string;
  type_title: string;
  children_count: number;
  applications_count: number;
  best_priority: number | null;
  /** A staff page's: the row's open count and first open tasks (openTasksColumns, modules/tasks). */
  open_tasks?: unknown;
};

/** A staff row's open tasks, the page's lots being of the promotion `pr` (rendered once: db/rendered-once.ts). */
const STAFF_OPEN_TASKS = renderedOnce(() => openTasksColumns('lot', 'page.id', 'pr.id'));

/**
 * One statement for a lots page (docs/performance.md#patterns-for-lists): the promotion, the
 * verdict on the filter ids, the counts per status (the status filter aside), the total and the
 * page with its associated-lot and live-application figures (and, for the staff, each row's open
 * tasks). The page number is clamped in SQL
 * (a page past the last answers the last), and the one-row `promotions` outer select answers the
 * verdict and the counts also when the page is empty. Every read is narrowed by the promotion
 * (buildings too: no whole-table hash of a growing table).
 */
export const selectLotPage = async (
  db: Queryable,
  filter: LotPageFilter,
  sort: { column: LotSortColumn; order: 'asc' | 'desc' } | null,
  page: { number: number; perPage: number },
): Promise<LotPageRow[]> => {
  const p = sql.param(filter.promotionId);
  const buildingIds = sql.param(filter.buildings?.length ? filter.buildings : null);
  const lot = sql.param(filter.lot);
  const statuses = sql.param(filter.statuses);
  const direction = sort?.order === 'asc' ? 'asc' : 'desc';
  const sortKey = sort && filter.buyer && sort.column === 'status' ? BUYER_STATUS_SORT : sort ? PAGE_SORTS[sort.column] : null;
  const order = sortKey
    ? `${sortKey} ${direction}, l.reference asc, l.id asc`
    : 'l.sort_building asc, l.sort_floor asc, l.reference asc, l.id asc';
  // The conditions of the status counts; the page adds the status filter.
  const scoped = sql`l.promotion_id = ${p} and l.parent_id is null
    and ${lotFilterSql(filter, 'l')}
    and (${sql.param(filter.search)}::text is null or l.reference ilike ${sql.param(filter.search)}::text or l.title ilike ${sql.param(filter.search)}::text)
    and (${lot}::uuid is null or l.public_id = ${lot}::uuid)`;
  const unfiltered = sql.param(isLotFilterEmpty(filter) && filter.search === null && filter.lot === null);
  return rowsOf<LotPageRow>(
    db,
    sql`
    with counts as (
      -- Without a filter, the main lots counted from their (promotion, status) index alone (migration
      -- 0045); with one, read with its conditions. Each branch is gated by a parameter alone, which
      -- the plan tests once: the other branch never runs, and its plan is made once for both (generic).
      select l.status, count(*)::int as n from lots l
      where l.promotion_id = ${p} and l.parent_id is null and ${unfiltered}::boolean group by l.status
      union all
      select l.status, count(*)::int as n from lots l where ${scoped} and not ${unfiltered}::boolean group by l.status
    ), total as (
      select coalesce(sum(n) filter (where ${statuses}::int[] is null or status = any(${statuses}::int[])), 0)::int as n from counts
    ), clamped as (
      select ${answeredPage(page.number, sql`n`, page.perPage)} as page_number from total
    ), numbered as (
      -- The page's lots picked from the lots alone (along an index for most orders), numbered after the
      -- limit so that the sort stays a top-N one (a window ordered like the query sorts every row first).
      select sorted.*, row_number() over () as ord from (
        select l.id, l.public_id, l.reference, l.title, l.status, l.raw_status, l.lot_ppe, l.feuillet_ppe, l.disabled,
               l.nb_rooms, l.area_hab, l.area_ppe, l.exposure, l.raw_price, l.building_id, l.floor_id, l.lot_type_id
        from lots l
        where ${scoped} and (${statuses}::int[] is null or l.status = any(${statuses}::int[]))
        order by ${sql.raw(order)}
        limit ${sql.param(page.perPage)}::int
        offset (select (page_number - 1) * ${sql.param(page.perPage)}::int from clamped)
      ) sorted
    ), page as ( -- then joined to their building, floor and type: 50 rows, not the promotion's
      select n.*, b.title as building_title, f.number as floor_number, f.title as floor_title, t.title as type_title
      from numbered n
      join buildings b on b.id = n.building_id and b.promotion_id = ${p}
      join floors f on f.id = n.floor_id
      join lot_types t on t.id = n.lot_type_id
    )
    select pr.title as promotion_title, pr.multi_agency,
      (${buildingIds}::int[] is null or (
        select count(*) from buildings fb where fb.promotion_id = ${p} and fb.id = any(${buildingIds}::int[])
      ) = cardinality(${buildingIds}::int[]))
      and (${lot}::uuid is null or exists (select 1 from lots fl where fl.public_id = ${lot}::uuid and fl.promotion_id = ${p})) as ids_ok,
      (select json_object_agg(status, n) from counts) as status_counts,
      (select n from total) as total,
      (select page_number from clamped) as page,
      page.id, page.public_id, page.reference, page.title, page.status, page.raw_status, page.lot_ppe, page.feuillet_ppe,
      page.disabled, page.nb_rooms, page.area_hab, page.area_ppe, page.exposure, page.raw_price,
      (page.raw_price + coalesce(children.price, 0))::int as total_price,
      page.building_id, page.building_title, page.floor_id, page.floor_number, page.floor_title, page.type_title,
      coalesce(children.n, 0)::int as children_count,
      coalesce(live.n, 0)::int as applications_count, live.best::int as best_priority${
        filter.buyer
          ? sql``
          : sql`,
      ${STAFF_OPEN_TASKS()}`
      }
    from promotions pr
    left join page on true
    left join lateral (
      select count(*) as n, sum(c.raw_price) filter (where c.price_included = false) as price from lots c where c.parent_id = page.id
    ) children on true
    left join lateral (
      select count(*) as n, min(a.priority) as best from applications a
      where a.lot_id = page.id and a.hidden = false and a.closed_at is null
    ) live on true
    where pr.id = ${p}
    order by page.ord
  `,
    // Plans once in every order (decision 037, and 032's second addendum: as good at 10 and 2,000 lots).
    { named: 'lots_page', plans: 'generic', json: true },
  );
};

/** Associated lots per main lot (count), for a page of lots. */
export const childrenCounts = async (db: Queryable, lotIds: number[]) => {
  if (lotIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ parentId: lots.parentId, count: sql<number>`count(*)::int` })
    .from(lots)
    .where(inArray(lots.parentId, lotIds))
    .groupBy(lots.parentId);
  return new Map(rows.map((r) => [r.parentId as number, Number(r.count)]));
};

/** Live applications per lot: how many, and the best (lowest) priority among them. */
export const liveApplicationSummaries = async (db: Queryable, lotIds: number[]) => {
  if (lotIds.length === 0) return new Map<number, { count: number; best: number | null }>();
  const rows = await db
    .select({
      lotId: applications.lotId,
      count: sql<number>`count(*)::int`,
      best: sql<number | null>`min(${applications.priority})::int`,
    })
    .from(applications)
    .where(and(inArray(applications.lotId, lotIds), eq(applications.hidden, false), isNull(applications.closedAt)))
    .groupBy(applications.lotId);
  return new Map(rows.map((r) => [r.lotId, { count: Number(r.count), best: r.best === null ? null : Number(r.best) }]));
};

/** The promotion a lot belongs to, or null. */
export const lotPromotionOf = async (db: Queryable, lotId: number) => {
  const [row] = await db.select({ promotionId: lots.promotionId }).from(lots).where(eq(lots.id, lotId)).limit(1);
  return row?.promotionId ?? null;
};

export const selectChildren = async (db: Queryable, lotId: number) =>
  db
    .select({
      id: lots.id,
      reference: lots.reference,
      type: lotTypes.title,
      nameChild: lots.nameChild,
      areaHab: lots.areaHab,
      rawPrice: lots.rawPrice,
      priceIncluded: lots.priceIncluded,
      createdAt: lots.createdAt,
    })
    .from(lots)
    .innerJoin(lotTypes, eq(lotTypes.id, lots.lotTypeId))
    .where(eq(lots.parentId, lotId))
    .orderBy(asc(lots.reference), asc(lots.id));

export const selectHistory = async (db: Queryable, lotId: number) =>
  db
    .select({
      id: actionLots.id,
      createdAt: actionLots.createdAt,
      userId: users.id,
      email: users.email,
      column: actionLots.column,
      from: actionLots.from,
      to: actionLots.to,
    })
    .from(actionLots)
    .leftJoin(users, eq(users.id, actionLots.userId))
    .where(eq(actionLots.lotId, lotId))
    .orderBy(desc(actionLots.createdAt), desc(actionLots.id));

export const selectPublicLot = async (db: Queryable, publicId: string) => {
  const [row] = await db
    .select({
      id: lots.id,
      publicId: lots.publicId,
      title: lots.title,
      reference: lots.reference,
      buildingTitle: buildings.title,
      promotionId: promotions.id,
      promotionTitle: promotions.title,
    })
    .from(lots)
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(promotions, eq(promotions.id, lots.promotionId))
    .where(eq(lots.publicId, publicId))
    .limit(1);
  return row ?? null;
};

/** The lot row a change acts on, locked until the transaction ends. */
export const lockLot = async (db: Queryable, lotId: number) => {
  const [row] = await db
    .select({
      id: lots.id,
      promotionId: lots.promotionId,
      reference: lots.reference,
      rawStatus: lots.rawStatus,
      rawPrice: lots.rawPrice,
    })
    .from(lots)
    .where(eq(lots.id, lotId))
    .for('update');
  return row ?? null;
};

export const hasLiveApplication = async (db: Queryable, lotId: number) => {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.lotId, lotId), eq(applications.hidden, false), isNull(applications.closedAt)))
    .limit(1);
  return Boolean(row);
};

export const promotionSummary = async (db: Queryable, promotionId: number) => {
  const [row] = await db
    .select({ id: promotions.id, title: promotions.title, multi_agency: promotions.multiAgency })
    .from(promotions)
    .where(eq(promotions.id, promotionId))
    .limit(1);
  return row ?? null;
};

export const selectLotTypes = async (db: Queryable) =>
  db.select({ id: lotTypes.id, title: lotTypes.title }).from(lotTypes).orderBy(asc(lotTypes.id));

export const selectFloors = async (db: Queryable) =>
  db
    .select({ id: floors.id, number: floors.number, title: floors.title, sort_order: floors.sortOrder })
    .from(floors)
    .orderBy(asc(floors.sortOrder));

export const updateLotColumns = async (db: Queryable, lotId: number, values: { rawStatus?: number; rawPrice?: number }) =>
  db.update(lots).set(values).where(eq(lots.id, lotId));

export type LotHistoryInput = {
  promotionId: number;
  lotId: number;
  userId: number;
  column: string;
  from: string | null;
  to: string | null;
};

export const insertLotHistory = async (db: Queryable, entry: LotHistoryInput) => db.insert(actionLots).values(entry);

/**
 * Many lot history rows in one statement (the price-grid import): the rows travel as one jsonb
 * parameter, so that thousands of rows cost one parse and no parameter limit.
 */
export const insertLotHistoryRows = async (db: Queryable, entries: LotHistoryInput[]) => {
  if (entries.length === 0) return;
  await db.execute(sql`
    insert into action_lots (promotion_id, lot_id, user_id, "column", "from", "to")
    select v."promotionId", v."lotId", v."userId", v."column", v."from", v."to"
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v("promotionId" int, "lotId" int, "userId" int, "column" text, "from" text, "to" text)
  `);
};
