import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzleInternals } from './drizzle-internals.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/**
 * What a raw statement answers on both drivers: PGlite's Results and node-postgres's QueryResult
 * both carry the rows (db/rows.ts reads them), so db.execute is typed with that common shape.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RawResult<this['row']>;
}
export type RawResult<Row> = { rows: Row[] };
export type Db = PgDatabase<RowsResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction: what queries run on. */
export type Queryable = Db | Tx;

/** The raw SQL door pg-boss needs: same instance (PGlite) or same pool (PostgreSQL). */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> };

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  executor: SqlExecutor;
  /** The connection string, when on PostgreSQL (pg-boss opens its own pool). */
  url?: string;
  migrate: () => Promise<void>;
  /**
   * Listens to a NOTIFY channel (the live events, platform/events.ts): `onPayload` gets each
   * payload sent by a committed transaction of any process; `onGap` is called when the listening
   * connection was lost and opened again, since what was sent meanwhile never arrives. Answers
   * the function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onGap: () => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const pgliteExecutor = (client: Pick<PGlite, 'query' | 'exec'>): SqlExecutor => ({
  async executeSql(text, values) {
    if (values && values.length > 0) return client.query(text, values);
    // Multi-statement scripts (pg-boss migrations) need exec; answer the last result.
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  },
});

/** The embedded database: persisted in dataDir, or in memory (optionally from a dumped template). */
/** Called for every statement the application sends (tests count queries with it). */
export type OnQuery = (query: string, params: unknown[]) => void;

const queryLogger = (onQuery?: OnQuery) => (onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : false);

/**
 * The extensions the migrations create, which an embedded database must load to open its files:
 * pg_trgm, the candidates' search by trigram (migration 0040), and btree_gin, which lets that
 * index hold the promotion too (0048), both shipped with PGlite as with PostgreSQL.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export const openPglite = async (
  dataDir: string | undefined,
  options: { loadDataDir?: Blob; onQuery?: OnQuery } = {},
): Promise<Database & { pglite: PGlite }> => {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) }) as Db;
  return {
    kind: 'pglite',
    db,
    /** The embedded client itself (the tests' template dumps its data directory). */
    pglite: client,
    executor: pgliteExecutor(client),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process, one connection: nothing is ever lost between the database and its listener.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
};

/**
 * The database whose connections plan a named statement once (db/raw-statement.ts), beside the
 * one that plans every call for its values: a Db's door to it, set by openPostgres. A
 * transaction, or PGlite, has none, and runs such statements as any other.
 */
const GENERIC_PLANS = Symbol('generic plans');
export const genericPlansOf = (db: Queryable): Db | undefined => (db as { [GENERIC_PLANS]?: Db })[GENERIC_PLANS];

/**
 * The settings of the application's connections to PostgreSQL (docs/performance.md#the-server),
 * the plans apart: a tool that explains the application's statements (npm run bench:plans) runs
 * them under the same ones, or it measures a JIT compilation the application never does.
 */
export const STATEMENT_SETTINGS = '-c jit=off -c max_parallel_workers_per_gather=0';

export const openPostgres = async (
  url: string,
  options: { onError?: (error: Error) => void; onQuery?: OnQuery; poolSize?: number } = {},
): Promise<Database> => {
  const poolOf = (max: number, plans: 'force_custom_plan' | 'force_generic_plan') => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // A database that does not answer fails the query within 5 s (a 503, platform/errors.ts)
      // instead of holding the request until the client gives up.
      connectionTimeoutMillis: 5000,
      // Settings for many short statements (docs/performance.md#the-server): no JIT compilation
      // (45 to 67 ms on a large promotion's list for queries that run in a few); no parallel
      // workers, whose start costs more than the short reads save when fifty requests share two
      // cores; and the plans (decision 032): the main pool plans each call for its values, never
      // generically (a generic plan cannot tell a 10-lot promotion from a 2,000-lot one: sorted
      // by name, the candidates screen of the big one took 183 ms against 16); the second plans
      // a named statement once, for the statements whose plan does not depend on the promotion's
      // size: the session's, run by every request, and the funnel's page (decision 037).
      options: `${STATEMENT_SETTINGS} -c plan_cache_mode=${plans}`,
    });
    // An idle connection dropped by the server (restart, terminated backend) is an event, not a
    // crash: pg discards that client and the next query opens a new one, so the application
    // recovers by itself once the database is back.
    pool.on('error', (error) => options.onError?.(error));
    return pool;
  };
  const poolSize = options.poolSize ?? 10;
  const pool = poolOf(poolSize, 'force_custom_plan');
  const genericPool = poolOf(Math.max(2, Math.ceil(poolSize / 2)), 'force_generic_plan');
  const logger = queryLogger(options.onQuery);
  const db = drizzleNodePg(pool, { schema, logger }) as Db;
  Object.defineProperty(db, GENERIC_PLANS, { value: drizzleNodePg(genericPool, { schema, logger }) as Db });
  return {
    kind: 'postgres',
    db,
    url,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    migrate: () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, onPayload, onGap) => listenOnPostgres(url, channel, { onPayload, onGap, onError: options.onError }),
    close: async () => {
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
};

/** How long a lost listening connection waits before it opens again: 0.5 s, doubled up to 10 s. */
const RELISTEN_MS = { first: 500, max: 10_000 };

/**
 * A connection of its own, outside the pools, that LISTENs for as long as the process runs: a
 * pooled connection would be handed to other queries. Lost (the server restarted, the backend
 * was ended), it opens again with a growing wait and reports the gap.
 */
const listenOnPostgres = async (
  url: string,
  channel: string,
  handlers: { onPayload: (payload: string) => void; onGap: () => void; onError?: (error: Error) => void },
): Promise<() => Promise<void>> => {
  let client: pg.Client | null = null;
  let stopped = false;
  let wait = RELISTEN_MS.first;
  let retry: NodeJS.Timeout | null = null;
  const open = async (afterGap: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    next.on('error', (error) => {
      handlers.onError?.(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    wait = RELISTEN_MS.first;
    if (afterGap) handlers.onGap();
  };
  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    const again = () => {
      retry = null;
      if (stopped) return;
      open(true).catch((error: Error) => {
        handlers.onError?.(error);
        wait = Math.min(wait * 2, RELISTEN_MS.max);
        retry = setTimeout(again, wait);
        retry.unref();
      });
    };
    retry = setTimeout(again, wait);
    retry.unref();
  };
  await open(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
};

/** The executor of an open transaction, so that pg-boss enqueues inside it. */
export const transactionExecutor = (tx: Tx): SqlExecutor => {
  const { client } = drizzleInternals(tx).session;
  return { executeSql: (text, values) => client.query(text, values ?? []) };
};
