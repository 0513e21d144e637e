import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './messaging.js';
import { promotions } from './promotions.js';
import { users } from './users.js';

/**
 * The documents library (docs/product/documents.md): its files are `files` rows with owner
 * 'library'; their types are reference data (type 3 is the brochure), their folders belong to
 * one promotion, and every view or download is logged (the data-room log).
 */
export const fileTypes = pgTable('file_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const fileFolders = pgTable(
  'file_folders',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_folders_promotion_name_unique').on(t.promotionId, sql`lower(${t.name})`)],
);

export const libraryAccesses = pgTable(
  'library_accesses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    /** Null once the file is deleted: the log outlives it, with the name it had. */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'view' or 'download' (docs/sales-process.md#documents-library-built). */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_accesses_promotion_created_idx').on(t.promotionId, t.createdAt, t.id),
    index('library_accesses_file_created_idx').on(t.fileId, t.createdAt, t.id),
    index('library_accesses_user_created_idx').on(t.userId, t.promotionId, t.createdAt, t.id),
  ],
);
