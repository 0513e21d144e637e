import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './messaging.js';
import { promotions } from './promotions.js';
import { agencies, users } from './users.js';

/**
 * Marketing campaigns (docs/product/marketing.md#fields): a campaign belongs to the agency of the
 * broker who added it. Start and end are calendar days (no time of day, no time zone).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    method: text('method'),
    color: text('color'),
    startAt: date('start_at', { mode: 'string' }),
    endAt: date('end_at', { mode: 'string' }),
    /** Whole Swiss francs. */
    price: integer('price').notNull().default(0),
    url: text('url'),
    comment: text('comment'),
    format: text('format'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_promotion_start_idx').on(t.promotionId, t.startAt),
    index('campaigns_promotion_end_idx').on(t.promotionId, t.endAt),
    index('campaigns_promotion_title_idx').on(t.promotionId, t.title),
    index('campaigns_promotion_method_idx').on(t.promotionId, t.method),
    index('campaigns_promotion_price_idx').on(t.promotionId, t.price),
    index('campaigns_promotion_agency_idx').on(t.promotionId, t.agencyId),
  ],
);

/** The documents of a campaign: stored files of owner 'campaign'. */
export const campaignFiles = pgTable(
  'campaign_files',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.fileId] }), index('campaign_files_file_idx').on(t.fileId)],
);

/** Marketing reports (docs/product/marketing.md#fields): the visits screenshot is a stored file of owner 'marketing_report'. */
export const marketingReports = pgTable(
  'marketing_reports',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    /** The report's N° in its promotion (1, 2, 3...): the highest plus one, never changed (decision 024). */
    number: integer('number').notNull(),
    numberOfVisits: integer('number_of_visits').notNull(),
    numberOfFutureVisits: integer('number_of_future_visits').notNull(),
    visitsReportFileId: integer('visits_report_file_id').references(() => files.id, { onDelete: 'set null' }),
    feedbackPositive: text('feedback_positive'),
    feedbackTodo: text('feedback_todo'),
    feedbackProblem: text('feedback_problem'),
    includeLots: boolean('include_lots').notNull().default(true),
    includeMarketingCampaigns: boolean('include_marketing_campaigns').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketing_reports_promotion_idx').on(t.promotionId, t.createdAt),
    uniqueIndex('marketing_reports_promotion_number_idx').on(t.promotionId, t.number),
  ],
);
