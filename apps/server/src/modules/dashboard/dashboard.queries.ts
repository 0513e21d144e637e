import { LAST_PARKING_LOT_TYPE_ID } from '@promovente/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { type LotFilter, lotFilterConditions } from '../../db/lot-filter.js';
import { applications, candidacies, floors, lots, promotions } from '../../db/schema/index.js';

/** The lots a dashboard looks at: one promotion's main lots, narrowed by the filter bar. */
export type DashboardScope = LotFilter & {
  promotionId: number;
  /** 'Mon agence': optioned, reserved and signed lots count only through this agency's applications. */
  agencyId: number | null;
};

export const promotionSummary = async (db: Queryable, promotionId: number) => {
  const [row] = await db
    .select({ id: promotions.id, title: promotions.title, multi_agency: promotions.multiAgency })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  return row ?? null;
};

const liveApplication = and(eq(applications.hidden, false), isNull(applications.closedAt));

/** The total price: the lot's price plus its associated lots' prices that are not included. */
const totalPrice = sql<number>`(${lots.rawPrice} + coalesce((
  select sum(child.raw_price) from lots child where child.parent_id = ${lots.id} and child.price_included = false
), 0))`;

/**
 * With 'Mon agence', a lot at status 2, 3 or 4 counts only when the live application that gives
 * it that status belongs to a candidacy (main candidate) of the agency. Available and PRS lots
 * are the promotion's shared stock and always count.
 */
const agencyCondition = (agencyId: number): SQL =>
  or(
    inArray(lots.status, [0, 1]),
    sql`exists (
      select 1 from ${applications}
      join ${candidacies} on ${candidacies.id} = ${applications.candidacy1Id}
      where ${applications.lotId} = ${lots.id}
        and ${applications.hidden} = false and ${applications.closedAt} is null
        and ${candidacies.agencyId} = ${agencyId}
        and case ${lots.status} when 2 then ${applications.status} = 0 when 3 then ${applications.status} = 1 else ${applications.status} >= 2 end
    )`,
  ) as SQL;

const scopeConditions = (scope: DashboardScope): SQL[] => {
  const conditions: (SQL | undefined)[] = [eq(lots.promotionId, scope.promotionId), isNull(lots.parentId), ...lotFilterConditions(scope)];
  return conditions.filter((c): c is SQL => c !== undefined);
};

export type StatusGroupRow = {
  /** 'status', 'room' or 'floor': which grouping the row belongs to. */
  grouping: 'status' | 'room' | 'floor';
  status: number;
  /** In a 'room' row, null is the parking category. */
  nbRooms: number | null;
  floorId: number | null;
  floorNumber: number | null;
  floorTitle: string | null;
  floorSort: number | null;
  /** Lots counted (with 'Mon agence': the stock and the agency's own sales). */
  count: number;
  amount: number;
  /** Every scoped lot, whoever sold it: the base of the percentages. */
  stockCount: number;
  stockAmount: number;
};

/**
 * Lots and amounts per status, per (status, rooms) and per (status, floor), in one scan of the
 * scoped lots (GROUP BY GROUPING SETS).
 */
