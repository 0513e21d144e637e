import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { firstRowOf } from './db/rows.js';
import { seedDemo } from './db/seed/demo.js';
import { runCrmSend } from './modules/crm/crm.job.js';
import { CRM_QUEUE } from './modules/crm/crm.service.js';
import { salesforceSettingsOf } from './modules/crm/salesforce.js';
import { startJobs } from './platform/jobs.js';
import { createLogger } from './platform/log.js';
import { createMailer, MAIL_QUEUE } from './platform/mail.js';
import { startMaintenance } from './platform/maintenance.js';
import { HEARTBEAT_MS, registerProcess, sharedSettingsOf } from './platform/process-registry.js';
import { prepareAnswerSerialisers } from './platform/routes.js';
import { storageOf } from './platform/storage.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The stop's bounds: requests in flight drain for at most 6 s, the whole stop takes at most 10 s. */
const DRAIN_MAX_MS = 6000;
const STOP_LIMIT_MS = 10_000;

const main = async () => {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const started = Date.now();

  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, {
        poolSize: config.DATABASE_POOL_SIZE,
        onError: (err) => log.warn({ err }, 'database connection lost'),
      })
    : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  log.info({ database: database.kind, ms: Date.now() - started }, 'database migrated');

  // The embedded default seeds the demo on its first run (npm run seed does it on demand).
  if (database.kind === 'pglite') {
    const promotions = await firstRowOf<{ n: number }>(database.db, sql`select count(*)::int as n from promotions`);
    const promotionCount = Number(promotions?.n ?? 0);
    if (promotionCount === 0) {
      await seedDemo(database.db, {
        scale: 1,
        log: (message) => log.info(message),
        storage: storageOf(config),
      });
    }
  }

  // Several processes may serve one PostgreSQL database: each checks that it shares their settings.
  const registration = database.kind === 'postgres' ? await registerProcess(database.db, sharedSettingsOf(config)) : null;
  const heartbeat = registration
    ? setInterval(() => registration.heartbeat().catch((err) => log.warn({ err }, 'process heartbeat failed')), HEARTBEAT_MS)
    : null;
  heartbeat?.unref();

  const jobs = await startJobs(database, { log, pollingIntervalSeconds: config.OUTBOX_POLL_SECONDS, supervise: true });
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  await jobs.work(MAIL_QUEUE, (data: { id: number }, finalAttempt) => mailer.deliver(data.id, finalAttempt));
  const salesforce = salesforceSettingsOf(config);
  await jobs.work(CRM_QUEUE, (data: { id: number }, finalAttempt) =>
    runCrmSend({ db: database.db, jobs }, salesforce, data.id, finalAttempt),
  );

  // The purge hourly, the vacuum of the versions' tables every minute (platform/maintenance.ts).
  const stopMaintenance = await startMaintenance(database.db, log);

  // The answers' serialisers, their unions' validators compiled before the first request (platform/routes.ts).
  prepareAnswerSerialisers();
  const app = await buildApp({
    config: { ...config, WEB_DIST: config.WEB_DIST ?? path.resolve(here, '../../web/dist') },
    database,
    jobs,
    storage: storageOf(config),
    logger: log,
  });

  /**
   * The stop (SIGTERM, Ctrl-C, a crash): drain the requests in flight while new ones answer 503,
   * close the listener, the job queue, then the database, and exit within 10 s whatever happens.
   */
  const stop = async (reason: { signal?: string; err?: unknown }) => {
    const began = Date.now();
    if (reason.err) log.error({ err: reason.err }, 'stopping after an error');
    else log.info({ signal: reason.signal }, 'stopping: the requests in flight complete');
    setTimeout(() => {
      log.error({ ms: Date.now() - began }, 'stop took too long, exiting');
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    stopMaintenance();
    app.drain.begin(() => log.info('draining: new requests answer 503'));
    // The live streams never end by themselves: ended now, their browsers reconnect (to another
    // process behind a balancer) and catch up (platform/events.ts).
    app.events.endStreams();
    try {
      const outcome = await app.drain.settled({ maxMs: DRAIN_MAX_MS, quietMs: 1000 });
      await app.close();
      await jobs.stop();
      if (heartbeat) clearInterval(heartbeat);
      await registration?.unregister().catch((err) => log.warn({ err }, 'process unregistration failed'));
      await database.close();
      log.info({ outcome, ms: Date.now() - began }, 'stopped');
      process.exit(reason.err ? 1 : 0);
    } catch (err) {
      log.error({ err }, 'the stop failed');
      process.exit(1);
    }
  };
  let stopping = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches the server from the terminal and again from each npm above it: one stop.
    // A signal given a second later on purpose forces the exit.
    if (stopping > 0) {
      if (Date.now() - stopping > 1000) process.exit(1);
      return;
    }
    stopping = Date.now();
    void stop({ signal });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const onCrash = (err: unknown) => {
    if (stopping > 0) process.exit(1);
    stopping = Date.now();
    void stop({ err });
  };
  process.once('uncaughtException', onCrash);
  process.once('unhandledRejection', onCrash);

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  log.info({ ms: Date.now() - started, address }, `Promovente is serving http://localhost:${config.PORT}`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
