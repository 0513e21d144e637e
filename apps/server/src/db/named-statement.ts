import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Queryable, RawResult } from './client.js';
import { drizzleInternals } from './drizzle-internals.js';

/**
 * Runs a raw statement as a named prepared statement (docs/performance.md#patterns-for-lists):
 * node-postgres parses it once per connection and PostgreSQL may keep its plan, instead of
 * parsing and planning every call. The name carries a hash of the text, so each shape of a
 * list's SQL (its filter combination) is its own statement. PGlite ignores the name. Goes
 * through Drizzle's session, so the query logger (and the statement-count tests) still see it.
 * Called through rowsOf(db, query, { named }) (db/rows.ts).
 */
export const executeNamed = async (db: Queryable, name: string, query: SQL): Promise<RawResult<Record<string, unknown>>> => {
  const internals = drizzleInternals(db);
  const compiled = internals.dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
  return internals.session.prepareQuery(compiled, undefined, `${name}_${hash}`, false).execute();
};
