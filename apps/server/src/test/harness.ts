import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type OnQuery, openPglite, openPostgres } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { type Jobs, startJobs } from '../platform/jobs.js';
import { localStorage, type Storage } from '../platform/storage.js';
import { withDatabase } from './global-setup.js';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  /** The folder of the stored files (platform/storage.ts), emptied at close. */
  filesDir: string;
  /** Empties every business table (reference data stays), between tests. */
  reset: () => Promise<void>;
  /** Counts the statements the application sends while `work` runs. */
  countQueries: (work: () => Promise<unknown>) => Promise<number>;
  /** The statements (text and parameters) the application sends while `work` runs. */
  captureQueries: (work: () => Promise<unknown>) => Promise<SentStatement[]>;
  close: () => Promise<void>;
};

export type SentStatement = { sql: string; params: unknown[] };

const KEEP = new Set(['lot_types', 'floors', 'file_types']);

type Copy = { database: Database; release: () => Promise<void> };

/**
 * What makes an embedded database the template's again once its business tables are emptied: its
 * schema, triggers (and whether they fire), functions, the reference data and the migrations and
 * job tables' rows. A file that changed any of them leaves a database that is not used again.
 */
const FINGERPRINT = `select md5(string_agg(part, ',' order by part)) as fingerprint from (
  select n.nspname || '.' || c.relname || ':' || c.relkind::text as part from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger
  union all select p.proname || ':' || coalesce(md5(p.prosrc), '') from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
  union all select 'lot_types:' || md5(string_agg(t::text, ',' order by t::text)) from lot_types t
  union all select 'floors:' || md5(string_agg(t::text, ',' order by t::text)) from floors t
  union all select 'file_types:' || md5(string_agg(t::text, ',' order by t::text)) from file_types t
  union all select 'migrations:' || count(*) from drizzle.__drizzle_migrations
  union all select 'queues:' || count(*) from pgboss.queue
  union all select 'jobs:' || count(*) from pgboss.job
  union all select sequencename || ':' || coalesce(last_value, 0) from pg_sequences where schemaname = 'drizzle'
) parts`;

const fingerprintOf = async (database: Database) =>
  (await rowsOf<{ fingerprint: string }>(database.db, sql.raw(FINGERPRINT)))[0].fingerprint;

/**
 * The embedded databases this worker's files closed, emptied, for its next files (their modules
 * are shared: vitest.config.ts). Loading a copy of the template costs 1.5 to 2.5 s; emptying one,
 * a few tens of milliseconds. A copy is used again only if its fingerprint is the template's.
 */
const idle: { database: Database & { pglite: PGlite }; forward: { onQuery: OnQuery } }[] = [];
let templateFingerprint: string | undefined;

const openPgliteCopy = async (onQuery: OnQuery, truncate: (database: Database) => Promise<void>): Promise<Copy> => {
  let copy = idle.pop();
  if (copy) copy.forward.onQuery = onQuery;
  else {
    const forward = { onQuery };
    const dump = await readFile((inject('template') as { dump: string }).dump);
    const database = await openPglite(undefined, {
      loadDataDir: new Blob([dump]),
      onQuery: (query, params) => forward.onQuery(query, params),
    });
    templateFingerprint ??= await fingerprintOf(database);
    copy = { database, forward };
  }
  const { database, forward } = copy;
  return {
    database,
    release: async () => {
      forward.onQuery = () => {};
      if (database.pglite.closed) return;
      let reusable = false;
      try {
        await truncate(database);
        // Session settings, prepared statements and listened channels go with the file.
        await database.pglite.exec('discard all');
        reusable = (await fingerprintOf(database)) === templateFingerprint;
      } catch {
        // A database its file left unusable is not used again.
      }
      if (reusable) idle.push({ database, forward });
      else await database.close();
    },
  };
};

