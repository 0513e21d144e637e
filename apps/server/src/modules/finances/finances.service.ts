import { FINANCE_FIELD_KEYS, FINANCES_MESSAGES, type FinancesAnswer, type FinancesRecord, type FinancesValues } from '@promovente/shared';
import type { Db, Queryable } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import {
  ensureFinancesRow,
  type FinancesRow,
  financesPromotionOf,
  selectToday,
  type TodayRow,
  updateFinancesRow,
} from './finances.queries.js';

/**
 * The finances (docs/product/finances.md): one record per promotion, created empty on its first
 * read; brokers, pilots and non-light investors read it (the route refuses the light investor),
 * pilots save it whole. Beside it, what the sales give today, computed in SQL on every read.
 */

const numberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

const toToday = (row: TodayRow) => ({
  housing_amount: numberOrNull(row.housing_amount),
  housing_price_per_m2: numberOrNull(row.housing_price_per_m2),
  shops_amount: numberOrNull(row.shops_amount),
  shops_price_per_m2: numberOrNull(row.shops_price_per_m2),
  housing_lots: Number(row.housing_lots ?? 0),
  shops_lots: Number(row.shops_lots ?? 0),
});

const toRecord = (row: FinancesRow, today: TodayRow): FinancesRecord => {
  const values = Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, numberOrNull(row[key])])) as FinancesValues;
  return {
    id: Number(row.id),
    promotion_id: Number(row.promotion_id),
    updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    ...values,
    today: toToday(today),
  };
};

const recordOf = async (db: Queryable, row: FinancesRow) => toRecord(row, await selectToday(db, Number(row.promotion_id)));

/** GET /finances?promotion_id={id}. */
export const getFinances = async (db: Db, actor: RequestActor, promotionId: number): Promise<FinancesAnswer> => {
  await assertMemberOf(db, actor, promotionId);
  return { data: await recordOf(db, await ensureFinancesRow(db, promotionId)) };
};

/** PUT /finances/{id}: the full record; another promotion's record answers 404. */
export const saveFinances = async (deps: WriteDeps, actor: RequestActor, id: number, values: FinancesValues): Promise<FinancesAnswer> => {
  const data = await runWrite(
    deps,
    actor,
    (tx) => financesPromotionOf(tx, id),
    async ({ tx }) => ({ data: await recordOf(tx, await updateFinancesRow(tx, id, values, actor.id)), log: null }),
    () => notFound(),
  );
  return { data, message: FINANCES_MESSAGES.saved };
};
