import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { promotions } from './promotions.js';
import { users } from './users.js';

/**
 * A task of a promotion's planning (docs/product/planning.md#fields): its days are Swiss calendar
 * days (a `date`, no instant), its category one of the four of PLANNING_CATEGORIES.
 */
export const planningTasks = pgTable(
  'planning_tasks',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 1 Phase préalable, 2 Phase administrative - Autorisation de construire, 3 Phase commercialisation, 4 Phase travaux. */
    category: smallint('category').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    details: text('details'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('planning_tasks_promotion_date_idx').on(t.promotionId, t.dateFrom, t.id),
    check('planning_tasks_category_values', sql`${t.category} between 1 and 4`),
    check('planning_tasks_dates_order', sql`${t.dateTo} >= ${t.dateFrom}`),
  ],
);

const amount = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * The finances record of a promotion (docs/product/finances.md#fields): one per promotion,
 * created empty on its first read; every value in its unit (KCHF, CHF/m², CHF/m³, %), null when empty.
 */
export const finances = pgTable(
  'finances',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    landPrice1: amount('land_price_1'),
    landPrice2: amount('land_price_2'),
    landPrice3: amount('land_price_3'),
    initialMargin1: amount('initial_margin_1'),
    updatedMargin1: amount('updated_margin_1'),
    initialMargin2: amount('initial_margin_2'),
    updatedMargin2: amount('updated_margin_2'),
    saleInitialPrice1: amount('sale_initial_price_1'),
    saleUpdatedPrice1: amount('sale_updated_price_1'),
    saleInitialPrice2: amount('sale_initial_price_2'),
    saleUpdatedPrice2: amount('sale_updated_price_2'),
    saleInitialPrice3: amount('sale_initial_price_3'),
    saleUpdatedPrice3: amount('sale_updated_price_3'),
    saleInitialPrice4: amount('sale_initial_price_4'),
    saleUpdatedPrice4: amount('sale_updated_price_4'),
    constructionInitialPrice1: amount('construction_initial_price_1'),
    constructionUpdatedPrice1: amount('construction_updated_price_1'),
    constructionInitialPrice2: amount('construction_initial_price_2'),
    constructionUpdatedPrice2: amount('construction_updated_price_2'),
    constructionInitialPrice3: amount('construction_initial_price_3'),
    constructionUpdatedPrice3: amount('construction_updated_price_3'),
    /** The last save by a pilot; null while the record was never saved. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('finances_promotion_unique').on(t.promotionId)],
);
