import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { genericPlansOf, type Queryable } from './client.js';
import { type ArrayQuery, drizzleInternals } from './drizzle-internals.js';

/** A row as a raw statement answers it: column name to value, before the caller reads it. */
export type RawRow = Record<string, unknown>;

/**
 * Runs a raw statement (called through rowsOf, db/rows.ts) and answers its rows as objects built
 * in one literal per row (docs/performance.md, 'Rows built in one shape'). The drivers' own
 * objects are built a column at a time, which turns a row of more than a dozen columns into V8's
 * slow dictionary form (a funnel row has 80: 3.8 µs a row to build, and slower to read back); the
 * rows are asked as arrays instead, with Drizzle's own value parsers (timestamps as text), and
 * each list of column names gets one function, written once, that builds its row
 * (`{ "id": a[0], ... }`: 0.6 µs). Goes through Drizzle's session, so the query logger (and the
 * statement-count tests) still see the statement.
 *
 * `named` runs it as a named prepared statement: node-postgres parses it once per connection and
 * PostgreSQL may keep its plan, instead of parsing and planning every call. The name carries a
 * hash of the text, so each shape of a list's SQL (its filter combination) is its own statement;
 * PGlite ignores the name. With `plans: 'generic'` it runs on the connections that plan it once
 * (db/client.ts, decision 032): for a statement whose best plan is the same for a small and a
 * large promotion (`npm run bench:plans` shows both).
 */
export const executeRaw = async (
  db: Queryable,
  query: SQL,
  options: { named?: string; plans?: 'custom' | 'generic' } = {},
): Promise<RawRow[]> => {
  const internals = drizzleInternals((options.plans === 'generic' && genericPlansOf(db)) || db);
  const compiled = internals.dialect.sqlToQuery(query);
  const name = options.named ? `${options.named}_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16)}` : undefined;
  const prepared = internals.session.prepareQuery(compiled, undefined, name, true) as unknown as ArrayQuery;
  prepared.logger.logQuery(compiled.sql, compiled.params);
  // node-postgres takes its config first (name, text, rowMode and parsers); PGlite the text, then the config.
  const result =
    'types' in prepared.queryConfig
      ? await prepared.client.query(prepared.queryConfig, compiled.params)
      : await prepared.client.query(compiled.sql, compiled.params, prepared.queryConfig);
  const build = builderOf(result.fields);
  const rows: RawRow[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++) rows[i] = build(result.rows[i]);
  return rows;
};

type Build = (values: unknown[]) => RawRow;

/** One function per list of column names; a few hundred shapes at most (each statement's). */
const builders = new Map<string, Build>();
const MAX_BUILDERS = 2_000;

/**
 * The function that builds a row of these columns in one literal. As the drivers do, a name that
 * comes twice keeps its last value. A column named `__proto__` would set the literal's prototype:
 * such a row is built a key at a time (the drivers' way), which no statement of ours asks for.
 */
const builderOf = (fields: readonly { name: string }[]): Build => {
  const names = fields.map((field) => field.name);
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (build === undefined) {
    if (names.includes('__proto__')) {
      build = (values) => {
        const row: RawRow = {};
        for (let i = 0; i < names.length; i++)
          Object.defineProperty(row, names[i], { value: values[i], enumerable: true, writable: true, configurable: true });
        return row;
      };
    } else {
      const last = new Map(names.map((name, index) => [name, index]));
      build = new Function(
        'a',
        `return { ${[...last].map(([name, index]) => `${JSON.stringify(name)}: a[${index}]`).join(', ')} };`,
      ) as Build;
    }
    if (builders.size >= MAX_BUILDERS) builders.clear();
    builders.set(key, build);
  }
  return build;
};
