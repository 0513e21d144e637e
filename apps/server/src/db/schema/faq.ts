import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './messaging.js';
import { promotions } from './promotions.js';
import { users } from './users.js';

/**
 * The FAQ's questions (docs/product/faq.md). `promotion_id` is the promotion the question was
 * written in; a `global` one is shown in every promotion as well. The optional file is a `files`
 * row of owner `faq`, removed with the question.
 */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    global: boolean('global').notNull().default(false),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('faq_questions_promotion_idx').on(t.promotionId, t.id),
    index('faq_questions_global_idx').on(t.global, t.id),
    uniqueIndex('faq_questions_file_unique').on(t.fileId),
  ],
);
