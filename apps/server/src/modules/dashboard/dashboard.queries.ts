import { LAST_PARKING_LOT_TYPE_ID } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { type LotFilter, lotFilterSql } from '../../db/lot-filter.js';
import { rowsOf } from '../../db/rows.js';

/** The lots a dashboard looks at: one promotion's main lots, narrowed by the filter bar. */
export type DashboardScope = LotFilter & {
  promotionId: number;
  /** 'Mon agence': optioned, reserved and signed lots count only through this agency's applications. */
  agencyId: number | null;
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

/** The promotion a dashboard reads, with the verdict on its filter ids and whether 'Mon agence' applies. */
export type DashboardPromotion = { id: number; title: string; multi_agency: boolean; myAgency: boolean; idsOk: boolean };

/**
 * 'Mon agence' applies in a multi-agency promotion when the user asked for it and has an agency
 * (`scope.agencyId` is then his agency): decided in SQL, so that no statement reads the
 * promotion first.
 */
const myAgencySql = (scope: DashboardScope, promotion: string) =>
  sql`(${sql.raw(promotion)}.multi_agency and ${sql.param(scope.agencyId)}::int is not null)`;

/** The scoped main lots `l` of a dashboard. */
const scopedLotsSql = (scope: DashboardScope) =>
  sql`l.promotion_id = ${sql.param(scope.promotionId)} and l.parent_id is null and ${lotFilterSql(scope, 'l')}`;

/** The total price of lot `l`: its price plus its associated lots' prices that are not included. */
const amountSql = sql`(l.raw_price + coalesce((
  select sum(child.raw_price) from lots child where child.parent_id = l.id and child.price_included = false
), 0))`;

/**
 * One statement: the promotion (title, multi-agency, 'Mon agence', the verdict on the building
 * ids) and the lots and amounts per status, per (status, rooms) and per (status, floor), in one
 * scan of the scoped lots (GROUP BY GROUPING SETS). With 'Mon agence', a lot at status 2, 3 or 4
 * counts only when the live application that gives it that status belongs to a candidacy (main
 * candidate) of the agency; available and PRS lots are the promotion's shared stock and always
 * count. The one-row promotion select answers also when no lot is scoped; null when the
 * promotion does not exist.
 */
export const statusGroups = async (
  db: Queryable,
  scope: DashboardScope,
): Promise<{ promotion: DashboardPromotion | null; rows: StatusGroupRow[] }> => {
  const p = sql.param(scope.promotionId);
  const buildingIds = sql.param(scope.buildings?.length ? scope.buildings : null);
  const rows = await rowsOf(
    db,
    sql`
    with pr as (
      select p.id, p.title, p.multi_agency, ${myAgencySql(scope, 'p')} as my_agency,
        (${buildingIds}::int[] is null or (
          select count(*) from buildings fb where fb.promotion_id = p.id and fb.id = any(${buildingIds}::int[])
        ) = cardinality(${buildingIds}::int[])) as ids_ok
      from promotions p where p.id = ${p}
    ), scoped as (
      select l.status,
        -- Parking lots form their own category (null), whatever rooms they were given.
        case when l.lot_type_id <= ${sql.param(LAST_PARKING_LOT_TYPE_ID)}::int then null else l.nb_rooms end as nb_rooms,
        f.id as floor_id, f.number as floor_number, f.title as floor_title, f.sort_order as floor_sort,
        ${amountSql} as amount,
        (not pr.my_agency or l.status in (0, 1) or exists (
          select 1 from applications a join candidacies cy on cy.id = a.candidacy1_id
          where a.lot_id = l.id and a.hidden = false and a.closed_at is null
            and cy.agency_id = ${sql.param(scope.agencyId)}::int
            and case l.status when 2 then a.status = 0 when 3 then a.status = 1 else a.status >= 2 end
        )) as counted
      from lots l join floors f on f.id = l.floor_id cross join pr
      where ${scopedLotsSql(scope)}
    ), groups as (
      select grouping(nb_rooms, floor_id)::int as grouping, status, nb_rooms, floor_id, floor_number, floor_title, floor_sort,
        (count(*) filter (where counted))::int as count,
        coalesce(sum(amount) filter (where counted), 0)::float8 as amount,
        count(*)::int as stock_count,
        coalesce(sum(amount), 0)::float8 as stock_amount
      from scoped
      group by grouping sets ((status), (status, nb_rooms), (status, floor_id, floor_number, floor_title, floor_sort))
    )
    select pr.id as promotion_id, pr.title as promotion_title, pr.multi_agency, pr.my_agency, pr.ids_ok, g.*
    from pr left join groups g on true
  `,
  );
  const [first] = rows;
  if (!first) return { promotion: null, rows: [] };
  const promotion: DashboardPromotion = {
    id: Number(first.promotion_id),
    title: String(first.promotion_title),
    multi_agency: Boolean(first.multi_agency),
    myAgency: Boolean(first.my_agency),
    idsOk: Boolean(first.ids_ok),
  };
  // grouping(nb_rooms, floor_id): bit 1 = nb_rooms not grouped, bit 0 = floor not grouped.
  const kind = (bits: number): StatusGroupRow['grouping'] => (bits === 3 ? 'status' : bits === 1 ? 'room' : 'floor');
  const groups: StatusGroupRow[] = [];
  for (const row of rows) {
    if (row.grouping === null) continue;
    groups.push({
      grouping: kind(Number(row.grouping)),
      status: Number(row.status),
      nbRooms: row.nb_rooms === null ? null : Number(row.nb_rooms),
      floorId: row.floor_id === null ? null : Number(row.floor_id),
      floorNumber: row.floor_number === null ? null : Number(row.floor_number),
      floorTitle: row.floor_title === null ? null : String(row.floor_title),
      floorSort: row.floor_sort === null ? null : Number(row.floor_sort),
      count: Number(row.count),
      amount: Number(row.amount),
      stockCount: Number(row.stock_count),
      stockAmount: Number(row.stock_amount),
    });
  }
  return { promotion, rows: groups };
};

export type EvolutionRow = { bucket: string; kind: 'reserved' | 'signed'; count: number; amount: number };

/**
 * Lots reserved (deposit confirmed) and signed (promise or act signed, the earlier date) per
 * month in Swiss time, from the live applications of the scoped lots ('Mon agence': of the
 * agency's candidacies only). Months before `firstMonth` are summed in the bucket 'before';
 * months after `lastMonth` are left out.
 */
export const salesEvolution = async (
  db: Queryable,
  scope: DashboardScope,
  firstMonth: string,
  lastMonth: string,
): Promise<EvolutionRow[]> => {
  const rows = await rowsOf(
    db,
    sql`
    with events as (
      select l.id as lot_id, ${amountSql} as amount, e.kind,
             to_char(e.at at time zone 'Europe/Zurich', 'YYYY-MM') as month
      from lots l
      join promotions pr on pr.id = l.promotion_id
      -- The application's promotion named too: the planner then reads the promotion's applications
      -- by their index, not every application of the firm (issue 20).
      join applications a on a.lot_id = l.id and a.promotion_id = l.promotion_id and a.hidden = false and a.closed_at is null
      cross join lateral (values
        ('reserved', a.reservation_deposit_confirmed_at),
        ('signed', least(a.promise_signed_at, a.act_of_purchase_signed_at))
      ) as e(kind, at)
      where ${scopedLotsSql(scope)} and e.at is not null
        and (not ${myAgencySql(scope, 'pr')} or exists (
          select 1 from candidacies cy where cy.id = a.candidacy1_id and cy.agency_id = ${sql.param(scope.agencyId)}::int
        ))
    )
    select case when month < ${sql.param(firstMonth)}::text then 'before' else month end as bucket, kind,
           count(distinct lot_id)::int as count, coalesce(sum(amount), 0)::float8 as amount
    from events
    where month <= ${sql.param(lastMonth)}::text
    group by 1, 2
  `,
  );
  return rows.map((row) => ({
    bucket: String(row.bucket),
    kind: row.kind === 'signed' ? 'signed' : 'reserved',
    count: Number(row.count),
    amount: Number(row.amount),
  }));
};
