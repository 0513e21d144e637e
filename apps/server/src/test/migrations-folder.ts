import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../db/client.js';

/** A copy of the migrations folder as it was up to (and including) the migration `tag`: a migration's test starts from the schema before it. */
export const migrationsFolderUpTo = async (tag: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'promovente-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
};

let emptyFiles: Promise<Blob> | undefined;

/**
 * The files of a new, empty embedded database, made once per worker: loading them is faster than
 * a new database's initdb, and a file's databases no longer make theirs at once when it is
 * collected (the first test of migrations.test.ts waited for all six: 30 s on a slow machine).
 */
const emptyDatabaseFiles = () => {
  emptyFiles ??= (async () => {
    const empty = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const files = await empty.dumpDataDir('none');
    await empty.close();
    return files;
  })();
  return emptyFiles;
};

/**
 * A fresh embedded database for a migration's test, made at its first use and closed (and its
 * folder removed) after the file: `migrateUpTo()` builds the schema as it was after
 * `previousTag` (insert the old rows then), `migrateRest()` runs every later migration.
 */
export const databaseBefore = (previousTag: string) => {
  let opened: Promise<PGlite> | undefined;
  const open = () => {
    opened ??= emptyDatabaseFiles().then((files) => PGlite.create({ loadDataDir: files, extensions: PGLITE_EXTENSIONS }));
    return opened;
  };
  let folder = '';
  afterAll(async () => {
    if (opened) await (await opened).close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  const client = {
    query: (async (...args: Parameters<PGlite['query']>) => (await open()).query(...args)) as PGlite['query'],
    exec: (async (...args: Parameters<PGlite['exec']>) => (await open()).exec(...args)) as PGlite['exec'],
  };
  return {
    client,
    migrateUpTo: async () => {
      folder = await migrationsFolderUpTo(previousTag);
      await migrate(drizzle(await open()), { migrationsFolder: folder });
    },
    migrateRest: async () => migrate(drizzle(await open()), { migrationsFolder: MIGRATIONS_FOLDER }),
  };
};
