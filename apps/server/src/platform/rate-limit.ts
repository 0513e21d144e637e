import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { tooManyRequests } from './errors.js';

/** At most `max` counted hits on `key` within each fixed window of `windowSeconds`. */
export type Limit = { key: string; max: number; windowSeconds: number };

const windowStartOf = (windowSeconds: number, now: number) => {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now / windowMs) * windowMs).toISOString();
};

/**
 * Adds one hit to each limit's counter in the current window, in one statement, and answers
 * each counter's new value. The counters live in the database, so every server process
 * behind a load balancer shares them.
 */
const addHits = async (db: Db, limits: readonly Limit[], now: number) => {
  const values = sql.join(
    limits.map((limit) => sql`(${limit.key}, ${windowStartOf(limit.windowSeconds, now)}, 1)`),
    sql`, `,
  );
  const rows = await rowsOf<{ key: string; hits: number }>(
    db,
    sql`
    insert into rate_limit_hits (key, window_start, hits) values ${values}
    on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
    returning key, hits`,
  );
  return new Map(rows.map((row) => [row.key, Number(row.hits)]));
};

const removeHits = async (db: Db, limits: readonly Limit[], now: number) => {
  for (const limit of limits) {
    await db.execute(sql`
      update rate_limit_hits set hits = greatest(hits - 1, 0)
      where key = ${limit.key} and window_start = ${windowStartOf(limit.windowSeconds, now)}`);
  }
};

/** Counts every call: throws 429 once `max` hits are exceeded within the window. */
export const hitRateLimit = async (db: Db, key: string, max: number, windowSeconds: number) => {
  const hits = await addHits(db, [{ key, max, windowSeconds }], Date.now());
  if ((hits.get(key) ?? 0) > max) throw tooManyRequests();
};

export type Attempt = {
  /** The attempt succeeded: it does not count, and the counters under `clear` start again from zero. */
  succeeded: (clear?: readonly string[]) => Promise<void>;
};

/**
 * An attempt that counts only if it fails (a sign-in, a current-password check).
 *
 * One hit is reserved on every limit before the check, so that concurrent guesses cannot slip
 * past a ceiling between a read and a write. When a limit is already reached the attempt is
 * refused with 429 before any check, and its reservations are given back (a refused attempt
 * is not a failure). A failed attempt keeps its hits; a successful one gives them back.
 */
export const reserveAttempt = async (db: Db, limits: readonly Limit[]): Promise<Attempt> => {
  const now = Date.now();
  const hits = await addHits(db, limits, now);
  if (limits.some((limit) => (hits.get(limit.key) ?? 0) > limit.max)) {
    await removeHits(db, limits, now);
    throw tooManyRequests();
  }
  return {
    succeeded: async (clear = []) => {
      await removeHits(db, limits, now);
      await clearCounters(db, clear);
    },
  };
};

/** Forgets every window of the given counters. */
export const clearCounters = async (db: Db, keys: readonly string[]) => {
  for (const key of keys) await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
};

/** Forgets every window of every counter whose key starts with `prefix`. */
export const clearCountersStartingWith = async (db: Db, prefix: string) => {
  await db.execute(sql`delete from rate_limit_hits where starts_with(key, ${prefix})`);
};
