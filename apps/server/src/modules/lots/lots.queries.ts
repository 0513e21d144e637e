import type { LotSortColumn, LotsQuery } from '@promovente/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { lotFilterConditions } from '../../db/lot-filter.js';
import { actionLots, applications, buildings, floors, lots, lotTypes, promotions, users } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** The main price plus the associated lots whose price is not included (docs/sales-process.md#2-lots-built). */
export const totalPriceSql = sql<number>`(${lots.rawPrice} + coalesce((
  select sum(c.raw_price) from lots c where c.parent_id = ${lots.id} and c.price_included = false
), 0))::int`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (query.lot) conditions.push(UUID.test(query.lot) ? eq(lots.publicId, query.lot) : sql`false`);
  if (withStatus && query.status?.length) conditions.push(inArray(lots.status, query.status));
  return and(...conditions) as SQL;
};

/** Lots per displayed status under the given conditions (one grouped query). */
export const countLotsByStatus = async (db: Queryable, where: SQL) => {
  const rows = await db.select({ status: lots.status, count: sql<number>`count(*)::int` }).from(lots).where(where).groupBy(lots.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
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
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .innerJoin(lotTypes, eq(lotTypes.id, lots.lotTypeId))
    .where(where)
    .orderBy(...order);
  return page ? query.limit(page.limit).offset(page.offset) : query;
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

export const insertLotHistory = async (
  db: Queryable,
  entry: { promotionId: number; lotId: number; userId: number; column: string; from: string; to: string },
) => db.insert(actionLots).values(entry);
