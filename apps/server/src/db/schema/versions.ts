import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The version of each scope of data (docs/architecture.md, 'Versions of the data'): a promotion's
 * data under its id, the firm's shared data (accounts, agencies, reference lists) under 0. The
 * database's own triggers add 1 at the commit of every transaction that changed a row of that
 * scope (migrations 0017 and 0026), so no write, in a route, a command or a job, can forget it.
 */
export const dataVersions = pgTable('data_versions', {
  scope: integer('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The version of each table of each scope (migration 0027), raised at the same commit as the
 * scope's: a cached route names the tables it reads (platform/answer-reads.ts) and its answers
 * are kept under the sum of those tables' versions, so a comment leaves the lots' answers valid.
 * A row is made by the first change of its table in its scope (absent, it counts 0).
 */
export const dataTableVersions = pgTable(
  'data_table_versions',
  {
    scope: integer('scope').notNull(),
    tableName: text('table_name').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scope, table.tableName] })],
);

/**
 * The scopes a transaction changed, noted by its statements' triggers and raised at its commit
 * (migration 0026): the row of `data_versions` is locked for the commit's instant only, not from
 * the transaction's first write to its end. Empty outside a transaction that is writing.
 */
export const pendingVersions = pgTable(
  'pending_versions',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    scope: integer('scope').notNull(),
    tableName: text('table_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.transactionId, table.scope, table.tableName] })],
);
