import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes of one PostgreSQL database (platform/process-registry.ts): each one's
 * settings that every process must share, and when it was last seen. Not a promotion's data: no
 * version follows it.
 */
export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  /** A fingerprint of FILE_URL_SECRET, or 'random'. */
  fileSecret: text('file_secret').notNull(),
  /** Where its stored files live: the STORAGE_URL and endpoint, or 'local:<host>:<folder>'. */
  storage: text('storage').notNull(),
});
