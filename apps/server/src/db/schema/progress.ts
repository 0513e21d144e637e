import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './messaging.js';
import { lots, promotions } from './promotions.js';
import { users } from './users.js';

/** A progress album, 'Avancement' (docs/product/progress.md#fields): a calendar day, an optional lot, two flags. */
export const photoGroups = pgTable(
  'photo_groups',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The album's day (a calendar date, not an instant). */
    date: date('date', { mode: 'string' }).notNull(),
    comment: text('comment'),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    hidden: boolean('hidden').notNull().default(false),
    homePage: boolean('home_page').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: a promotion's albums, newest day first.
    index('photo_groups_promotion_date_idx').on(t.promotionId, t.date.desc(), t.id.desc()),
    index('photo_groups_lot_idx').on(t.lotId),
    // The home carousel: the albums marked for the home page.
    index('photo_groups_home_idx').on(t.promotionId).where(sql`${t.homePage} = true`),
  ],
);

/**
 * A photo or a video of an album. For a photo, `file_id` is its 1300 px wide version and
 * `thumbnail_file_id` its 160 px high one, both made at upload (the original is not kept: its
 * metadata goes with it); for a video, `file_id` is the video as sent. Files of owner 'photo'.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    photoGroupId: integer('photo_group_id')
      .notNull()
      .references(() => photoGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isVideo: boolean('is_video').notNull().default(false),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_group_idx').on(t.photoGroupId, t.id),
    // maySeeFile finds a file's photo by either of its files.
    index('photos_file_idx').on(t.fileId),
    index('photos_thumbnail_file_idx').on(t.thumbnailFileId),
  ],
);
