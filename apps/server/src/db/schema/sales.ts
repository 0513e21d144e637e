import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
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
import { lots, promotions } from './promotions.js';
import { agencies, users } from './users.js';

/**
 * A person who may buy, as one promotion knows him: identity, contact and civil data (docs/product/entities.md). What a promotion knows about a person belongs to that promotion
 * (docs/decisions/008-candidates-per-promotion.md): the same person in two promotions is two
 * records, linked to one sign-in account by `user_id`.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    /** The candidate's sign-in account, once he has one (the same account in each of his promotions). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull().default('M'),
    email: text('email'),
    phone: text('phone'),
    phonePrivate: text('phone_private'),
    phonePro: text('phone_pro'),
    /**
     * What a search of candidates matches (db/search.ts): both orders of the name, the e-mail and
     * the three phones, lowered, one per line; kept by the database (migration 0037).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || E'\\n' || last_name || ' ' || first_name || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(phone, '') || E'\\n' || coalesce(phone_private, '') || E'\\n' || coalesce(phone_pro, ''))`,
    ),
    householdSize: integer('household_size'),
    householdIncome: integer('household_income'),
    ownFunds: integer('own_funds'),
    budget: integer('budget'),
    parentCandidateId: integer('parent_candidate_id'),
    hidden: boolean('hidden').notNull().default(false),
    profilePicture: text('profile_picture'),
    maidenName: text('maiden_name'),
    fatherFirstName: text('father_first_name'),
    motherFirstName: text('mother_first_name'),
    motherMaidenName: text('mother_maiden_name'),
    birthday: date('birthday'),
    birthdayCity: text('birthday_city'),
    placeOrigin: text('place_origin'),
    establishmentPermit: text('establishment_permit'),
    job: text('job'),
    civilStatus: text('civil_status'),
    matrimonialProperty: text('matrimonial_property'),
    address: text('address'),
    city: text('city'),
    zip: text('zip'),
    country: text('country'),
    avs: text('avs'),
    alreadySwissOwner: boolean('already_swiss_owner'),
    companyName: text('company_name'),
    companyType: text('company_type'),
    headOffice: text('head_office'),
    companyAddress: text('company_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('candidates_promotion_email_unique').on(t.promotionId, sql`lower(${t.email})`),
    // The target of candidacies' (candidate_id, promotion_id) key: a candidacy's person is of its promotion.
    uniqueIndex('candidates_id_promotion_unique').on(t.id, t.promotionId),
    uniqueIndex('candidates_promotion_user_unique').on(t.promotionId, t.userId),
    index('candidates_user_idx').on(t.userId),
    index('candidates_name_idx').on(t.lastName, t.firstName),
    // The candidates screen sorted by name: its page is read along this index of the promotion,
    // not made by joining and sorting every candidacy (candidacies.queries.ts, issue 20).
    index('candidates_promotion_name_idx').on(t.promotionId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
  ],
);

/** A candidate in one promotion: broker, agency, status, priority, financing. */
export const candidacies = pgTable(
  'candidacies',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    brokerId: integer('broker_id').references(() => users.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id),
    /** 0 Prospect ... 6 Acquéreur (docs/product/candidates.md#states). */
    status: smallint('status').notNull().default(0),
    /** 1 A, 2 B, 3 C, 9 NP. */
    priority: smallint('priority').notNull().default(9),
    vip: boolean('vip').notNull().default(false),
    reasonVip: text('reason_vip'),
    couple: boolean('couple').notNull().default(false),
    /** Left by the candidate on the public registration page. */
    comment: text('comment'),
    budget: integer('budget'),
    crmValidated: boolean('crm_validated').notNull().default(false),
    crmId: text('crm_id'),
    /** The Salesforce record id the last CRM send answered (crm_id above is the desk's own CRM reference). */
    salesforceId: text('salesforce_id'),
    mortgageAmount: integer('mortgage_amount'),
    mortgageBankName: text('mortgage_bank_name'),
    mortgageContactName: text('mortgage_contact_name'),
    secondPillarAmount: integer('second_pillar_amount'),
    secondPillarBankName: text('second_pillar_bank_name'),
    secondPillarContactName: text('second_pillar_contact_name'),
    thirdPillarAmount: integer('third_pillar_amount'),
    thirdPillarBankName: text('third_pillar_bank_name'),
    thirdPillarContactName: text('third_pillar_contact_name'),
    financialsUnavailable: boolean('financials_unavailable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Sort keys kept by the database (migration 0020's triggers, never written by the
     * application): the broker's lowered last and first names, the agency's name and the budget
     * the list shows (the candidacy's, else its candidate's). The candidates screen sorted by
     * broker, agency or budget reads its page along an index of them instead of joining and
     * sorting the whole promotion (issue 20: 108 to 143 ms at 50,000 candidacies).
     */
    sortBrokerLast: text('sort_broker_last'),
    sortBrokerFirst: text('sort_broker_first'),
    sortAgency: text('sort_agency'),
    sortBudget: integer('sort_budget'),
    /**
     * The candidate's search text (candidates.search_text), kept on the candidacy by the
     * database (migration 0040's triggers, never written by the application): the candidates
     * screen's search, its counts included, reads the candidacies alone (issue 20: a one-letter
     * search joined the 41,736 matching candidates of a promotion to its 50,000 candidacies).
     */
    searchText: text('search_text'),
    /**
     * The candidate's lowered last and first names, kept on the candidacy by the database
     * (migration 0042, with the search text): the candidates screen sorted by name reads its page
     * along candidacies_promotion_name_idx without joining its candidates, in a plan made once.
     */
    sortLast: text('sort_last').notNull().default(''),
    sortFirst: text('sort_first').notNull().default(''),
  },
  (t) => [
    foreignKey({
      name: 'candidacies_candidate_promotion_fk',
      columns: [t.candidateId, t.promotionId],
      foreignColumns: [candidates.id, candidates.promotionId],
    }).onDelete('cascade'),
    uniqueIndex('candidacies_promotion_candidate_unique').on(t.promotionId, t.candidateId),
    // The search's matches by trigram (pg_trgm, migration 0040): a search of three letters or more
    // reads its matches rather than every candidacy of the promotion (issue 20: 56 ms to 0.3 at
    // 50,000 candidacies for a name; one or two letters still read the promotion's rows). The
    // promotion in the same index (btree_gin, migration 0048) keeps the promotion's matches alone,
    // where the text's alone read the whole firm's: 'favre', 7,272 candidacies for 763 (18 ms).
    index('candidacies_promotion_search_trgm_idx').using('gin', t.promotionId, t.searchText.op('gin_trgm_ops')),
    index('candidacies_promotion_status_idx').on(t.promotionId, t.status, t.createdAt),
    // A page sorted by a column that is never null, in either direction (candidacies.queries.ts, directionOf).
    index('candidacies_promotion_status_id_idx').on(t.promotionId, t.status, t.id),
    index('candidacies_promotion_priority_id_idx').on(t.promotionId, t.priority, t.id),
    index('candidacies_promotion_vip_id_idx').on(t.promotionId, t.vip, t.id),
    // By name: the candidate's id ends it, the tie-break of the sort (one candidacy per candidate in a promotion).
    index('candidacies_promotion_name_idx').on(t.promotionId, t.sortLast, t.sortFirst, t.candidateId),
    // The candidates list's default order (newest first): a page read along the index, not a sort of the promotion.
    index('candidacies_promotion_created_idx').on(t.promotionId, t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The nullable sort keys, nulls last in both directions: one index per direction.
    index('candidacies_sort_broker_asc_idx').on(
      t.promotionId,
      t.sortBrokerLast.asc().nullsLast(),
      t.sortBrokerFirst.asc().nullsLast(),
      t.id.asc(),
    ),
    index('candidacies_sort_broker_desc_idx').on(
      t.promotionId,
      t.sortBrokerLast.desc().nullsLast(),
      t.sortBrokerFirst.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('candidacies_sort_agency_asc_idx').on(t.promotionId, t.sortAgency.asc().nullsLast(), t.id.asc()),
    index('candidacies_sort_agency_desc_idx').on(t.promotionId, t.sortAgency.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('candidacies_sort_budget_asc_idx').on(t.promotionId, t.sortBudget.asc().nullsLast(), t.id.asc()),
    index('candidacies_sort_budget_desc_idx').on(t.promotionId, t.sortBudget.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('candidacies_promotion_broker_idx').on(t.promotionId, t.brokerId),
    index('candidacies_promotion_agency_idx').on(t.promotionId, t.agencyId),
    index('candidacies_candidate_idx').on(t.candidateId),
  ],
);

/**
 * The candidacies of each promotion per agency and status, kept by the database (migration 0022:
 * a trigger of candidacies, in the transaction of every write) so that the candidates screen's
 * arrows read a few rows instead of counting the promotion (issue 20: 5 to 10 ms at 50,000
 * candidacies). agency_key is the agency's id, 0 for a candidacy without agency; a key whose
 * count falls to 0 is deleted.
 */
export const candidacyStatusCounts = pgTable(
  'candidacy_status_counts',
  {
    promotionId: integer('promotion_id').notNull(),
    agencyKey: integer('agency_key').notNull(),
    status: smallint('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.agencyKey, t.status] })],
);

/**
 * What each row of the candidates screen counts, kept by the database (migration 0046: triggers of
 * the comments, files, applications and tasks, in the transaction of every write) so that the page
 * reads one row per candidacy instead of four subqueries (issue 20: 0.3 to 0.4 ms of PostgreSQL's
 * CPU a page of 50): the comments, the candidacy's own files, the live applications (not hidden,
 * not closed, the candidacy first or second) and the open tasks. A candidacy with nothing counted
 * has no row; a row whose counts all fall to 0 is deleted, and so is a deleted candidacy's.
 */
export const candidacyRowCounts = pgTable('candidacy_row_counts', {
  candidacyId: integer('candidacy_id').primaryKey(),
  promotionId: integer('promotion_id').notNull(),
  comments: integer('comments').notNull().default(0),
  files: integer('files').notNull().default(0),
  liveApplications: integer('live_applications').notNull().default(0),
  openTasks: integer('open_tasks').notNull().default(0),
});

/** A sales file: a candidacy (and an optional partner) on a lot (docs/product/entities.md#application). */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    publicId: uuid('public_id').notNull().default(sql`gen_random_uuid()`),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    candidacy1Id: integer('candidacy1_id')
      .notNull()
      .references(() => candidacies.id, { onDelete: 'cascade' }),
    candidacy2Id: integer('candidacy2_id').references(() => candidacies.id, { onDelete: 'set null' }),
    /** 0 Optionné, 1 Réservé, 2 Promesse de vente, 3 Vendu. */
    status: smallint('status').notNull().default(0),
    /** 1, 2, 3 ranked positions; 9 non prioritaire. */
    priority: smallint('priority').notNull().default(9),
    lastPriorityChange: timestamp('last_priority_change', { withTimezone: true }).notNull().defaultNow(),
    deadlineNotifiedAt: timestamp('deadline_notified_at', { withTimezone: true }),
    negociatedPrice: integer('negociated_price'),
    /** Deleted applications are hidden, never hard-deleted. */
    hidden: boolean('hidden').notNull().default(false),
    /** Closed when another application on the lot is sold. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    solvent: boolean('solvent'),
    statusFr: text('status_fr'),
    statusFrChecked: boolean('status_fr_checked').notNull().default(false),
    statusAc: text('status_ac'),
    statusAcChecked: boolean('status_ac_checked').notNull().default(false),
    statusFin: text('status_fin'),
    statusFinChecked: boolean('status_fin_checked').notNull().default(false),
    statusSignpdv: text('status_signpdv'),
    statusSignpdvChecked: boolean('status_signpdv_checked').notNull().default(false),
    statusSign: text('status_sign'),
    statusSignChecked: boolean('status_sign_checked').notNull().default(false),
    reservationSentAt: timestamp('reservation_sent_at', { withTimezone: true }),
    firstReservationAt: timestamp('first_reservation_at', { withTimezone: true }),
    reservationConfirmedAt: timestamp('reservation_confirmed_at', { withTimezone: true }),
    reservationDepositConfirmedAt: timestamp('reservation_deposit_confirmed_at', { withTimezone: true }),
    promisePlannedAt: timestamp('promise_planned_at', { withTimezone: true }),
    promiseSignedAt: timestamp('promise_signed_at', { withTimezone: true }),
    actOfPurchaseAt: timestamp('act_of_purchase_at', { withTimezone: true }),
    actOfPurchaseSignedAt: timestamp('act_of_purchase_signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Sort keys kept by the database (migrations 0034 and 0035, docs/architecture.md, 'Data kept
     * by the database'): the lot's reference and the main candidate's name as the funnel sorts them
     * (`lower(first name || ' ' || last name)`), so that a page of the funnel is read along an
     * index instead of joining every live application of the promotion to its lot or candidate.
     */
    sortLot: text('sort_lot').notNull().default(''),
    sortCandidate: text('sort_candidate').notNull().default(''),
    /** The lot's building title, lowered, as the funnel sorts it (migration 0035). */
    sortBuilding: text('sort_building').notNull().default(''),
    /** The shown order of the lot's floor (lots.sort_floor), kept by the database (migration 0039). */
    sortFloor: integer('sort_floor').notNull().default(0),
    /**
     * What the funnel's search reads, kept by the database (migration 0041's triggers, never
     * written by the application): the lot's reference and title, the main candidate's names both
     * ways and e-mail, the partner's names both ways, lowered, one per line. The search, its stage
     * counts included, reads the promotion's live applications alone (issue 20: a one-letter search
     * of a 2,000-lot promotion joined its 3,145 live applications to four tables twice, 37 ms).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The lot's rooms, area and total price (its own and its associated lots' not included in it)
     * as the funnel sorts them, kept by the database (migration 0044): followed when the lot or
     * one of its associated lots changes, so that these sorts read a page along an index too.
     */
    sortRooms: numeric('sort_rooms', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    sortArea: numeric('sort_area', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    sortPrice: bigint('sort_price', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // An application's lot is of its promotion, which lets the funnel read the lots of the
    // promotion alone when it picks a page sorted by lot (applications.queries.ts, pickJoins).
    foreignKey({
      name: 'applications_lot_promotion_fk',
      columns: [t.lotId, t.promotionId],
      foreignColumns: [lots.id, lots.promotionId],
    }).onDelete('cascade'),
    uniqueIndex('applications_public_id_unique').on(t.publicId),
    // The process invariant: never two live applications at status >= 1 on one lot.
    uniqueIndex('applications_one_live_reservation_per_lot')
      .on(t.lotId)
      .where(sql`${t.status} >= 1 and ${t.hidden} = false and ${t.closedAt} is null`),
    // hidden and closed_at too: the funnel's stage counts of live applications read the index alone (migration 0036).
    index('applications_promotion_status_idx').on(t.promotionId, t.status, t.hidden, t.closedAt),
    index('applications_lot_idx').on(t.lotId),
    index('applications_candidacy1_idx').on(t.candidacy1Id),
    index('applications_candidacy2_idx').on(t.candidacy2Id),
    // The funnel's orders (applications.queries.ts, pageOrder): by default, by lot and by candidate.
    // Whole, not partial: a partial index of the live applications looks as cheap to walk whole
    // as another to read by key to a planner without statistics (the tests' plan checks).
    index('applications_default_order_idx').on(t.promotionId, t.status.desc().nullsFirst(), t.priority, t.sortLot, t.id),
    index('applications_lot_order_idx').on(t.promotionId, t.sortLot, t.id),
    index('applications_candidate_order_idx').on(t.promotionId, t.sortCandidate, t.id),
    index('applications_building_order_idx').on(t.promotionId, t.sortBuilding, t.id),
    index('applications_floor_order_idx').on(t.promotionId, t.sortFloor, t.id),
    index('applications_rooms_order_idx').on(t.promotionId, t.sortRooms, t.id),
    index('applications_area_order_idx').on(t.promotionId, t.sortArea, t.id),
    index('applications_price_order_idx').on(t.promotionId, t.sortPrice, t.id),
    // The stage, the priority and each milestone (checked, then set, then its text), either way (migration 0043).
    index('applications_status_order_idx').on(t.promotionId, t.status, t.id),
    index('applications_priority_order_idx').on(t.promotionId, t.priority, t.id),
    index('applications_fr_order_idx').on(
      t.promotionId,
      t.statusFrChecked,
      sql`(${t.statusFr} is not null)`,
      sql`lower(${t.statusFr})`,
      t.id,
    ),
    index('applications_ac_order_idx').on(
      t.promotionId,
      t.statusAcChecked,
      sql`(${t.statusAc} is not null)`,
      sql`lower(${t.statusAc})`,
      t.id,
    ),
    index('applications_fin_order_idx').on(
      t.promotionId,
      t.statusFinChecked,
      sql`(${t.statusFin} is not null)`,
      sql`lower(${t.statusFin})`,
      t.id,
    ),
    index('applications_signpdv_order_idx').on(
      t.promotionId,
      t.statusSignpdvChecked,
      sql`(${t.statusSignpdv} is not null)`,
      sql`lower(${t.statusSignpdv})`,
      t.id,
    ),
    index('applications_sign_order_idx').on(
      t.promotionId,
      t.statusSignChecked,
      sql`(${t.statusSign} is not null)`,
      sql`lower(${t.statusSign})`,
      t.id,
    ),
    check('applications_status_range', sql`${t.status} between 0 and 3`),
    check('applications_priority_values', sql`${t.priority} in (1, 2, 3, 9)`),
  ],
);

/**
 * The open tasks of each application, counted by the database (migration 0047: triggers of the
 * tasks, in the transaction of every write) so that the funnel's page reads a row's open tasks and
 * their kinds only where it has some (issue 20: two subqueries a row, 0.4 ms of PostgreSQL's CPU
 * a page of 50). An application without open tasks has no row.
 */
export const applicationRowCounts = pgTable('application_row_counts', {
  applicationId: integer('application_id').primaryKey(),
  promotionId: integer('promotion_id').notNull(),
  openTasks: integer('open_tasks').notNull().default(0),
});
