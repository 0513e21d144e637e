import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { executeNamed } from './named-statement.js';

/** A row as a raw statement answers it: column name to value, before the caller reads it. */
export type RawRow = Record<string, unknown>;

/**
 * The rows of a raw statement (sql`...` run with db.execute), typed as the caller's SQL selects
 * them: the one door through which raw rows reach the modules, on both drivers (PGlite and
 * node-postgres both answer { rows }, the shape db/client.ts gives db.execute). `named` runs it
 * as a named prepared statement (db/named-statement.ts), for the lists whose plan is worth
 * keeping; `plans: 'generic'` plans it once per connection (decision 032).
 *
 * A type boundary, not a check: Row states what the SQL selects, with the values as both
 * drivers read them (a bigint or a numeric arrives as a string, a timestamp as a Date, json as
 * an object; cast in the SQL, `::int` or `::float8`, or convert in the row's mapper). Leave Row
 * at RawRow when the mapper converts every column anyway.
 */
export const rowsOf = async <Row extends RawRow = RawRow>(
  db: Queryable,
  query: SQL,
  options: { named?: string; plans?: 'custom' | 'generic' } = {},
): Promise<Row[]> => {
  const result = options.named ? await executeNamed(db, options.named, query, options.plans) : await db.execute(query);
  // The one cast of a raw row: the caller's word for what its SQL selects, checked by its tests.
  return result.rows as Row[];
};

/** The first row of a raw statement (see rowsOf), or undefined when it answers none. */
export const firstRowOf = async <Row extends RawRow = RawRow>(db: Queryable, query: SQL): Promise<Row | undefined> =>
  (await rowsOf<Row>(db, query))[0];
