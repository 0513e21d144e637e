import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.js';

/** Every table of the schema, by its name in SQL. */
const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table));

/**
 * The tables a statement's text names (a word that only looks like a table name counts too: a
 * check built on it errs on the side of more tables, never fewer).
 */
export const tablesOf = (sql: string) => TABLES.filter((name) => new RegExp(`\\b${name}\\b`).test(sql));

/** The session's statement: it reads the token, the account and the data version, before any cache. */
export const isSession = (sql: string) => sql.includes('"auth_tokens"."token_hash"');
