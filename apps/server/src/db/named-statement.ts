import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { genericPlansOf, type Queryable, type RawResult } from './client.js';
import { drizzleInternals } from './drizzle-internals.js';

/**
 * Runs a raw statement as a named prepared statement (docs/performance.md#patterns-for-lists):
 * node-postgres parses it once per connection and PostgreSQL may keep its plan, instead of
 * parsing and planning every call. The name carries a hash of the text, so each shape of a
 * list's SQL (its filter combination) is its own statement. PGlite ignores the name. Goes
 * through Drizzle's session, so the query logger (and the statement-count tests) still see it.
 * Called through rowsOf(db, query, { named }) (db/rows.ts). With `plans: 'generic'` it runs on the
 * connections that plan it once (db/client.ts, decision 032): for a statement whose best plan is
 * the same for a small and a large promotion (`npm run bench:plans` shows both).
 */
export const executeNamed = async (
  db: Queryable,
  name: string,
  query: SQL,
  plans: 'custom' | 'generic' = 'custom',
): Promise<RawResult<Record<string, unknown>>> => {
  const internals = drizzleInternals((plans === 'generic' && genericPlansOf(db)) || db);
  const compiled = internals.dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
  return internals.session.prepareQuery(compiled, undefined, `${name}_${hash}`, false).execute();
};
