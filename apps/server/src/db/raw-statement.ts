import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { genericPlansOf, type Queryable } from './client.js';
import { type ArrayQuery, drizzleInternals } from './drizzle-internals.js';
import { renderStatement } from './render.js';

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
  options: { named?: string; plans?: 'custom' | 'generic'; json?: boolean } = {},
): Promise<RawRow[]> => {
  const internals = drizzleInternals((options.plans === 'generic' && genericPlansOf(db)) || db);
  const compiled = renderStatement(query, (whole) => internals.dialect.sqlToQuery(whole));
  const columns = options.json ? await columnsOf(internals, compiled) : null;
  const statement = columns === null ? compiled : { sql: asOneDocument(compiled.sql, columns), params: compiled.params };
  const name = options.named ? `${options.named}_${createHash('sha1').update(statement.sql).digest('hex').slice(0, 16)}` : undefined;
  const prepared = internals.session.prepareQuery(statement, undefined, name, true) as unknown as ArrayQuery;
  prepared.logger.logQuery(statement.sql, statement.params);
  const result = await run(prepared, statement);
  if (columns !== null) {
    const values = JSON.parse(String(result.rows[0]?.[0] ?? '[]')) as unknown[][];
    const build = builderOf(columns);
    for (let i = 0; i < values.length; i++) (values as unknown[])[i] = build(values[i]);
    return values as unknown as RawRow[];
  }
  const build = builderOf(result.fields);
  const rows: RawRow[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++) rows[i] = build(result.rows[i]);
  return rows;
};

type Statement = { sql: string; params: unknown[] };

/** node-postgres takes its config first (name, text, rowMode and parsers); PGlite the text, then the config. */
const run = (prepared: ArrayQuery, statement: Statement) =>
  'types' in prepared.queryConfig
    ? prepared.client.query(prepared.queryConfig, statement.params)
    : prepared.client.query(statement.sql, statement.params, prepared.queryConfig);

/**
 * `json`: the rows travel as one JSON document of arrays, one per row, that PostgreSQL builds
 * and JSON.parse reads at once (decision 042): the driver reads each column of each row on its
 * own (a text, then a parser); read as one document, a request of the lots' page costs the server
 * 2.14 ms instead of 2.51, the candidates' 2.85 instead of 3.19, for 0.1 and 0.2 ms more of
 * PostgreSQL's (the funnel's would cost it more than it saves). The rows are then built as
 * above, by their columns' names, with the values as JSON writes them: a timestamp as
 * '2026-06-11T09:30:00+00:00' (read by isoOfTimestamp or a Date as the driver's text is), a bigint
 * or a numeric as a number, json and arrays as they are. The statement's outer level keeps its
 * order (a sorted subquery feeds the aggregate in order: PostgreSQL's documentation of aggregate
 * functions). Its columns are asked once per text (`limit 0`, not logged: the statement counts
 * see the one statement a call runs); a statement of more than 100 columns (json_build_array's
 * limit) or naming one twice runs as rows.
 */
const columnsOf = async (internals: ReturnType<typeof drizzleInternals>, compiled: Statement): Promise<string[] | null> => {
  const known = columnsByText.get(compiled.sql);
  if (known !== undefined) return known;
  const probe = { sql: `select * from (${compiled.sql}) x limit 0`, params: compiled.params };
  const prepared = internals.session.prepareQuery(probe, undefined, undefined, true) as unknown as ArrayQuery;
  const names = (await run(prepared, probe)).fields.map((field) => field.name);
  const columns = names.length > 100 || new Set(names).size < names.length ? null : names;
  if (columnsByText.size >= MAX_BUILDERS) columnsByText.clear();
  columnsByText.set(compiled.sql, columns);
  return columns;
};

const columnsByText = new Map<string, string[] | null>();

const asOneDocument = (text: string, columns: readonly string[]) =>
  `select coalesce(json_agg(json_build_array(${columns.map((name) => `x."${name.replaceAll('"', '""')}"`).join(', ')})), '[]')::text from (${text}) x`;

type Build = (values: unknown[]) => RawRow;

/** One function per list of column names; a few hundred shapes at most (each statement's). */
const builders = new Map<string, Build>();
const MAX_BUILDERS = 2_000;

/**
 * The function that builds a row of these columns in one literal. As the drivers do, a name that
 * comes twice keeps its last value. A column named `__proto__` would set the literal's prototype:
 * such a row is built a key at a time (the drivers' way), which no statement of ours asks for.
 */
const builderOf = (fields: readonly ({ name: string } | string)[]): Build => {
  const names = fields.map((field) => (typeof field === 'string' ? field : field.name));
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
