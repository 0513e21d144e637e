import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tooManyRequests } from './errors.js';

/**
 * A fixed-window counter kept in the database, so that every server process behind a load
 * balancer shares it. Throws 429 once `max` hits are exceeded within the window.
 */
export const hitRateLimit = async (db: Db, key: string, max: number, windowSeconds: number) => {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limit_hits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
    returning hits`);
  const hits = Number((result as unknown as { rows: { hits: number }[] }).rows[0]?.hits ?? 0);
  if (hits > max) throw tooManyRequests();
};
