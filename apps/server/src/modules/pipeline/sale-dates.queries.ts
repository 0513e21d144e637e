import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A live application's planned promise (PDV) and act of purchase (SIGN), with its lot's reference. */
export type PlannedSaleDatesRecord = {
  application_id: number;
  lot_reference: string;
  promise_planned_at: Date | string | null;
  act_of_purchase_at: Date | string | null;
};

/**
 * The planned sales dates of a promotion (docs/product/planning.md#screens, the sales lane): the
 * dates the pipeline's 'planPromise' and 'planAct' steps set on the live applications (not
 * hidden, not closed), one statement along applications_promotion_status_idx.
 */
export const selectPlannedSaleDates = async (db: Queryable, promotionId: number): Promise<PlannedSaleDatesRecord[]> => {
  return rowsOf<PlannedSaleDatesRecord>(
    db,
    sql`
    select a.id as application_id, l.reference as lot_reference, a.promise_planned_at, a.act_of_purchase_at
    from applications a
    join lots l on l.id = a.lot_id
    where a.promotion_id = ${promotionId} and a.hidden = false and a.closed_at is null
      and (a.promise_planned_at is not null or a.act_of_purchase_at is not null)
    order by least(a.promise_planned_at, a.act_of_purchase_at), a.id
    limit 5000`,
  );
};
