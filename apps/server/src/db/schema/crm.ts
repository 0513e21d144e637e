import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { promotions } from './promotions.js';
import { users } from './users.js';

/**
 * One CRM send of a promotion (docs/sales-process.md#crm-send-built): queued by the button,
 * run by the `crm` job, read by the screen's poll for its progress and its last error.
 */
export const crmSends = pgTable(
  'crm_sends',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, waiting (Salesforce's daily API limit reached: resumes at resume_at), succeeded, failed. */
    status: text('status').notNull().default('queued'),
    /** The French error shown after 'Impossible d'envoyer la promotion à Salesforce'. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lotsSent: integer('lots_sent').notNull().default(0),
    candidaciesSent: integer('candidacies_sent').notNull().default(0),
    /** The records Salesforce refused in a send that went through: [{ record, error }] in French. */
    refused: jsonb('refused').$type<{ record: string; error: string }[]>().notNull().default([]),
    /** A waiting send's next attempt (REQUEST_LIMIT_EXCEEDED: the job was queued again to start then). */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('crm_sends_promotion_idx').on(t.promotionId, t.id.desc())],
);
