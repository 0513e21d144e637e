import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Removes what can no longer serve: old rate-limit windows, dead sessions and reset links; and
 * vacuums the notes of the versions (migration 0026), a row written and deleted by every writing
 * transaction, which the embedded database (no autovacuum) would otherwise let grow.
 */
export const purgeExpired = async (db: Db) => {
  await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
  await db.execute(sql`delete from auth_tokens where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'`);
  await db.execute(sql`delete from password_resets where expires_at < now() - interval '1 day'`);
  await db.execute(sql`vacuum pending_versions`);
};
