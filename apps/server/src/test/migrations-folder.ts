import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/client.js';

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

/**
 * A fresh embedded database for a migration's test, closed (and its folder removed) after the
 * file: `migrateUpTo()` builds the schema as it was after `previousTag` (insert the old rows
 * then), `migrateRest()` runs every later migration.
 */
export const databaseBefore = (previousTag: string) => {
  const client = new PGlite();
  const db = drizzle(client);
  let folder = '';
  afterAll(async () => {
    await client.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return {
    client,
    migrateUpTo: async () => {
      folder = await migrationsFolderUpTo(previousTag);
      await migrate(db, { migrationsFolder: folder });
    },
    migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
};
