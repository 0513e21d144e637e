import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies, users } from './users.js';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    url: text('url'),
    logo: text('logo'),
    /** The public registration token (/candidate/register/{token}). */
    token: uuid('token').notNull().default(sql`gen_random_uuid()`),
    multiAgency: boolean('multi_agency').notNull().default(false),
    reservationTimeout: integer('reservation_timeout'),
    crmUpdatedAt: timestamp('crm_updated_at', { withTimezone: true }),
    /** Sent to the CRM (Salesforce) at all: an admin's setting (docs/decisions/011-crm-connection-per-promotion.md). */
    crmConnected: boolean('crm_connected').notNull().default(false),
    /** The Salesforce record id the last CRM send answered (docs/sales-process.md#crm-send-built). */
    salesforceId: text('salesforce_id'),
    brokerId: integer('broker_id').references(() => users.id),
    prestige: boolean('prestige').notNull().default(false),
    gtm: text('gtm'),
    externalReportUrl: text('external_report_url'),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    shareNewCandidates: boolean('share_new_candidates').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * Set while the promotion is archived: its members still read it, and the database refuses
     * every change of its data until an admin restores it (migration 0016, platform/errors.ts).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotions_token_unique').on(t.token)],
);

/** Membership: a user sees a promotion only if he is a member of it (admins see all). */
export const promotionUsers = pgTable(
  'promotion_user',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Main notary of the promotion: at most one per promotion (modules/people, migration 0006). */
    main: boolean('main').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.userId] }),
    index('promotion_user_user_idx').on(t.userId),
    uniqueIndex('promotion_user_main_unique').on(t.promotionId).where(sql`${t.main}`),
  ],
);

export const promotionAgencies = pgTable(
  'promotion_agency',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.agencyId] })],
);

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    street: text('street'),
    city: text('city').notNull(),
    zip: text('zip'),
  },
  (t) => [index('buildings_promotion_idx').on(t.promotionId)],
);

/** Lot types; ids below 5 are parking types (docs/product/lots.md#lot-types). */
export const lotTypes = pgTable('lot_types', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
});

/** Floors: the number is the code of docs/product/constants.md#floor-labels (-3 Attique ... n), sort_order the shown order. */
export const floors = pgTable('floors', {
  id: integer('id').primaryKey(),
  number: smallint('number').notNull(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    lotTypeId: integer('lot_type_id')
      .notNull()
      .references(() => lotTypes.id),
    floorId: integer('floor_id')
      .notNull()
      .references(() => floors.id),
    reference: text('reference').notNull(),
    publicId: uuid('public_id').notNull().default(sql`gen_random_uuid()`),
    title: text('title').notNull().default(''),
    nameChild: text('name_child'),
    nbRooms: numeric('nb_rooms', { precision: 4, scale: 1, mode: 'number' }).notNull().default(1),
    /** Price in CHF as set by the promoter. */
    rawPrice: integer('raw_price').notNull().default(0),
    priceIncluded: boolean('price_included').notNull().default(false),
    /** What a broker sets by hand: 0 Disponible, 1 PRS. */
    rawStatus: smallint('raw_status').notNull().default(0),
    /** The displayed status, derived from the live applications and recomputed in every changing transaction. */
    status: smallint('status').notNull().default(0),
    exposure: text('exposure'),
    areaPpe: numeric('area_ppe', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    areaHab: numeric('area_hab', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    areaJar: numeric('area_jar', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    areaBal: numeric('area_bal', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    areaTer: numeric('area_ter', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    lotPpe: text('lot_ppe'),
    feuilletPpe: text('feuillet_ppe'),
    disabled: boolean('disabled').notNull().default(false),
    /** The Salesforce record id the last CRM send answered. */
    salesforceId: text('salesforce_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Sort keys of the lots screen, kept by the database (migration 0032): the building's title and
     * the floor's shown order, so that a page in the default order (building, floor, reference) or
     * sorted by building or floor is read along an index instead of joining every lot of the promotion.
     */
    sortBuilding: text('sort_building').notNull().default(''),
    sortFloor: integer('sort_floor').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lots_public_id_unique').on(t.publicId),
    // The target of applications_lot_promotion_fk (an application's lot is of its promotion).
    uniqueIndex('lots_id_promotion_unique').on(t.id, t.promotionId),
    index('lots_promotion_status_idx').on(t.promotionId, t.status),
    index('lots_promotion_building_idx').on(t.promotionId, t.buildingId),
    index('lots_promotion_floor_idx').on(t.promotionId, t.floorId),
    index('lots_promotion_rooms_idx').on(t.promotionId, t.nbRooms),
    index('lots_promotion_price_idx').on(t.promotionId, t.rawPrice),
    index('lots_promotion_reference_idx').on(t.promotionId, t.reference),
    index('lots_parent_idx').on(t.parentId),
    // The main lots of a promotion in the screen's default order, and in floor order (migration 0032).
    index('lots_default_order_idx').on(t.promotionId, t.sortBuilding, t.sortFloor, t.reference, t.id).where(sql`${t.parentId} is null`),
    index('lots_floor_order_idx').on(t.promotionId, t.sortFloor, t.reference, t.id).where(sql`${t.parentId} is null`),
    // The lots screen's arrows without a filter: the main lots counted by status from this index alone (migration 0045).
    index('lots_main_status_idx').on(t.promotionId, t.status).where(sql`${t.parentId} is null`),
  ],
);

/** Lot history: every change of a lot's price or status (docs/sales-process.md#2-lots-built). */
export const actionLots = pgTable(
  'action_lots',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    column: text('column').notNull(),
    from: text('from'),
    to: text('to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_lots_lot_idx').on(t.lotId, t.createdAt)],
);

/**
 * A price grid read and checked, waiting to be applied (docs/sales-process.md#price-grid-import-built):
 * the rows as parsed (jsonb), so that the apply needs the file no more and checks them again
 * against the lots as they are then. Kept `PRICE_GRID_PREVIEW_HOURS`; older ones are removed
 * when the promotion's next grid is read.
 */
export const priceGridImports = pgTable(
  'price_grid_imports',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'preview' until applied, then 'applied'. */
    status: text('status').notNull().default('preview'),
    /** The rows that passed the row rules, as parsed (ParsedGridRow[]). */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    /** The rows refused by the row rules (PriceGridRefusal[]), answered again by the apply. */
    refused: jsonb('refused').$type<unknown[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('price_grid_imports_promotion_idx').on(t.promotionId, t.createdAt)],
);
