import type { SQL } from 'drizzle-orm';
import type { Queryable, RawResult, SqlExecutor } from './client.js';

/**
 * The members of a Drizzle database or transaction that its typed API does not expose, and that
 * two doors need: a named prepared statement (db/raw-statement.ts) and the connection of an
 * open transaction, on which pg-boss enqueues (transactionExecutor in db/client.ts). Both
 * drivers (PGlite and node-postgres) have them; the funnel's and the candidacies' lists and every
 * e-mail queued in a transaction go through them, so their tests fail on a Drizzle upgrade that
 * renames them.
 */
export type DrizzleInternals = {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    client: { query: SqlExecutor['executeSql'] };
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ) => { execute: () => Promise<RawResult<Record<string, unknown>>> };
  };
};

/**
 * What Drizzle's prepared query holds on both drivers, that db/raw-statement.ts reads to ask the
 * rows as arrays with Drizzle's own parsers: its logger, its connection (a pool, a transaction's
 * client, or PGlite) and its array-mode config (node-postgres: name, text, rowMode and `types`;
 * PGlite: rowMode and `parsers`).
 */
export type ArrayQuery = {
  logger: { logQuery: (sql: string, params: unknown[]) => void };
  client: {
    query: (
      configOrText: object | string,
      params: unknown[],
      config?: object,
    ) => Promise<{ rows: unknown[][]; fields: { name: string }[] }>;
  };
  queryConfig: { rowMode: 'array' } & ({ types: object } | { parsers: object });
};

// The one cast to Drizzle's internals: its types declare these members protected.
export const drizzleInternals = (db: Queryable): DrizzleInternals => db as unknown as DrizzleInternals;
