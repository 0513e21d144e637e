import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The version of each scope of data (docs/architecture.md, 'Versions of the data'): a promotion's
 * data under its id, the firm's shared data (accounts, agencies, reference lists) under 0. The
 * database's own triggers add 1 in the transaction of every statement that changes a row of that
 * scope (migration 0017), so no write, in a route, a command or a job, can forget it.
 */
export const dataVersions = pgTable('data_versions', {
  scope: integer('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