export const statusGroups = async (db: Queryable, scope: DashboardScope): Promise<StatusGroupRow[]> => {
  const counted = scope.agencyId === null ? sql`true` : agencyCondition(scope.agencyId);
  const scoped = db.$with('scoped').as(
    db
      .select({
        status: sql<number>`${lots.status}`.as('status'),
        // Parking lots form their own category (null), whatever rooms they were given.
        nbRooms: sql<number | null>`case when ${lots.lotTypeId} <= ${LAST_PARKING_LOT_TYPE_ID} then null else ${lots.nbRooms} end`.as(
          'nb_rooms',
        ),
        floorId: sql<number>`${floors.id}`.as('floor_id'),
        floorNumber: sql<number>`${floors.number}`.as('floor_number'),
        floorTitle: sql<string>`${floors.title}`.as('floor_title'),
        floorSort: sql<number>`${floors.sortOrder}`.as('floor_sort'),
        amount: totalPrice.as('amount'),
        counted: sql<boolean>`${counted}`.as('counted'),
      })
      .from(lots)
      .innerJoin(floors, eq(floors.id, lots.floorId))
      .where(and(...scopeConditions(scope))),
  );
  const rows = await db
    .with(scoped)
    .select({
      grouping: sql<number>`grouping(${scoped.nbRooms}, ${scoped.floorId})::int`,
      status: scoped.status,
      nbRooms: scoped.nbRooms,
      floorId: scoped.floorId,
      floorNumber: scoped.floorNumber,
      floorTitle: scoped.floorTitle,
      floorSort: scoped.floorSort,
      count: sql<number>`(count(*) filter (where ${scoped.counted}))::int`,
      amount: sql<number>`coalesce(sum(${scoped.amount}) filter (where ${scoped.counted}), 0)::float8`,
      stockCount: sql<number>`count(*)::int`,
      stockAmount: sql<number>`coalesce(sum(${scoped.amount}), 0)::float8`,
    })
    .from(scoped)
    .groupBy(
      sql`grouping sets ((${scoped.status}), (${scoped.status}, ${scoped.nbRooms}), (${scoped.status}, ${scoped.floorId}, ${scoped.floorNumber}, ${scoped.floorTitle}, ${scoped.floorSort}))`,
    );
  // grouping(nb_rooms, floor_id): bit 1 = nb_rooms not grouped, bit 0 = floor not grouped.
  const kind = (bits: number): StatusGroupRow['grouping'] => (bits === 3 ? 'status' : bits === 1 ? 'room' : 'floor');
  return rows.map((row) => ({
    ...row,
    grouping: kind(Number(row.grouping)),
    status: Number(row.status),
    nbRooms: row.nbRooms === null ? null : Number(row.nbRooms),
    floorId: row.floorId === null ? null : Number(row.floorId),
    count: Number(row.count),
    amount: Number(row.amount),
    stockCount: Number(row.stockCount),
    stockAmount: Number(row.stockAmount),
  }));
};

export type EvolutionRow = { bucket: string; kind: 'reserved' | 'signed'; count: number; amount: number };

/**
 * Lots reserved (deposit confirmed) and signed (promise or act signed, the earlier date) per
 * month in Swiss time, from the live applications of the scoped lots. Months before `firstMonth`
 * are summed in the bucket 'before'; months after `lastMonth` are left out.
 */
export const salesEvolution = async (
  db: Queryable,
  scope: DashboardScope,
  firstMonth: string,
  lastMonth: string,
): Promise<EvolutionRow[]> => {
  const conditions = scopeConditions(scope);
  const agencyJoin =
    scope.agencyId === null
      ? sql``
      : sql`join ${candidacies} on ${candidacies.id} = ${applications.candidacy1Id} and ${candidacies.agencyId} = ${scope.agencyId}`;
  const result = await db.execute(sql`
    with events as (
      select ${lots.id} as lot_id, ${totalPrice} as amount, e.kind,
             to_char(e.at at time zone 'Europe/Zurich', 'YYYY-MM') as month
      from ${lots}
      join ${applications} on ${applications.lotId} = ${lots.id} and ${liveApplication}
      ${agencyJoin}
      cross join lateral (values
        ('reserved', ${applications.reservationDepositConfirmedAt}),
        ('signed', least(${applications.promiseSignedAt}, ${applications.actOfPurchaseSignedAt}))
      ) as e(kind, at)
      where ${and(...conditions)} and e.at is not null
    )
    select case when month < ${firstMonth} then 'before' else month end as bucket, kind,
           count(distinct lot_id)::int as count, coalesce(sum(amount), 0)::float8 as amount
    from events
    where month <= ${lastMonth}
    group by 1, 2
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    bucket: String(row.bucket),
    kind: row.kind === 'signed' ? 'signed' : 'reserved',
    count: Number(row.count),
    amount: Number(row.amount),
  }));
};
