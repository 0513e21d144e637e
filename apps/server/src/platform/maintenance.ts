import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';

/** Removes what can no longer serve: old rate-limit windows, dead sessions and reset links. */
export const purgeExpired = async (db: Db) => {
  await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
  await db.execute(sql`delete from auth_tokens where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'`);
  await db.execute(sql`delete from password_resets where expires_at < now() - interval '1 day'`);
};

/**
 * Vacuums the tables every write changes (migrations 0026, 0027): the notes of a transaction's
 * versions, written and deleted by each writing transaction, and the versions' rows, raised by
 * each. The embedded database has no autovacuum and a PostgreSQL server may run without it: left
 * an hour, the dead rows of a busy floor slowed every write (the mixed phase's writes alone fell
 * from 139 to 87-95 a second after about 5,000 comments; docs/performance.md).
 */
export const vacuumVersions = async (db: Db) => {
  await db.execute(sql`vacuum pending_versions, data_versions, data_table_versions`);
};

export const PURGE_EVERY_MS = 3_600_000;
export const VACUUM_VERSIONS_EVERY_MS = 60_000;

/**
 * The server's maintenance, run once at start then on its clocks: the purge hourly, the versions'
 * vacuum every minute (a few milliseconds: the visibility map leaves it the pages changed since).
 * Answers a stop for the shutdown.
 */
export const startMaintenance = async (db: Db, log: Pick<Logger, 'warn'>) => {
  const purge = () => purgeExpired(db).catch((err) => log.warn({ err }, 'maintenance failed'));
  const vacuum = () => vacuumVersions(db).catch((err) => log.warn({ err }, 'vacuum of the versions failed'));
  await purge();
  await vacuum();
  const timers = [setInterval(purge, PURGE_EVERY_MS), setInterval(vacuum, VACUUM_VERSIONS_EVERY_MS)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
};
