import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { executeRaw, type RawRow } from './raw-statement.js';

export type { RawRow };

/**
 * The rows of a raw statement (sql`...` run with db.execute), typed as the caller's SQL selects
 * them: the one door through which raw rows reach the modules, on both drivers (PGlite and
 * node-postgres alike, each row built in one literal: db/raw-statement.ts). `named` runs it as
 * a named prepared statement, for the lists whose plan is worth keeping; `plans: 'generic'`
 * plans it once per connection (decision 032); `json` asks the rows as one JSON document, read
 * at once (decision 042: a page of many rows and columns, its values as JSON writes them).
 *
 * A type boundary, not a check: Row states what the SQL selects, with the values as both
 * drivers read them (a bigint or a numeric arrives as a string, a timestamp as a Date, json as
 * an object; cast in the SQL, `::int` or `::float8`, or convert in the row's mapper). Leave Row
 * at RawRow when the mapper converts every column anyway.
 */
export const rowsOf = async <Row extends RawRow = RawRow>(
  db: Queryable,
  query: SQL,
  options: { named?: string; plans?: 'custom' | 'generic'; json?: boolean } = {},
): Promise<Row[]> => {
  // The one cast of a raw row: the caller's word for what its SQL selects, checked by its tests.
  return (await executeRaw(db, query, options)) as Row[];
};

/** The first row of a raw statement (see rowsOf), or undefined when it answers none. */
export const firstRowOf = async <Row extends RawRow = RawRow>(db: Queryable, query: SQL): Promise<Row | undefined> =>
  (await rowsOf<Row>(db, query))[0];

/**
 * A timestamp of a raw row as the ISO text the API answers ('2026-06-10T09:30:00.000Z'). Under
 * Drizzle, node-postgres leaves a raw row's timestamp as PostgreSQL writes it; in UTC
 * ('2026-06-10 09:30:00+00', a fraction of up to 6 digits before the offset) it is rewritten as
 * text, to the millisecond as Date keeps it: a live page of the funnel parsed 400 of them into
 * Dates and wrote them back (5 % of its Node time, docs/performance.md, 'Rows built in one
 * shape'). A row read as JSON (decision 042) writes it '2026-06-10T09:30:00+00:00' (a fraction
 * the same way): rewritten alike. PGlite's Date, or another offset, go through Date.
 */
export const isoOfTimestamp = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const offset = isUtcText(value) ? 3 : isUtcJson(value) ? 6 : 0;
    if (offset > 0) {
      const fraction = value.length > 20 + offset ? value.slice(20, value.length - offset) : '';
      return `${value.slice(0, 10)}T${value.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
    }
  }
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
};

/** 'YYYY-MM-DD HH:MM:SS+00' or 'YYYY-MM-DD HH:MM:SS.f+00' (1 to 6 digits), a four-digit year. */
const isUtcText = (text: string) => isUtc(text, '+00', 32);

/** 'YYYY-MM-DDTHH:MM:SS+00:00' or 'YYYY-MM-DDTHH:MM:SS.f+00:00', as PostgreSQL writes a timestamp in JSON. */
const isUtcJson = (text: string) => isUtc(text, '+00:00', 84);

const isUtc = (text: string, offset: string, separator: number) =>
  (text.length === 19 + offset.length ||
    (text.length >= 21 + offset.length && text.length <= 26 + offset.length && text.charCodeAt(19) === 46)) &&
  text.endsWith(offset) &&
  text.charCodeAt(4) === 45 &&
  text.charCodeAt(7) === 45 &&
  text.charCodeAt(10) === separator &&
  text.charCodeAt(13) === 58 &&
  text.charCodeAt(16) === 58;
