import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { seedDemo } from './db/seed/demo.js';
import { startJobs } from './platform/jobs.js';
import { createMailer, MAIL_QUEUE } from './platform/mail.js';
import { purgeExpired } from './platform/maintenance.js';
import { localStorage } from './platform/storage.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const main = async () => {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const started = Date.now();

  const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  log.info({ database: database.kind, ms: Date.now() - started }, 'database migrated');

  // The embedded default seeds the demo on its first run (npm run seed does it on demand).
  if (database.kind === 'pglite') {
    const result = await database.db.execute(sql`select count(*)::int as n from promotions`);
    const promotionCount = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (promotionCount === 0) {
      await seedDemo(database.db, { scale: 1, log: (message) => log.info(message) });
    }
  }

  const jobs = await startJobs(database, { log, pollingIntervalSeconds: config.OUTBOX_POLL_SECONDS, supervise: true });
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  await jobs.work(MAIL_QUEUE, (data: { id: number }, finalAttempt) => mailer.deliver(data.id, finalAttempt));

  const runMaintenance = () => purgeExpired(database.db).catch((err) => log.warn({ err }, 'maintenance failed'));
  await runMaintenance();
  const maintenance = setInterval(runMaintenance, 3600_000);
  maintenance.unref();

  const app = await buildApp({
    config: { ...config, WEB_DIST: config.WEB_DIST ?? path.resolve(here, '../../web/dist') },
    database,
    jobs,
    storage: localStorage(path.join(config.dataDir, 'files')),
    logger: log,
  });

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    clearInterval(maintenance);
    await app.close();
    await jobs.stop();
    await database.close();
  });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  log.info({ ms: Date.now() - started, address }, `Promovente is serving http://localhost:${config.PORT}`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
