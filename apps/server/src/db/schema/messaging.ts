import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { promotions } from './promotions.js';
import { candidacies } from './sales.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_unread_idx').on(t.userId, t.createdAt).where(sql`${t.readAt} is null`),
    // The 'all' list: a user's newest first, without reading every user's rows.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const threads = pgTable(
  'threads',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidacyId: integer('candidacy_id').references(() => candidacies.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('threads_promotion_idx').on(t.promotionId, t.lastMessageAt),
    index('threads_created_by_idx').on(t.createdById),
    index('threads_to_idx').on(t.toId),
    // The threads about a candidacy (the list's candidacy filter, the candidacy's deletion).
    index('threads_candidacy_idx').on(t.candidacyId),
  ],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** When each participant last read a thread; unread = messages from others after it. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** Stored files, referenced by uuid; content lives in the storage driver, never in the database. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().default(sql`gen_random_uuid()`),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What the file belongs to: candidacy, library, thread_message, avatar, logo ... */
    owner: text('owner').notNull(),
    candidacyId: integer('candidacy_id').references(() => candidacies.id, { onDelete: 'cascade' }),
    threadMessageId: integer('thread_message_id'),
    folderId: integer('folder_id'),
    typeId: integer('type_id'),
    accessCandidate: boolean('access_candidate').notNull().default(false),
    accessPromoter: boolean('access_promoter').notNull().default(false),
    accessNotary: boolean('access_notary').notNull().default(false),
    accessInvestor: boolean('access_investor').notNull().default(false),
    candidateMinStatus: smallint('candidate_min_status'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_uuid_unique').on(t.uuid),
    index('files_candidacy_idx').on(t.candidacyId),
    index('files_promotion_owner_idx').on(t.promotionId, t.owner),
    // A conversation's attachments, message by message (docs/product/messages.md#screens).
    index('files_thread_message_idx').on(t.threadMessageId),
  ],
);

/**
 * Every e-mail the product sends: written in the transaction that causes it, delivered after
 * commit by the outbox job; without SMTP it is kept here, readable by an admin.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    to: jsonb('to').$type<string[]>().notNull(),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Headers of the e-mail's kind (Auto-Submitted, List-Unsubscribe...: platform/mail.ts). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** pending, sent, kept (no SMTP configured), failed (gave up after retries). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_messages_status_idx').on(t.status, t.createdAt)],
);
