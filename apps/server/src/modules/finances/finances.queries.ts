import { FINANCE_FIELD_KEYS, type FinanceField, type FinancesValues, HOUSING_LOT_TYPE_IDS, SHOP_LOT_TYPE_IDS } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * SQL only: the finances record of a promotion (docs/product/finances.md) and the figures its
 * sales give today. The record is reached by finances_promotion_unique, the sales along
 * applications_promotion_status_idx.
 */

export type FinancesRow = { id: number; promotion_id: number; updated_at: Date | string | null } & Record<
  FinanceField,
  string | number | null
>;

const recordColumns = sql.raw(['id', 'promotion_id', 'updated_at', ...FINANCE_FIELD_KEYS].join(', '));

/** The promotion's record, created empty by this same statement when it has none yet. */
export const ensureFinancesRow = async (db: Queryable, promotionId: number): Promise<FinancesRow> => {
  const [row] = await rowsOf<FinancesRow>(
    db,
    sql`
      with created as (
        insert into finances (promotion_id) values (${promotionId}) on conflict (promotion_id) do nothing returning ${recordColumns}
      )
      select ${recordColumns} from created
      union all
      select ${recordColumns} from finances where promotion_id = ${promotionId}
      limit 1`,
  );
  return row;
};

/** The promotion of a record, or null when it does not exist. */
export const financesPromotionOf = async (db: Queryable, id: number): Promise<number | null> => {
  const [row] = await rowsOf<{ promotion_id: number }>(db, sql`select promotion_id from finances where id = ${id}`);
  return row ? Number(row.promotion_id) : null;
};

/** Every field replaced (the full body), with the time and author of the save. */
export const updateFinancesRow = async (db: Queryable, id: number, values: FinancesValues, userId: number): Promise<FinancesRow> => {
  const assignments = sql.join(
    FINANCE_FIELD_KEYS.map((key) => sql`${sql.raw(key)} = ${values[key]}`),
    sql`, `,
  );
  const [row] = await rowsOf<FinancesRow>(
    db,
    sql`update finances set ${assignments}, updated_at = now(), updated_by_id = ${userId} where id = ${id} returning ${recordColumns}`,
  );
  return row;
};

export type TodayRow = {
  housing_lots: number | string;
  housing_amount: number | string | null;
  housing_price_per_m2: number | string | null;
  shops_lots: number | string;
  shops_amount: number | string | null;
  shops_price_per_m2: number | string | null;
};

const idList = (ids: readonly number[]) => sql.raw(ids.map(Number).join(', '));

/**
 * The sales today: the promotion's reserved and signed lots (displayed status 3 Réservé or
 * 4 Signé, which the live application at Réservé, Promesse de vente or Vendu gives them), each at
 * its live application's negotiated price when one is set, else its price; amounts in KCHF, the
 * average price per m² over the lots with a habitable area. Read along lots_promotion_status_idx,
 * the application by its lot (applications_one_live_reservation_per_lot).
 */
export const selectToday = async (db: Queryable, promotionId: number): Promise<TodayRow> => {
  const housing = sql`l.lot_type_id in (${idList(HOUSING_LOT_TYPE_IDS)})`;
  const shops = sql`l.lot_type_id in (${idList(SHOP_LOT_TYPE_IDS)})`;
  const price = sql`coalesce(a.negociated_price, l.raw_price)::numeric`;
  const [row] = await rowsOf<TodayRow>(
    db,
    sql`
      select
        count(*) filter (where ${housing})::int as housing_lots,
        round(sum(${price}) filter (where ${housing}) / 1000, 2) as housing_amount,
        round(sum(${price}) filter (where ${housing} and l.area_hab > 0)
          / nullif(sum(l.area_hab) filter (where ${housing} and l.area_hab > 0), 0)) as housing_price_per_m2,
        count(*) filter (where ${shops})::int as shops_lots,
        round(sum(${price}) filter (where ${shops}) / 1000, 2) as shops_amount,
        round(sum(${price}) filter (where ${shops} and l.area_hab > 0)
          / nullif(sum(l.area_hab) filter (where ${shops} and l.area_hab > 0), 0)) as shops_price_per_m2
      from lots l
      left join lateral (
        select negociated_price from applications
        where lot_id = l.id and status >= 1 and hidden = false and closed_at is null
        limit 1
      ) a on true
      where l.promotion_id = ${promotionId} and l.status in (3, 4)`,
  );
  return row;
};