/**
 * The PostgreSQL databases this worker's files closed, emptied, for its next files: creating one
 * from the template and dropping it cost about 1.3 s a file; emptying one, tens of milliseconds.
 * Their names start with the template's, so the run's teardown drops them (global-setup.ts).
 */
const idlePostgres: string[] = [];
let postgresTemplateFingerprint: string | undefined;

const openPostgresCopy = async (onQuery: OnQuery, truncate: (database: Database) => Promise<void>): Promise<Copy> => {
  const template = inject('template');
  if (template.kind !== 'postgres') throw new Error('no PostgreSQL template');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: template.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let name = idlePostgres.pop();
  const fresh = name === undefined;
  if (name === undefined) {
    name = `${template.template}_copy_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(`create database ${name} template ${template.template}`);
  }
  const database = await openPostgres(withDatabase(template.url, name), { onQuery });
  if (fresh) postgresTemplateFingerprint ??= await fingerprintOf(database);
  return {
    database,
    release: async () => {
      let reusable = false;
      try {
        await truncate(database);
        reusable = (await fingerprintOf(database)) === postgresTemplateFingerprint;
      } catch {
        // A database its file left unusable is not used again.
      }
      // Session settings, prepared statements and listened channels go with the connections.
      await database.close();
      if (reusable) idlePostgres.push(name);
      else await admin(`drop database if exists ${name} with (force)`);
    },
  };
};

/** The statement that empties every business table (reference data stays) and the job queue. */
const truncateStatementOf = async (database: Database) => {
  const tableRows = await rowsOf<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
  );
  const tables = tableRows.map((r) => r.tablename).filter((t) => !KEEP.has(t));
  return `truncate ${tables.map((t) => `"${t}"`).join(', ')}, pgboss.job restart identity cascade`;
};

/** One application over its own copy of the migrated template database, for one test file. */
/**
 * `config` changes the configuration of the test's application; by default its e-mails are kept
 * (no SMTP) and shown to admins as in production (no local mailbox). `promotionQuotaBytes` sets
 * the storage quota of each promotion; `storage` replaces the local folder (the S3 driver's tests).
 */
export const createTestContext = async (
  options: Pick<AppDeps, 'onRoute'> & { config?: Partial<Config>; promotionQuotaBytes?: number; storage?: Storage } = {},
): Promise<TestContext> => {
  let counted = 0;
  let capture: SentStatement[] | null = null;
  const onQuery: OnQuery = (query, params) => {
    counted += 1;
    capture?.push({ sql: query, params });
  };
  let emptying = '';
  const truncate = async (database: Database) => {
    await database.db.execute(sql.raw(emptying));
  };
  const { database, release } =
    inject('template').kind === 'pglite' ? await openPgliteCopy(onQuery, truncate) : await openPostgresCopy(onQuery, truncate);
  const log = pino({ level: 'silent' });
  const jobs = await startJobs(database, { log, pollingIntervalSeconds: 1, supervise: false });
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'promovente-files-'));
  const config = { ...loadConfig({}), SMTP_URL: undefined, WEB_DIST: '', localMailbox: false, ...options.config };
  const app = await buildApp({
    config,
    database,
    jobs,
    storage: options.storage ?? localStorage(filesDir, options.promotionQuotaBytes),
    logger: process.env.TEST_LOG ? pino({ level: 'error' }) : false,
    onRoute: options.onRoute,
  });
  await app.ready();

  emptying = await truncateStatementOf(database);

  return {
    app,
    database,
    jobs,
    filesDir,
    countQueries: async (work) => {
      const before = counted;
      await work();
      return counted - before;
    },
    captureQueries: async (work) => {
      const sent: SentStatement[] = [];
      capture = sent;
      try {
        await work();
      } finally {
        capture = null;
      }
      return sent;
    },
    reset: async () => {
      await database.db.execute(sql.raw(emptying));
      // The versions start again with the data: no answer kept before may be served after.
      app.answers.clear();
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await release();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
};
