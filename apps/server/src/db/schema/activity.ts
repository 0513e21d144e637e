/** The activity around the sales (docs/product/entities.md): tasks, comments on a candidacy and the history of commands. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { lots, promotions } from './promotions.js';
import { applications, candidacies } from './sales.js';
import { users } from './users.js';

/** Tasks (actions) on a candidacy, a lot or an application (docs/product/entities.md#task). */
export const tasks = pgTable(
  'actions',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    detail: text('detail'),
    /** 0 Deadline, 1 Evènement. */
    type: smallint('type').notNull().default(0),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    hours: integer('hours'),
    minutes: integer('minutes'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    doneById: integer('done_by_id').references(() => users.id, { onDelete: 'set null' }),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    /** Tasks created by the process: closed by the process, never by hand. */
    automaticEnd: boolean('automatic_end').notNull().default(false),
    /** The process step that opened it (e.g. 'verify_solvency'); null for hand-made tasks. */
    kind: text('kind'),
    candidacyId: integer('candidacy_id').references(() => candidacies.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('actions_promotion_open_idx').on(t.promotionId, t.endAt).where(sql`${t.doneAt} is null`),
    index('actions_candidacy_idx').on(t.candidacyId),
    index('actions_lot_idx').on(t.lotId),
    index('actions_application_idx').on(t.applicationId),
    index('actions_assigned_idx').on(t.assignedToId),
    // The open tasks of a row, in the order it shows them (tasks.queries.ts: openTasksColumns, rankedOpenTasksOfTargets).
    index('actions_lot_open_idx').on(t.lotId, t.endAt, t.id).where(sql`${t.doneAt} is null`),
    index('actions_candidacy_open_idx').on(t.candidacyId, t.endAt, t.id).where(sql`${t.doneAt} is null`),
    index('actions_application_open_idx').on(t.applicationId, t.endAt, t.id).where(sql`${t.doneAt} is null`),
    check('actions_one_target', sql`num_nonnulls(${t.candidacyId}, ${t.lotId}, ${t.applicationId}) = 1`),
  ],
);

/** Comments on a candidacy (user_comments). */
export const comments = pgTable(
  'user_comments',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    candidacyId: integer('candidacy_id')
      .notNull()
      .references(() => candidacies.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_comments_candidacy_idx').on(t.candidacyId, t.createdAt)],
);

/** History: one row per command (docs/product/history.md#screens). */
export const logs = pgTable(
  'logs',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    executedById: integer('executed_by_id').references(() => users.id, { onDelete: 'set null' }),
    executedOnTitle: text('executed_on_title').notNull(),
    title: text('title').notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    candidacyId: integer('candidacy_id').references(() => candidacies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logs_promotion_created_idx').on(t.promotionId, t.createdAt),
    index('logs_application_idx').on(t.applicationId, t.createdAt),
    index('logs_lot_idx').on(t.lotId, t.createdAt),
    index('logs_candidacy_idx').on(t.candidacyId, t.createdAt),
  ],
);
