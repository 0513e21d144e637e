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

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  token: text('token'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    admin: boolean('admin').notNull().default(false),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender').notNull().default('M'),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    agencyId: integer('agency_id').references(() => agencies.id),
    restrictedAccess: smallint('restricted_access').notNull().default(0),
    numberConnections: integer('number_connections').notNull().default(0),
    preferences: jsonb('preferences').$type<{ selected_promotion: number | null }>().notNull().default({ selected_promotion: null }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** 'Recevoir les notifications par e-mail' ('Mon compte'): the notification e-mails only (platform/mail.ts). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The secret of the user's unsubscribe link (List-Unsubscribe, no sign-in needed): random, one per user. */
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom(),
    // Notary, banker and architect details (the people of a promotion: modules/people).
    iban: text('iban'),
    bankName: text('bank_name'),
    bankHolder: text('bank_holder'),
    officeName: text('office_name'),
    address: text('address'),
    zip: text('zip'),
    city: text('city'),
    secretaryGender: text('secretary_gender'),
    secretaryName: text('secretary_name'),
    secretaryEmail: text('secretary_email'),
    secretaryPhone: text('secretary_phone'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_unsubscribe_token_unique').on(t.unsubscribeToken),
    index('users_type_idx').on(t.type),
    index('users_agency_idx').on(t.agencyId),
  ],
);

/** Opaque bearer tokens, stored as a SHA-256 hash, valid 30 days, revoked at logout. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** 'reset' (asked by the user) or 'invitation' (sent by an admin to a person he created; migration 0006). */
    purpose: text('purpose').$type<'reset' | 'invitation'>().notNull().default('reset'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/** A broker's assistants receive his incoming e-mails (docs/product/access.md#account-screen). */
export const assistants = pgTable(
  'assistants',
  {
    brokerId: integer('broker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brokerId, t.assistantId] }), index('assistants_assistant_idx').on(t.assistantId)],
);

export const demoRequests = pgTable('demo_requests', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for login and reset attempts, shared by every server process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
