import { type SQL, sql } from 'drizzle-orm';

/**
 * The page a list answers, in SQL (docs/performance.md#patterns-for-lists): the one asked, or the
 * last one when the call asks past it, and 1 for an empty list. `total` is the count's column.
 */
export const answeredPage = (asked: number, total: SQL, perPage: number): SQL =>
  sql`least(${sql.param(asked)}::int, greatest(1, ceil(${total} / ${sql.param(perPage)}::numeric)::int))`;
