/**
 * npm run restore-drill -- <source url> <restored url>
 *
 * The restore drill of `.ci/run`: the application opens both databases as it opens its own
 * (db/client.ts) and reads, for every table of the schema, its row count and the md5 of all its
 * rows in a fixed order, and the sequences' positions. Any difference, or a table missing on one side, exits 1.
 */
import { sql } from 'drizzle-orm';
import { type Database, openPostgres } from './client.js';
import { rowsOf } from './rows.js';

type Reading = { table: string; rows: number; md5: string };

/** Counts and checksums of every table of the application's schemas (public and the job queue). */
export const readChecksums = async (database: Database): Promise<Reading[]> => {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle', 'pgboss') order by 1`,
  );
  const readings: Reading[] = [];
  for (const { name } of tables) {
    // Each row as text, in the order of that text: the same rows give the same checksum,
    // whatever order the restore wrote them in.
    const [reading] = await rowsOf<{ rows: number; md5: string }>(
      database.db,
      sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`),
    );
    readings.push({ table: name, ...reading });
  }
  // The sequences too: a restore that lost them would hand out ids that already exist.
  const [sequences] = await rowsOf<{ rows: number; md5: string }>(
    database.db,
    sql`select count(*)::int as rows, md5(coalesce(string_agg(format('%s.%s=%s', schemaname, sequencename, last_value), ',' order by schemaname, sequencename), '')) as md5 from pg_sequences where schemaname in ('public', 'drizzle', 'pgboss')`,
  );
  readings.push({ table: '(sequences)', ...sequences });
  return readings;
};

const main = async () => {
  const [sourceUrl, restoredUrl] = process.argv.slice(2);
  if (!sourceUrl || !restoredUrl) {
    console.error('Usage: npm run restore-drill -- <source url> <restored url>');
    process.exitCode = 2;
    return;
  }
  const [source, restored] = [await openPostgres(sourceUrl), await openPostgres(restoredUrl)];
  try {
    const [before, after] = [await readChecksums(source), await readChecksums(restored)];
    const afterByTable = new Map(after.map((r) => [r.table, r]));
    const names = [...new Set([...before.map((r) => r.table), ...after.map((r) => r.table)])].sort();
    let differences = 0;
    let total = 0;
    for (const table of names) {
      const a = before.find((r) => r.table === table);
      const b = afterByTable.get(table);
      const same = a !== undefined && b !== undefined && a.rows === b.rows && a.md5 === b.md5;
      if (!same) differences += 1;
      total += a?.rows ?? 0;
      console.log(
        `${same ? 'same' : 'DIFF'}  ${table.padEnd(32)} ${String(a?.rows ?? '-').padStart(8)} ${String(b?.rows ?? '-').padStart(8)}  ${a?.md5 ?? '-'}`,
      );
    }
    if (differences > 0) {
      console.error(`Restore drill failed: ${differences} of ${names.length} tables differ.`);
      process.exitCode = 1;
    } else {
      console.log(`Restore drill: ${names.length} tables, ${total} rows, the same counts and checksums in both databases.`);
    }
  } finally {
    await source.close();
    await restored.close();
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
