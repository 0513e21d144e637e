/**
 * npm run seed -- [--scale N] [--copies N [--candidacies N]] [--reset]
 *
 * Opens the database like the server does (DATABASE_URL, else PGlite in ${DATA_DIR}/pglite),
 * migrates it and seeds the demo, then with --scale N the scale dataset (scale.ts). A database
 * that already has promotions is refused unless --reset, which empties every business table
 * first (lot types and floors stay).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { storageOf } from '../../platform/storage.js';
import { type Database, openPglite, openPostgres } from '../client.js';
import { firstRowOf, rowsOf } from '../rows.js';
import { seedDemo } from './demo.js';
import { seedScale } from './scale.js';

const USAGE = `Usage: npm run seed -- [--scale N] [--copies N [--candidacies N]] [--reset]

  --scale N         the demo, then a firm at national scale: 2N promotions of 10 to
                    min(2N, 2000) lots, staff in a handful of promotions each (scale.ts)
  --copies N        N copies of each demo promotion (default 1)
  --candidacies N   candidacies per demo promotion in every copy (default 48 and 74)
  --reset           empty the business tables of a database that already has data`;

const KEEP = new Set(['lot_types', 'floors', 'file_types']);

class UsageError extends Error {}

const positiveInt = (name: string, value: string | undefined, fallback: number | undefined) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} takes a positive integer, not '${value}'`);
  return n;
};

const reset = async (database: Database) => {
  const tables = (
    await rowsOf<{ tablename: string }>(
      database.db,
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
    )
  )
    .map((r) => r.tablename)
    .filter((t) => !KEEP.has(t));
  // The job queue's pending e-mail jobs point at mail_messages rows that are about to go.
  const boss = await firstRowOf<{ job: string | null }>(database.db, sql`select to_regclass('pgboss.job')::text as job`);
  const extra = boss?.job ? ', pgboss.job' : '';
  await database.db.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')}${extra} restart identity cascade`));
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      copies: { type: 'string' },
      candidacies: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = positiveInt('scale', values.scale, undefined);
  const copies = positiveInt('copies', values.copies, 1) as number;
  const candidaciesPerPromotion = positiveInt('candidacies', values.candidacies, undefined);

  // The same configuration as the server, so both open the same database.
  const config = loadConfig();
  const url = config.DATABASE_URL;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const started = Date.now();
  const database = url ? await openPostgres(url) : await openPglite(pgliteDir);
  console.log(url ? `PostgreSQL: ${url.replace(/\/\/[^@/]*@/, '//***@')}` : `PGlite: ${pgliteDir}`);
  try {
    await database.migrate();
    const count = (await firstRowOf<{ n: number }>(database.db, sql`select count(*)::int as n from promotions`))?.n ?? 0;
    if (count > 0) {
      if (!values.reset) {
        console.error(`The database already has ${count} promotion(s); add --reset to empty it and seed again.`);
        process.exitCode = 1;
        return;
      }
      await reset(database);
      console.log('Business tables emptied.');
    }
    await seedDemo(database.db, {
      scale: copies,
      candidaciesPerPromotion,
      log: (message) => console.log(message),
      storage: storageOf(config),
    });
    if (scale) await seedScale(database.db, { scale, log: (message) => console.log(message) });
    // Fresh statistics: a bulk load leaves the planner estimating the old, empty tables
    // (18 candidacies where there were 46,591), and it plans every list badly until autovacuum runs.
    // The vacuum sets the visibility map, without which no index-only scan can happen, and
    // autovacuum may be off on a shared server.
    await database.db.execute(sql`vacuum analyze`);

    const tables = [
      'promotions',
      'users',
      'lots',
      'candidates',
      'candidacies',
      'applications',
      'actions',
      'user_comments',
      'logs',
      'action_lots',
      'notifications',
      'threads',
      'thread_messages',
      'files',
    ];
    const counts = await firstRowOf<Record<string, number>>(
      database.db,
      sql.raw(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`),
    );
    for (const t of tables) console.log(`  ${t.padEnd(16)} ${String(counts?.[t]).padStart(10)}`);
    console.log(
      `Seeded ${scale ? `scale ${scale}` : `${copies} demo cop${copies > 1 ? 'ies' : 'y'}`} in ${((Date.now() - started) / 1000).toFixed(1)} s. Every demo account's password is demo-2026.`,
    );
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  const code = (error as { code?: string }).code ?? '';
  if (error instanceof UsageError || code.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
