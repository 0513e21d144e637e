import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

const openCopy = async (onQuery: OnQuery): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const template = inject('template');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.dump);
    const database = await openPglite(undefined, { loadDataDir: new Blob([dump]), onQuery });
    return { database, drop: async () => {} };
  }
  const name = `promovente_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  const database = await openPostgres(withDatabase(template.url, name), { onQuery });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
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
  const { database, drop } = await openCopy((query, params) => {
    counted += 1;
    capture?.push({ sql: query, params });
  });
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

  const tableRows = await rowsOf<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
  );
  const tables = tableRows.map((r) => r.tablename).filter((t) => !KEEP.has(t));
  const truncate = `truncate ${tables.map((t) => `"${t}"`).join(', ')}, pgboss.job restart identity cascade`;

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
      await database.db.execute(sql.raw(truncate));
      // The versions start again with the data: no answer kept before may be served after.
      app.answers.clear();
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.close();
      await drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
};
