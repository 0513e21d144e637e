import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';
import { startJobs } from '../platform/jobs.js';

export type TemplateInfo = { kind: 'pglite'; dump: string } | { kind: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    template: TemplateInfo;
  }
}

const silent = pino({ level: 'silent' });

/** Where a database of that name lives on the server of `url`. */
export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Migrates one template database for the whole run (PGlite costs seconds to create):
 * every test file then opens its own copy of it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `promovente_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openPostgres(withDatabase(serverUrl, template));
    await database.migrate();
    const jobs = await startJobs(database, { log: silent, pollingIntervalSeconds: 1, supervise: false });
    await jobs.stop();
    await database.close();
    project.provide('template', { kind: 'postgres', url: serverUrl, template });
    return async () => {
      // The copies the workers kept for their next files (harness.ts), then the template.
      const copies = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${template}\\_copy\\_%'`);
      for (const { datname } of copies.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'promovente-template-'));
  const database = await openPglite(undefined);
  await database.migrate();
  const jobs = await startJobs(database, { log: silent, pollingIntervalSeconds: 1, supervise: false });
  await jobs.stop();
  const dump = path.join(dir, 'template.tar.gz');
  await writeFile(dump, Buffer.from(await (await database.pglite.dumpDataDir('gzip')).arrayBuffer()));
  await database.close();
  project.provide('template', { kind: 'pglite', dump });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
