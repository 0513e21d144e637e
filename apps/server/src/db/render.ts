import { Column, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';

/** A statement's text and parameters, as a driver takes them. */
export type Compiled = { sql: string; params: unknown[] };

/**
 * When set (the server's tests: vitest.config.ts), every statement rendered here is rendered by
 * Drizzle too, and a difference throws: the whole suite checks this walk against Drizzle's.
 */
const CHECK = process.env.PROMOVENTE_CHECK_RENDER === '1';

/**
 * A raw statement's text and parameters (db/raw-statement.ts). A list's page statement is text,
 * statements nested in it and parameters, its column names written out or rendered once
 * (db/rendered-once.ts), or Drizzle's tables and columns: for those this walk renders it as Drizzle
 * does, without Drizzle's test of each chunk against every kind it knows (its `is()` walks each
 * chunk's prototype chain), which cost the lots' page 281 µs of the server's CPU a request, the
 * candidates' 131 (decision 043). A statement holding anything else (a view, a subquery,
 * a placeholder, an inlined statement, a column named by casing) goes to Drizzle's own
 * rendering, as before.
 */
export const renderStatement = (query: SQL, drizzle: (query: SQL) => Compiled): Compiled => {
  const text: string[] = [];
  const params: unknown[] = [];
  if (!walk(query, text, params)) return drizzle(query);
  const fast = { sql: text.join(''), params };
  if (CHECK) expectSameRendering(fast, drizzle(query));
  return fast;
};

const walk = (query: SQL, text: string[], params: unknown[]): boolean => {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks) if (!walkChunk(chunk, text, params)) return false;
  return true;
};

const walkChunk = (chunk: unknown, text: string[], params: unknown[]): boolean => {
  if (chunk === undefined) return true;
  if (chunk instanceof StringChunk) {
    text.push(chunk.value.length === 1 ? chunk.value[0] : chunk.value.join(''));
  } else if (chunk instanceof SQL) {
    return walk(chunk, text, params);
  } else if (chunk instanceof Column) {
    // As Drizzle writes a column: its table's name (an alias's, or schema-qualified), then its own.
    if (chunk.keyAsName) return false;
    text.push(`${tableName(chunk.table as unknown as Record<symbol, unknown>)}.${escapeName(chunk.name)}`);
  } else if (chunk instanceof Table) {
    text.push(tableName(chunk as unknown as Record<symbol, unknown>));
  } else if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) return false;
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) return false;
    params.push(value);
    text.push(`$${params.length}`);
  } else if (Array.isArray(chunk)) {
    // A list (inArray's values): in parentheses, separated by commas.
    text.push('(');
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) text.push(', ');
      if (!walkChunk(chunk[i], text, params)) return false;
    }
    text.push(')');
  } else if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
    // A value written in the template (sql`... ${value}`): Drizzle makes it a parameter.
    params.push(chunk);
    text.push(`$${params.length}`);
  } else {
    return false;
  }
  return true;
};

const NAME = Symbol.for('drizzle:Name');
const SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

const escapeName = (name: string) => `"${name.replaceAll('"', '""')}"`;

const tableName = (table: Record<symbol, unknown>) => {
  const schema = table[SCHEMA] as string | undefined;
  const name = escapeName(table[NAME] as string);
  return schema === undefined || table[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`;
};

const expectSameRendering = (fast: Compiled, drizzle: Compiled) => {
  const same =
    fast.sql === drizzle.sql &&
    fast.params.length === drizzle.params.length &&
    fast.params.every((value, index) => Object.is(value, drizzle.params[index]));
  if (!same) throw new Error(`renderStatement differs from Drizzle's rendering:\n${fast.sql}\n---\n${drizzle.sql}`);
};
