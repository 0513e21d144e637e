// Over 400 lines: the demo promotions' data (people, lots, sales, messages) as literal tables.
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SINGLE_PROMOTION_ACCOUNTS,
  formatCHF,
  formatDate,
  isCrmAgency,
  MILESTONE_TEXTS,
  milestoneText,
  PROCESS_TASKS,
} from '@promovente/shared';
import { hashPassword } from '../../platform/passwords.js';
import type { Storage } from '../../platform/storage.js';
import { type Db, transactionExecutor } from '../client.js';
import {
  actionLots,
  applications,
  buildings,
  campaignFiles,
  campaigns,
  candidacies,
  candidates,
  comments,
  faqQuestions,
  fileFolders,
  files,
  finances,
  libraryAccesses,
  logs,
  lots,
  marketingReports,
  notifications,
  photoGroups,
  photos,
  planningTasks,
  promotionAgencies,
  promotions,
  promotionUsers,
  tasks,
  threadMessages,
  threadReads,
  threads,
  users,
} from '../schema/index.js';
import { BulkWriter } from './bulk.js';
import { seedFaq } from './faq.js';
import { LOT_TYPE, type LotSpec, lotsOf, PROMOTIONS, type PromotionSpec } from './layout.js';
import { seedLibrary } from './library.js';
import { seedMarketing } from './marketing.js';
import { seedMessages } from './messages.js';
import { seedPlanning } from './planning.js';
import { seedProgress } from './progress.js';
import { createRng, type Rng } from './random.js';
import { Clock, DAY, HOUR, MINUTE, type Stage, stageStatus, type Timeline, timelineOf } from './timeline.js';
import * as V from './vocabulary.js';

export { DEMO_PASSWORD };

export type SeedOptions = {
  /** N copies of each demo promotion (titles suffixed ' #2', ' #3' ...). */
  scale: number;
  log?: (message: string) => void;
  /**
   * Candidacies per promotion in every copy (default: 48 in Les Terrasses du Lac with the two
   * candidate accounts, 74 in Quartier des Vergers, 40 candidates in both). Raise it to reach
   * large candidacy counts with few lots (30 % of the candidates are then in both promotions).
   */
  candidaciesPerPromotion?: number;
  /** The seeding time all dates are relative to (tests pin it). */
  now?: Date;
  /** The file storage of the demo's files: progress photos, library files, campaign documents, report screenshots (the server passes its own). */
  storage?: Storage;
};

// ---------------------------------------------------------------------------------------------
// Records built in memory before they are written

type CandidateRow = typeof candidates.$inferInsert & { id: number; firstName: string; lastName: string };
type CandidacyRow = typeof candidacies.$inferInsert & { id: number; brokerId: number; agencyId: number };

export type CandidateRec = { row: CandidateRow; userId?: number; details: boolean };
export type CandidacyRec = {
  row: CandidacyRow;
  candidate: CandidateRec;
  /** Best live application status, -1 without one. */
  best: number;
  nonRetained?: 1 | 2;
  /** Live applications (as main or partner candidacy). */
  live: number;
};
export type LotRec = { id: number; promotionId: number; buildingId: number; spec: LotSpec; rawStatus: number; live: AppRec[] };
export type AppRec = {
  id: number;
  lot: LotRec;
  c1: CandidacyRec;
  c2?: CandidacyRec;
  stage: Stage;
  status: number;
  priority: number;
  t: Timeline;
  lpc: Date;
  hidden: boolean;
  closedAt?: Date;
  negociatedPrice?: number;
};

export type DemoUsers = {
  courtier: number;
  courtier2: number;
  admin: number;
  promoter: number;
  banker: number;
  architect: number;
  notary: number;
  candidate: number;
  pilot: number;
  investor: number;
  investorLight: number;
  newCandidate: number;
  /** Members of the second promotion only (DEMO_SINGLE_PROMOTION_ACCOUNTS). */
  vergersBroker: number;
  vergersNotary: number;
  vergersCandidate: number;
};

export const SERIAL_TABLES = [
  'users',
  'promotions',
  'buildings',
  'lots',
  'action_lots',
  'candidates',
  'candidacies',
  'applications',
  'actions',
  'user_comments',
  'logs',
  'notifications',
  'threads',
  'thread_messages',
  'planning_tasks',
  'finances',
  'faq_questions',
  'file_folders',
  'files',
  'library_accesses',
  'photo_groups',
  'photos',
  'campaigns',
  'marketing_reports',
] as const;
export type SerialTable = (typeof SERIAL_TABLES)[number];

export class Ids {
  private readonly last = new Map<SerialTable, number>();
  constructor(start: Map<SerialTable, number>) {
    for (const t of SERIAL_TABLES) this.last.set(t, start.get(t) ?? 0);
  }
  next(table: SerialTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

export type Ctx = {
  clock: Clock;
  ids: Ids;
  writer: BulkWriter;
  users: DemoUsers;
  passwordHash: string;
  /** Where the demo's files are stored; without it (test databases) their rows come without content (docs/sales-process.md#demo-file-contents-built). */
  storage?: Storage;
};

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const mobile = (rng: Rng) => `+41 ${rng.pick(['76', '77', '78', '79'])} ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`;
const landline = (rng: Rng, zip: string) =>
  `+41 ${zip.startsWith('12') ? '22' : '21'} ${rng.int(300, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`;

/** A Swiss AVS number (756.xxxx.xxxx.xc) with its EAN-13 check digit. */
const avsNumber = (rng: Rng) => {
  const digits = `756${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  const all = digits + check;
  return `${all.slice(0, 3)}.${all.slice(3, 7)}.${all.slice(7, 11)}.${all.slice(11)}`;
};

const fullName = (c: CandidateRec) => `${c.row.firstName} ${c.row.lastName}`;

// ---------------------------------------------------------------------------------------------
// Users

const insertUsers = (ctx: Omit<Ctx, 'users'>, firstPromotionId: number): DemoUsers => {
  const { clock, ids, writer, passwordHash } = ctx;
  const base = {
    passwordHash,
    // Every demo account opens on the first demo promotion.
    preferences: { selected_promotion: firstPromotionId },
    numberConnections: 5,
    createdAt: clock.ago(500 * DAY),
    updatedAt: clock.ago(20 * DAY),
    lastLoginAt: clock.ago(3 * HOUR),
  };
  const add = (row: Omit<typeof users.$inferInsert, 'id'>) => {
    const id = ids.next('users');
    writer.push(users, { ...base, ...row, id });
    return id;
  };
  return {
    courtier: add({
      type: 'broker',
      email: DEMO_ACCOUNTS.broker,
      firstName: 'Julien',
      lastName: 'Favre',
      gender: 'M',
      phone: '+41 79 412 35 18',
      agencyId: 1,
      numberConnections: 42,
    }),
    courtier2: add({
      type: 'broker',
      email: 'courtier2@demo.ch',
      firstName: 'Sophie',
      lastName: 'Rochat',
      gender: 'F',
      phone: '+41 78 655 20 41',
      agencyId: 2,
      numberConnections: 17,
    }),
    admin: add({
      type: 'broker',
      admin: true,
      email: 'admin@demo.ch',
      firstName: 'Laurent',
      lastName: 'Mottier',
      gender: 'M',
      phone: '+41 79 230 11 87',
      agencyId: 1,
      numberConnections: 88,
    }),
    promoter: add({
      type: 'promoter',
      email: DEMO_ACCOUNTS.promoter,
      firstName: 'Pierre-Alain',
      lastName: 'Cuendet',
      gender: 'M',
      phone: '+41 21 802 33 10',
    }),
    banker: add({
      type: 'banker',
      email: DEMO_ACCOUNTS.banker,
      firstName: 'Nathalie',
      lastName: 'Gilliéron',
      gender: 'F',
      phone: '+41 21 212 10 00',
      bankName: 'Banque Cantonale Vaudoise',
    }),
    architect: add({
      type: 'architect',
      email: DEMO_ACCOUNTS.architect,
      firstName: 'Marc',
      lastName: 'Deillon',
      gender: 'M',
      phone: '+41 22 361 78 90',
      officeName: 'Deillon Architectes SA',
      address: 'Rue de Rive 8',
      zip: '1260',
      city: 'Nyon',
    }),
    notary: add({
      type: 'notary',
      email: DEMO_ACCOUNTS.notary,
      firstName: 'Catherine',
      lastName: 'Jaquier',
      gender: 'F',
      phone: '+41 22 361 45 20',
      officeName: 'Étude Jaquier & Associés',
      iban: 'CH93 0076 2011 6238 5295 7',
      bankName: 'Banque Cantonale Vaudoise',
      bankHolder: 'Étude Jaquier & Associés',
      address: 'Rue de la Gare 15',
      zip: '1260',
      city: 'Nyon',
      secretaryGender: 'F',
      secretaryName: 'Laura Pasche',
      secretaryEmail: 'secretariat@etude-jaquier.ch',
      secretaryPhone: '+41 22 361 45 21',
    }),
    candidate: add({
      type: 'candidate',
      email: DEMO_ACCOUNTS.candidate,
      firstName: 'Thomas',
      lastName: 'Berset',
      gender: 'M',
      phone: '+41 79 318 64 02',
      numberConnections: 1,
      lastLoginAt: clock.ago(2 * DAY),
    }),
    pilot: add({
      type: 'pilot',
      email: DEMO_ACCOUNTS.pilot,
      firstName: 'Claude',
      lastName: 'Pittet',
      gender: 'M',
      phone: '+41 79 544 12 90',
    }),
    investor: add({
      type: 'investor',
      email: DEMO_ACCOUNTS.investor,
      firstName: 'Daniel',
      lastName: 'Zbinden',
      gender: 'M',
      phone: '+41 79 701 23 45',
    }),
    investorLight: add({
      type: 'investor',
      email: 'investisseur-leger@demo.ch',
      firstName: 'Isabelle',
      lastName: 'Perrin',
      gender: 'F',
      phone: '+41 78 909 14 32',
      restrictedAccess: 1,
    }),
    newCandidate: add({
      type: 'candidate',
      email: 'nouveau.candidat@demo.ch',
      firstName: 'Léa',
      lastName: 'Bovet',
      gender: 'F',
      phone: '+41 76 482 90 13',
      numberConnections: 0,
      lastLoginAt: null,
    }),
    vergersBroker: add({
      type: 'broker',
      email: DEMO_SINGLE_PROMOTION_ACCOUNTS.broker,
      firstName: 'Yann',
      lastName: 'Chappuis',
      gender: 'M',
      phone: '+41 79 633 18 27',
      agencyId: 2,
      numberConnections: 9,
      preferences: { selected_promotion: firstPromotionId + 1 },
    }),
    vergersNotary: add({
      type: 'notary',
      email: DEMO_SINGLE_PROMOTION_ACCOUNTS.notary,
      firstName: 'Corinne',
      lastName: 'Blanc',
      gender: 'F',
      phone: '+41 21 801 22 64',
      officeName: 'Étude Blanc & Associés',
      address: 'Grand-Rue 40',
      zip: '1110',
      city: 'Morges',
      preferences: { selected_promotion: firstPromotionId + 1 },
    }),
    vergersCandidate: add({
      type: 'candidate',
      email: DEMO_SINGLE_PROMOTION_ACCOUNTS.candidate,
      firstName: 'Noémie',
      lastName: 'Jaquet',
      gender: 'F',
      phone: '+41 78 204 61 95',
      numberConnections: 3,
      preferences: { selected_promotion: firstPromotionId + 1 },
    }),
  };
};

// ---------------------------------------------------------------------------------------------
// Candidates and candidacies

export class CandidateFactory {
  private readonly usedLocalParts = new Set<string>();
  constructor(
    private readonly ctx: Ctx,
    private readonly rng: Rng,
    private readonly copy: number,
  ) {}

  create(promotionId: number, fixed?: Partial<CandidateRow> & { firstName: string; lastName: string; email: string }): CandidateRec {
    const { rng, ctx } = this;
    const gender = fixed?.gender ?? (rng.chance(0.5) ? 'M' : 'F');
    const firstName = fixed?.firstName ?? rng.pick(gender === 'M' ? V.MALE_FIRST_NAMES : V.FEMALE_FIRST_NAMES);
    const lastName = fixed?.lastName ?? rng.pick(V.LAST_NAMES);
    let email = fixed?.email;
    if (!email) {
      const base = `${slug(firstName).replace(/-/g, '')}.${slug(lastName).replace(/-/g, '')}`;
      let local = base;
      for (let n = 2; this.usedLocalParts.has(local); n++) local = `${base}${n}`;
      this.usedLocalParts.add(local);
      // Copies end in '.k': unique across copies whatever the de-duplication suffix inside one.
      email = `${local}${this.copy > 1 ? `.${this.copy}` : ''}@${rng.pick(V.EMAIL_DOMAINS)}`;
    }
    const town = rng.pick(V.TOWNS);
    const size = rng.pick([1, 2, 2, 3, 4, 4, 5]);
    const income = rng.int(90, 380) * 1_000;
    const row: CandidateRow = {
      id: ctx.ids.next('candidates'),
      promotionId,
      firstName,
      lastName,
      gender,
      email,
      phone: mobile(rng),
      phonePrivate: rng.chance(0.3) ? landline(rng, town.zip) : null,
      phonePro: rng.chance(0.25) ? landline(rng, town.zip) : null,
      householdSize: size,
      householdIncome: income,
      ownFunds: rng.int(10, 80) * 10_000,
      budget: Math.min(2_600_000, Math.max(650_000, Math.round((income * rng.float(4.5, 7)) / 50_000) * 50_000)),
      address: `${rng.pick(V.STREETS)} ${rng.int(1, 120)}`,
      city: town.city,
      zip: town.zip,
      country: 'Suisse',
      ...fixed,
    };
    return { row, details: false };
  }

  /** The same person as another promotion's own record: the same identity and contact, a new id. */
  copyTo(c: CandidateRec, promotionId: number): CandidateRec {
    return { row: { ...c.row, id: this.ctx.ids.next('candidates'), promotionId }, details: false };
  }

  /** The civil data the reservation form collects, for candidates who filled it. */
  fillDetails(c: CandidateRec) {
    if (c.details) return;
    c.details = true;
    const { rng } = this;
    const row = c.row;
    const civilStatus = rng.pick(['marié', 'marié', 'célibataire', 'partenaire enregistré', 'divorcé', 'veuf'] as const);
    const swiss = rng.chance(0.75);
    row.birthday = `${rng.int(1958, 1996)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    row.birthdayCity = swiss ? rng.pick(V.TOWNS).city : rng.pick(['Lyon', 'Annecy', 'Milan', 'Porto', 'Bruxelles', 'Munich']);
    row.placeOrigin = swiss ? rng.pick(V.PLACES_OF_ORIGIN) : null;
    row.establishmentPermit = swiss ? null : rng.pick(['B', 'C', 'C']);
    row.job = rng.pick(V.JOBS);
    row.civilStatus = civilStatus;
    row.matrimonialProperty =
      civilStatus === 'marié' || civilStatus === 'partenaire enregistré' ? rng.pick(V.MATRIMONIAL_PROPERTIES) : null;
    row.maidenName = row.gender === 'F' && civilStatus === 'marié' && rng.chance(0.6) ? rng.pick(V.LAST_NAMES) : null;
    row.fatherFirstName = rng.pick(V.MALE_FIRST_NAMES);
    row.motherFirstName = rng.pick(V.FEMALE_FIRST_NAMES);
    row.motherMaidenName = rng.pick(V.LAST_NAMES);
    row.avs = avsNumber(rng);
    row.alreadySwissOwner = rng.chance(0.3);
  }
}

export const newCandidacy = (
  ctx: Ctx,
  rng: Rng,
  promotionId: number,
  candidate: CandidateRec,
  broker: { brokerId: number; agencyId: number },
  created: Date,
): CandidacyRec => {
  const row: CandidacyRow = {
    id: ctx.ids.next('candidacies'),
    promotionId,
    candidateId: candidate.row.id,
    brokerId: broker.brokerId,
    agencyId: broker.agencyId,
    status: 0,
    priority: rng.pick([1, 2, 2, 3, 3, 9, 9, 9]),
    budget: candidate.row.budget,
    createdAt: created,
    updatedAt: created,
  };
  return { row, candidate, best: -1, live: 0 };
};

// ---------------------------------------------------------------------------------------------
// Sales: which lot is at which stage, with whom

export const MAIN_TYPES = new Set<number>([LOT_TYPE.apartment, LOT_TYPE.villa, LOT_TYPE.commercial]);

export type Plan = { apps: AppRec[]; prsLots: LotRec[]; expired?: AppRec; dueSoon?: AppRec };

export const planSales = (
  ctx: Ctx,
  rng: Rng,
  spec: Pick<PromotionSpec, 'multiAgency' | 'reservationTimeout'>,
  promotionStart: Date,
  lotRecs: LotRec[],
  pool: CandidacyRec[],
  forced: { candidacy: CandidacyRec; stage: Stage }[],
): Plan => {
  const { clock } = ctx;
  const mains = rng.shuffle(lotRecs.filter((l) => MAIN_TYPES.has(l.spec.lotTypeId) && !l.spec.parentReference));
  const n = mains.length;
  const quota = {
    sold: Math.round(n * 0.13),
    signed: Math.round(n * 0.13),
    reserved: Math.round(n * 0.2),
    optioned: Math.round(n * 0.3),
    prs: Math.max(1, Math.round(n * 0.08)),
  };

  // Pools: non retained (no application at all), partners, and the active rest.
  const forcedSet = new Set(forced.map((f) => f.candidacy));
  const others = rng.shuffle(pool.filter((c) => !forcedSet.has(c)));
  const nonRetainedCount = Math.max(2, Math.round(others.length * 0.07));
  const partnerCount = Math.round(others.length * 0.1);
  others.slice(0, nonRetainedCount).forEach((c, i) => {
    c.nonRetained = i === 0 ? 1 : i === 1 ? 2 : rng.pick([1, 2] as const);
  });
  const partners = others.slice(nonRetainedCount, nonRetainedCount + partnerCount);
  const active = others.slice(nonRetainedCount + partnerCount);
  if (active.length === 0) throw new Error('Seed: not enough candidacies for the sales plan');
  let cursor = 0;
  const nextActive = (lot: LotRec) => {
    for (let tries = 0; tries < active.length; tries++) {
      const c = active[cursor++ % active.length];
      if (!lot.live.some((a) => a.c1 === c || a.c2 === c)) return c;
    }
    return undefined;
  };

  const apps: AppRec[] = [];
  const newApp = (lot: LotRec, c1: CandidacyRec, stage: Stage, t: Timeline, priority: number): AppRec => {
    const app: AppRec = {
      id: ctx.ids.next('applications'),
      lot,
      c1,
      stage,
      status: stageStatus(stage),
      priority,
      t,
      lpc: t.created,
      hidden: false,
    };
    apps.push(app);
    return app;
  };
  const live = (app: AppRec) => {
    app.lot.live.push(app);
    for (const c of [app.c1, app.c2]) {
      if (!c) continue;
      c.live++;
      c.best = Math.max(c.best, app.status);
    }
  };
  const freePriority = () => (spec.multiAgency ? 9 : rng.pick([9, 9, 9, 1, 2, 3]));

  const cycles: Record<'signed' | 'reserved' | 'optioned', Stage[]> = {
    signed: ['promise_signed', 'act_planned', 'funds_called'],
    reserved: ['deposit_received', 'solvent', 'promise_planned', 'draft_sent'],
    optioned: ['option', 'form_sent', 'form_filled', 'form_confirmed', 'option'],
  };
  const forcedQueue = [...forced];
  let index = 0;
  let optionedSeen = 0;
  let draftLate = false;
  const prsLots: LotRec[] = [];

  const take = (count: number, kind: 'sold' | 'signed' | 'reserved' | 'optioned') => {
    for (let k = 0; k < count && index < mains.length; k++) {
      const lot = mains[index++];
      let stage: Stage;
      let c1: CandidacyRec | undefined;
      if (kind === 'optioned' && forcedQueue.length > 0) {
        const f = forcedQueue.shift() as { candidacy: CandidacyRec; stage: Stage };
        stage = f.stage;
        c1 = f.candidacy;
      } else {
        stage = kind === 'sold' ? 'sold' : cycles[kind][k % cycles[kind].length];
        c1 = nextActive(lot);
      }
      if (!c1) continue;
      const late = stage === 'draft_sent' && !draftLate;
      if (late) draftLate = true;
      const t = timelineOf(rng, clock, stage, { notBefore: promotionStart, late });
      const top = newApp(lot, c1, stage, t, spec.multiAgency ? 1 : freePriority());
      // A partner on some files, the price negotiated on some reservations.
      if (partners.length > 0 && rng.chance(top.status >= 1 ? 0.35 : 0.1)) {
        const partner = partners.pop() as CandidacyRec;
        partner.row.brokerId = c1.row.brokerId;
        partner.row.agencyId = c1.row.agencyId;
        partner.row.couple = true;
        c1.row.couple = true;
        top.c2 = partner;
      }
      if (top.status >= 1 && rng.chance(0.3)) {
        top.negociatedPrice = Math.round((lot.spec.rawPrice * (1 - rng.float(0.01, 0.05))) / 1_000) * 1_000;
      }
      live(top);

      // The waiting list behind it.
      let extras = 0;
      if (kind === 'optioned') extras = spec.multiAgency && optionedSeen === 0 ? 3 : rng.int(0, 2);
      else if (kind !== 'sold') extras = rng.chance(0.4) ? 1 : 0;
      if (kind === 'optioned') optionedSeen++;
      for (let e = 0; e < extras; e++) {
        const c = nextActive(lot);
        if (!c) break;
        const et = timelineOf(rng, clock, 'option', { notBefore: top.t.created });
        const priority = spec.multiAgency ? (kind === 'optioned' && e < 2 ? e + 2 : 9) : freePriority();
        live(newApp(lot, c, 'option', et, priority));
      }
    }
  };
  take(quota.sold, 'sold');
  take(quota.signed, 'signed');
  take(quota.reserved, 'reserved');
  take(quota.optioned, 'optioned');
  for (let k = 0; k < quota.prs && index < mains.length; k++) {
    const lot = mains[index++];
    lot.rawStatus = 1;
    prsLots.push(lot);
  }

  // Dead applications: closed when another client bought the lot, hidden when deleted.
  // Their candidacies keep a live application, so their status still follows it.
  const withLive = active.filter((c) => c.live > 0);
  if (withLive.length > 0) {
    for (const app of apps.filter((a) => a.status === 3)) {
      if (!rng.chance(0.5)) continue;
      const c = withLive[rng.int(0, withLive.length - 1)];
      if (c === app.c1 || c === app.c2) continue;
      const closedAt = app.t.actSigned as Date;
      const created = new Date(closedAt.getTime() - rng.int(10, 60) * DAY);
      const dead = newApp(app.lot, c, 'option', { created }, 9);
      dead.closedAt = closedAt;
    }
    const hiddenCount = Math.max(1, Math.round(n * 0.06));
    const targets = mains.filter((l) => l.rawStatus === 0);
    for (let k = 0; k < hiddenCount && targets.length > 0; k++) {
      const lot = targets[rng.int(0, targets.length - 1)];
      const c = withLive[rng.int(0, withLive.length - 1)];
      if (lot.live.some((a) => a.c1 === c || a.c2 === c)) continue;
      const dead = newApp(lot, c, 'option', timelineOf(rng, clock, 'option', { notBefore: promotionStart }), 9);
      dead.hidden = true;
    }
  }

  // Multi-agency positions: priority 1 carries a deadline (last_priority_change + timeout days).
  let expired: AppRec | undefined;
  let dueSoon: AppRec | undefined;
  if (spec.multiAgency) {
    const firsts = apps.filter((a) => !a.hidden && !a.closedAt && a.status === 0 && a.priority === 1);
    const early = firsts.filter((a) => a.stage === 'option' || a.stage === 'form_sent');
    expired = early[0];
    dueSoon = early[1];
    const timeout = (spec.reservationTimeout ?? 5) * DAY;
    for (const app of firsts) {
      let lpc: Date;
      if (app === expired) lpc = clock.ago(timeout + 3 * HOUR);
      else if (app === dueSoon) lpc = clock.ago(timeout - 18 * HOUR);
      else lpc = clock.ago(rng.int(12, 84) * HOUR);
      if (app.t.created.getTime() > lpc.getTime()) app.t.created = lpc;
      app.lpc = lpc.getTime() < app.t.created.getTime() ? app.t.created : lpc;
    }
  }
  return { apps, prsLots, expired, dueSoon };
};

// ---------------------------------------------------------------------------------------------
// One copy of the two demo promotions

export const LOT_STATUS_OF_APPLICATION = [2, 3, 4, 4];

const milestoneTexts = (app: AppRec) => {
  const t = app.t;
  const m = {
    statusFr: null as string | null,
    statusFrChecked: false,
    statusAc: null as string | null,
    statusAcChecked: false,
    statusFin: null as string | null,
    statusFinChecked: false,
    statusSignpdv: null as string | null,
    statusSignpdvChecked: false,
    statusSign: null as string | null,
    statusSignChecked: false,
  };
  if (t.sent) m.statusFr = milestoneText(MILESTONE_TEXTS.formSent, t.sent);
  if (t.filled) m.statusFr = milestoneText(MILESTONE_TEXTS.formFilled, t.filled);
  if (t.confirmed) {
    m.statusFr = milestoneText(MILESTONE_TEXTS.formValidated, t.confirmed);
    m.statusFrChecked = true;
  }
  if (t.deposit) {
    m.statusAc = milestoneText(MILESTONE_TEXTS.depositReceived, t.deposit);
    m.statusAcChecked = true;
  }
  if (t.solvent) {
    m.statusFin = milestoneText(MILESTONE_TEXTS.solvent, t.solvent);
    m.statusFinChecked = true;
  }
  if (t.promisePlanned) m.statusSignpdv = milestoneText(MILESTONE_TEXTS.promisePlanned, t.promisePlanned);
  if (t.promiseSigned) {
    m.statusSignpdv = milestoneText(MILESTONE_TEXTS.promiseSigned, t.promiseSigned);
    m.statusSignpdvChecked = true;
  }
  if (t.actPlanned) m.statusSign = milestoneText(MILESTONE_TEXTS.actPlanned, t.actPlanned);
  if (t.actSigned) {
    m.statusSign = milestoneText(MILESTONE_TEXTS.actSigned, t.actSigned);
    m.statusSignChecked = true;
  }
  return m;
};

type ProcessStep = {
  kind: keyof typeof PROCESS_TASKS;
  title: string;
  opened: keyof Timeline;
  closed: keyof Timeline;
  assignee: 'broker' | 'notary' | 'banker';
  due: (t: Timeline) => Date;
};

/** The tasks the process opens, in order (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), with the event that closes them. */
const PROCESS_STEPS: ProcessStep[] = [
  {
    kind: 'reservation_form_pending',
    title: PROCESS_TASKS.reservation_form_pending.title,
    opened: 'sent',
    closed: 'filled',
    assignee: 'broker',
    due: (t) => new Date((t.sent as Date).getTime() + 5 * DAY),
  },
  {
    kind: 'verify_reservation_form',
    title: PROCESS_TASKS.verify_reservation_form.title,
    opened: 'filled',
    closed: 'confirmed',
    assignee: 'broker',
    due: (t) => new Date((t.filled as Date).getTime() + 2 * DAY),
  },
  {
    kind: 'reservation_deposit_expected',
    title: PROCESS_TASKS.reservation_deposit_expected.title,
    opened: 'confirmed',
    closed: 'deposit',
    assignee: 'notary',
    due: (t) => new Date((t.confirmed as Date).getTime() + 10 * DAY),
  },
  {
    kind: 'verify_solvency',
    title: PROCESS_TASKS.verify_solvency.title,
    opened: 'deposit',
    closed: 'solvent',
    assignee: 'banker',
    due: (t) => new Date((t.deposit as Date).getTime() + 7 * DAY),
  },
  {
    kind: 'send_draft_act',
    title: PROCESS_TASKS.send_draft_act.title,
    opened: 'promiseScheduled',
    closed: 'draftSent',
    assignee: 'notary',
    due: (t) => new Date((t.promiseScheduled as Date).getTime() + 10 * DAY),
  },
  {
    kind: 'confirm_promise_funds',
    title: PROCESS_TASKS.confirm_promise_funds.title,
    opened: 'draftSent',
    closed: 'promiseSigned',
    assignee: 'notary',
    due: (t) => t.promisePlanned as Date,
  },
  {
    kind: 'send_call_for_funds',
    title: PROCESS_TASKS.send_call_for_funds.title,
    opened: 'actScheduled',
    closed: 'fundsCalled',
    assignee: 'notary',
    due: (t) => new Date(Math.max((t.actScheduled as Date).getTime() + 3 * DAY, (t.actPlanned as Date).getTime() - 30 * DAY)),
  },
];

const seedCopy = async (ctx: Ctx, copy: number, candidaciesPerPromotion: number | undefined) => {
  const { clock, ids, writer, users: u } = ctx;
  const rng = createRng(`promovente-demo-${copy}`);
  const suffix = copy > 1 ? ` #${copy}` : '';
  const factory = new CandidateFactory(ctx, rng, copy);
  const staff = [u.courtier, u.courtier2, u.admin, u.promoter, u.banker, u.architect, u.notary, u.pilot, u.investor, u.investorLight];

  type PromoState = { id: number; spec: PromotionSpec; start: Date; lots: LotRec[]; pool: CandidacyRec[]; plan?: Plan };
  const promos: PromoState[] = PROMOTIONS.map((spec) => {
    const id = ids.next('promotions');
    const start = clock.officeTime(rng, -spec.ageDays);
    writer.push(promotions, {
      id,
      title: spec.title + suffix,
      url: spec.url,
      multiAgency: spec.multiAgency,
      reservationTimeout: spec.reservationTimeout,
      crmUpdatedAt: spec.multiAgency ? clock.officeTime(rng, -3) : null,
      brokerId: u.courtier,
      startAt: start,
      createdAt: start,
    });
    for (const userId of staff) writer.push(promotionUsers, { promotionId: id, userId, main: userId === u.notary });
    for (const agencyId of spec.agencies) writer.push(promotionAgencies, { promotionId: id, agencyId });

    // Buildings and lots, children pointing at their main lot.
    const buildingIds = spec.buildings.map((b) => {
      const buildingId = ids.next('buildings');
      writer.push(buildings, { id: buildingId, promotionId: id, title: b.title, street: b.street, city: spec.city, zip: spec.zip });
      return buildingId;
    });
    const lotRecs: LotRec[] = lotsOf(rng, spec).map((s) => ({
      id: ids.next('lots'),
      promotionId: id,
      buildingId: buildingIds[s.building],
      spec: s,
      rawStatus: 0,
      live: [],
    }));
    return { id, spec, start, lots: lotRecs, pool: [] };
  });
  const [p1, p2] = promos;

  // Candidates: some in both promotions. Copy 1 also holds the two candidate accounts.
  const n1 = candidaciesPerPromotion ?? 46;
  const n2 = candidaciesPerPromotion ?? 74;
  const shared = candidaciesPerPromotion ? Math.round(candidaciesPerPromotion * 0.3) : 40;
  const brokerOf = (spec: PromotionSpec) =>
    spec.multiAgency && rng.chance(0.45)
      ? { brokerId: u.courtier2, agencyId: 2 }
      : { brokerId: rng.chance(0.75) ? u.courtier : u.admin, agencyId: 1 };
  const createdIn = (p: PromoState) => clock.officeTime(rng, rng.int(clock.dayOf(p.start) + 5, -1));
  const forced: { candidacy: CandidacyRec; stage: Stage }[] = [];
  if (copy === 1) {
    const thomas = factory.create(p1.id, {
      firstName: 'Thomas',
      lastName: 'Berset',
      gender: 'M',
      email: DEMO_ACCOUNTS.candidate,
      phone: '+41 79 318 64 02',
      address: 'Chemin du Bochet 7',
      city: 'Gland',
      zip: '1196',
      userId: u.candidate,
    });
    thomas.userId = u.candidate;
    const lea = factory.create(p1.id, {
      firstName: 'Léa',
      lastName: 'Bovet',
      gender: 'F',
      email: 'nouveau.candidat@demo.ch',
      phone: '+41 76 482 90 13',
      address: 'Rue de Rive 21',
      city: 'Nyon',
      zip: '1260',
      userId: u.newCandidate,
    });
    lea.userId = u.newCandidate;
    const courtier = { brokerId: u.courtier, agencyId: 1 };
    const c1 = newCandidacy(ctx, rng, p1.id, thomas, courtier, clock.officeTime(rng, -40));
    c1.row.comment = 'Nous cherchons un 4.5 pièces lumineux, idéalement avec une place de parc.';
    c1.row.crmValidated = true;
    c1.row.crmId = 'NAEF-2026-00412';
    const c2 = newCandidacy(ctx, rng, p1.id, lea, courtier, clock.officeTime(rng, -15));
    forced.push({ candidacy: c1, stage: 'form_filled' }, { candidacy: c2, stage: 'form_sent' });
    p1.pool.push(c1, c2);
    const noemie = factory.create(p2.id, {
      firstName: 'Noémie',
      lastName: 'Jaquet',
      gender: 'F',
      email: DEMO_SINGLE_PROMOTION_ACCOUNTS.candidate,
      phone: '+41 78 204 61 95',
      address: 'Avenue de Marcelin 12',
      city: 'Morges',
      zip: '1110',
      userId: u.vergersCandidate,
    });
    noemie.userId = u.vergersCandidate;
    p2.pool.push(newCandidacy(ctx, rng, p2.id, noemie, { brokerId: u.vergersBroker, agencyId: 2 }, clock.officeTime(rng, -20)));
  }
  for (let i = 0; i < n1 + n2 - shared; i++) {
    const inP1 = i < n1;
    const inP2 = i >= n1 - shared;
    const candidate = factory.create(inP1 ? p1.id : p2.id);
    if (rng.chance(0.04)) {
      candidate.row.companyName = `${rng.pick(['Immo', 'Léman', 'Alpes', 'Rive'])} ${rng.pick(['Invest', 'Patrimoine', 'Holding'])} SA`;
      candidate.row.companyType = 'SA';
      candidate.row.headOffice = rng.pick(V.TOWNS).city;
      candidate.row.companyAddress = `${rng.pick(V.STREETS)} ${rng.int(1, 60)}`;
    }
    if (inP1) p1.pool.push(newCandidacy(ctx, rng, p1.id, candidate, brokerOf(p1.spec), createdIn(p1)));
    // A person in both promotions is a record in each: what a promotion knows is its own
    // (docs/decisions/008-candidates-per-promotion.md).
    const inSecond = inP1 && inP2 ? factory.copyTo(candidate, p2.id) : candidate;
    if (inP2) p2.pool.push(newCandidacy(ctx, rng, p2.id, inSecond, brokerOf(p2.spec), createdIn(p2)));
  }

  for (const p of promos) {
    p.plan = planSales(ctx, rng, p.spec, p.start, p.lots, p.pool, p === p1 ? forced : []);
  }

  // Derived statuses, then the rows.
  const candidateRecs = new Map<number, CandidateRec>();
  for (const p of promos) {
    const plan = p.plan as Plan;
    for (const app of plan.apps) {
      // Candidacies exist before their applications; filled forms carry the civil data.
      for (const c of [app.c1, app.c2]) {
        if (!c) continue;
        if ((c.row.createdAt as Date).getTime() > app.t.created.getTime()) {
          c.row.createdAt = new Date(app.t.created.getTime() - rng.int(1, 20) * DAY);
          if (c.row.createdAt.getTime() < p.start.getTime()) c.row.createdAt = p.start;
        }
        if (app.t.filled && !app.hidden && !app.closedAt) factory.fillDetails(c.candidate);
      }
    }
    for (const c of p.pool) {
      candidateRecs.set(c.candidate.row.id, c.candidate);
      c.row.status = c.best >= 0 ? c.best + 3 : (c.nonRetained ?? 0);
      c.row.updatedAt = clock.ago(rng.int(1, 240) * HOUR);
      const agency1 = isCrmAgency(c.row.agencyId);
      if (agency1 && !c.row.crmValidated && rng.chance(0.4)) {
        c.row.crmValidated = true;
        c.row.crmId = `NAEF-${2025 + rng.int(0, 1)}-${String(rng.int(1, 9_999)).padStart(5, '0')}`;
      }
      if (rng.chance(0.08)) {
        c.row.vip = true;
        c.row.reasonVip = rng.pick(V.VIP_REASONS);
      }
      if (!c.row.comment && rng.chance(0.2)) c.row.comment = rng.pick(V.REGISTRATION_COMMENTS);
      // Financing: complete once the reservation form is filled, partial for some prospects.
      const budget = c.row.budget ?? 1_000_000;
      const funded = c.candidate.details || c.best >= 1;
      if (funded || rng.chance(0.25)) {
        c.row.mortgageAmount = Math.round((budget * rng.float(0.6, 0.8)) / 10_000) * 10_000;
        c.row.mortgageBankName = rng.pick(V.MORTGAGE_BANKS);
        c.row.mortgageContactName = `${rng.pick([...V.MALE_FIRST_NAMES, ...V.FEMALE_FIRST_NAMES])} ${rng.pick(V.LAST_NAMES)}`;
      }
      if (funded) {
        c.row.secondPillarAmount = rng.chance(0.6) ? rng.int(5, 25) * 10_000 : null;
        c.row.secondPillarBankName = c.row.secondPillarAmount ? rng.pick(V.PENSION_FUNDS) : null;
        c.row.thirdPillarAmount = rng.chance(0.5) ? rng.int(2, 12) * 10_000 : null;
        c.row.thirdPillarBankName = c.row.thirdPillarAmount ? rng.pick(V.THIRD_PILLAR_BANKS) : null;
      } else if (rng.chance(0.05)) {
        c.row.financialsUnavailable = true;
      }
    }
  }
  const firstCandidacy = new Map<CandidateRec, number>();
  for (const p of promos) {
    for (const c of p.pool) {
      const at = (c.row.createdAt as Date).getTime();
      firstCandidacy.set(c.candidate, Math.min(at, firstCandidacy.get(c.candidate) ?? at));
    }
  }
  for (const c of candidateRecs.values()) {
    c.row.createdAt = new Date(firstCandidacy.get(c) as number);
    c.row.updatedAt = clock.ago(rng.int(1, 400) * HOUR);
    writer.push(candidates, c.row);
  }
  for (const p of promos) {
    pushLots(writer, p.id, p.lots, p.spec.parcel, p.start);
    for (const c of p.pool) writer.push(candidacies, c.row);
    seedActivity(ctx, rng, p.id, p.start, p.lots, p.pool, p.plan as Plan);
    seedPlanning(ctx, p.id, p.start, p.lots);
    await seedMarketing(ctx, { id: p.id, multiAgency: p.spec.multiAgency, files: copy === 1 ? { spec: p.spec } : undefined });
  }
  if (copy === 1) {
    for (const userId of [u.candidate, u.newCandidate]) writer.push(promotionUsers, { promotionId: p1.id, userId, main: false });
    for (const userId of [u.vergersBroker, u.vergersNotary, u.vergersCandidate]) {
      writer.push(promotionUsers, { promotionId: p2.id, userId, main: false });
    }
    seedMessaging(ctx, p1, p2);
    seedMessages(ctx, p1, p2);
    await seedLibrary(
      ctx,
      [p1, p2].map((p) => ({ id: p.id, content: { spec: p.spec, lots: p.lots } })),
    );
    await seedProgress(ctx, promos, ctx.storage);
  }
  await writer.maybeFlush();
};

/** Applications, tasks, comments, history and lot history of one promotion. */
export const seedActivity = (ctx: Ctx, rng: Rng, promotionId: number, start: Date, lotRecs: LotRec[], pool: CandidacyRec[], plan: Plan) => {
  const { clock, ids, writer, users: u } = ctx;
  const nowMs = clock.nowMs;
  const log = (
    title: string,
    at: Date,
    by: number | null,
    on: string,
    refs: { applicationId?: number; lotId?: number; candidacyId?: number },
  ) => writer.push(logs, { id: ids.next('logs'), promotionId, executedById: by, executedOnTitle: on, title, createdAt: at, ...refs });
  const lotHistory = (lotId: number, column: string, from: string, to: string, at: Date, by: number | null) =>
    writer.push(actionLots, { id: ids.next('action_lots'), promotionId, lotId, userId: by, column, from, to, createdAt: at });

  // Timing of hand-made tasks: late, today, upcoming, done, in turn.
  let taskTurn = rng.int(0, 3);
  const handTask = (
    target: { candidacyId?: number; lotId?: number; applicationId?: number },
    title: string,
    assignee: number,
    createdBy: number,
    notBefore: Date,
  ) => {
    const turn = taskTurn++ % 4;
    const type = rng.chance(0.35) ? 1 : 0;
    const todayEnd = clock.todayStart + DAY - MINUTE;
    let endAt: Date;
    if (turn === 0) endAt = clock.officeTime(rng, -rng.int(1, 12));
    else if (turn === 1) endAt = new Date(Math.max(nowMs + 5 * MINUTE, Math.min(nowMs + rng.int(30, 300) * MINUTE, todayEnd)));
    else if (turn === 2) endAt = clock.officeTime(rng, rng.int(1, 30));
    else endAt = clock.officeTime(rng, -rng.int(1, 30));
    const createdAt = new Date(Math.max(notBefore.getTime(), Math.min(endAt.getTime(), nowMs) - rng.int(1, 10) * DAY));
    const done = turn === 3;
    writer.push(tasks, {
      id: ids.next('actions'),
      promotionId,
      title,
      detail: rng.pick(V.TASK_DETAILS),
      type,
      endAt,
      hours: type === 0 ? rng.int(0, 2) : null,
      minutes: type === 0 ? rng.pick([0, 15, 30, 45]) : null,
      doneAt: done ? new Date(Math.min(endAt.getTime() + rng.int(0, 6) * HOUR, nowMs - HOUR)) : null,
      doneById: done ? assignee : null,
      createdById: createdBy,
      assignedToId: assignee,
      automaticEnd: false,
      createdAt,
      ...target,
    });
  };

  // Candidacies: registration history, comments, tasks.
  for (const c of pool) {
    const created = c.row.createdAt as Date;
    const name = fullName(c.candidate);
    log(
      c.row.comment ? 'Inscription depuis le site de la promotion' : 'Candidat créé',
      created,
      c.row.comment ? null : c.row.brokerId,
      name,
      {
        candidacyId: c.row.id,
      },
    );
    if (c.nonRetained) {
      const at = new Date(created.getTime() + rng.int(2, 40) * DAY);
      if (at.getTime() < nowMs)
        log(c.nonRetained === 1 ? 'Statut modifié : Non retenu' : 'Statut modifié : Non retenu CP', at, c.row.brokerId, name, {
          candidacyId: c.row.id,
        });
    }
    if (rng.chance(0.35)) {
      const count = rng.int(1, 2);
      for (let k = 0; k < count; k++) {
        const at = new Date(created.getTime() + rng.float(0.1, 0.9) * (nowMs - created.getTime()));
        writer.push(comments, {
          id: ids.next('user_comments'),
          promotionId,
          candidacyId: c.row.id,
          comment: rng.pick(V.BROKER_COMMENTS),
          createdById: rng.chance(0.85) ? c.row.brokerId : u.admin,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    if (rng.chance(0.25)) handTask({ candidacyId: c.row.id }, rng.pick(V.CANDIDACY_TASKS), c.row.brokerId, c.row.brokerId, created);
  }

  // Lots: price changes before the sales started, PRS, some hand-made tasks.
  for (const l of lotRecs) {
    const main = MAIN_TYPES.has(l.spec.lotTypeId) && !l.spec.parentReference;
    if (main && rng.chance(0.15)) {
      const before = l.spec.rawPrice + rng.pick([-1, 1]) * rng.int(2, 6) * 10_000;
      lotHistory(l.id, 'raw_price', String(before), String(l.spec.rawPrice), new Date(start.getTime() + rng.int(1, 20) * DAY), u.promoter);
    }
    if (l.rawStatus === 1) {
      const at = clock.officeTime(rng, -rng.int(3, 60));
      lotHistory(l.id, 'raw_status', '0', '1', at, u.courtier);
      log(`Lot ${l.spec.reference} passé en PRS`, at, u.courtier, l.spec.reference, { lotId: l.id });
    } else if (main && l.live.length === 0 && rng.chance(0.15)) {
      const at = clock.officeTime(rng, -rng.int(20, 90));
      lotHistory(l.id, 'raw_status', '0', '1', at, u.courtier);
      lotHistory(l.id, 'raw_status', '1', '0', new Date(at.getTime() + rng.int(3, 15) * DAY), u.courtier);
    }
    if (main && rng.chance(0.1))
      handTask({ lotId: l.id }, rng.pick(V.LOT_TASKS), rng.chance(0.7) ? u.courtier : u.admin, u.courtier, start);
  }

  // Applications, their milestones, process tasks and history.
  for (const app of plan.apps) {
    const t = app.t;
    const lot = app.lot;
    const broker = app.c1.row.brokerId;
    const on = app.c2 ? `${fullName(app.c1.candidate)} et ${fullName(app.c2.candidate)}` : fullName(app.c1.candidate);
    const refs = { applicationId: app.id, lotId: lot.id, candidacyId: app.c1.row.id };
    const lastEvent = [
      t.actSigned,
      t.fundsCalled,
      t.actScheduled,
      t.promiseSigned,
      t.draftSent,
      t.promiseScheduled,
      t.solvent,
      t.deposit,
      t.confirmed,
      t.filled,
      t.sent,
      t.created,
    ].find(Boolean) as Date;
    writer.push(applications, {
      id: app.id,
      promotionId,
      lotId: lot.id,
      candidacy1Id: app.c1.row.id,
      candidacy2Id: app.c2?.row.id ?? null,
      status: app.status,
      priority: app.priority,
      lastPriorityChange: app.lpc,
      negociatedPrice: app.negociatedPrice ?? null,
      hidden: app.hidden,
      closedAt: app.closedAt ?? null,
      solvent: t.solvent ? true : null,
      ...milestoneTexts(app),
      reservationSentAt: t.sent ?? null,
      firstReservationAt: t.filled ?? null,
      reservationConfirmedAt: t.confirmed ?? null,
      reservationDepositConfirmedAt: t.deposit ?? null,
      promisePlannedAt: t.promisePlanned ?? null,
      promiseSignedAt: t.promiseSigned ?? null,
      actOfPurchaseAt: t.actPlanned ?? null,
      actOfPurchaseSignedAt: t.actSigned ?? null,
      createdAt: t.created,
      updatedAt: app.closedAt ?? (app.lpc.getTime() > lastEvent.getTime() ? app.lpc : lastEvent),
    });

    // History.
    const filler = app.c1.candidate.userId ?? null;
    log(`Lot ${lot.spec.reference} attribué`, t.created, broker, on, refs);
    if (app.negociatedPrice)
      log(`Prix négocié : ${formatCHF(app.negociatedPrice)}`, new Date(t.created.getTime() + HOUR), broker, on, refs);
    if (t.sent) log('Formulaire de réservation envoyé', t.sent, broker, on, refs);
    if (t.filled) log('Formulaire de réservation rempli', t.filled, filler, on, refs);
    if (t.confirmed) log('Formulaire de réservation validé', t.confirmed, broker, on, refs);
    if (t.deposit) log('Acompte de réservation reçu', t.deposit, u.notary, on, refs);
    if (t.solvent) log('Client solvable', t.solvent, u.banker, on, refs);
    if (t.promiseScheduled)
      log(`Signature de la promesse de vente prévue le ${formatDate(t.promisePlanned)}`, t.promiseScheduled, broker, on, refs);
    if (t.draftSent) log("Projet d'acte envoyé", t.draftSent, u.notary, on, refs);
    if (t.promiseSigned) log('Fonds de la promesse reçus, promesse de vente signée', t.promiseSigned, u.notary, on, refs);
    if (t.actScheduled) log(`Signature de l'acte de vente prévue le ${formatDate(t.actPlanned)}`, t.actScheduled, broker, on, refs);
    if (t.fundsCalled) log('Appel de fonds envoyé', t.fundsCalled, u.notary, on, refs);
    if (t.actSigned) log('Acte de vente signé', t.actSigned, broker, on, refs);
    if (app.closedAt) log(`Candidature clôturée : lot ${lot.spec.reference} vendu à un autre client`, app.closedAt, broker, on, refs);
    if (app.hidden) {
      const at = new Date(Math.min(t.created.getTime() + rng.int(1, 10) * DAY, nowMs - HOUR));
      log('Candidature supprimée', at, broker, on, refs);
    }

    // Lot history of the top application (the one that moved the lot).
    if (!app.hidden && !app.closedAt && lot.live[0] === app) {
      lotHistory(lot.id, 'status', '0', '2', t.created, broker);
      if (t.deposit) lotHistory(lot.id, 'status', '2', '3', t.deposit, u.notary);
      if (t.promiseSigned) lotHistory(lot.id, 'status', '3', '4', t.promiseSigned, u.notary);
    }

    // Process tasks: done for the steps passed, open for the current one.
    if (app.hidden || app.closedAt) continue;
    for (const step of PROCESS_STEPS) {
      const opened = t[step.opened] as Date | undefined;
      if (!opened) continue;
      const closed = t[step.closed] as Date | undefined;
      const assignee = step.assignee === 'broker' ? broker : step.assignee === 'notary' ? u.notary : u.banker;
      writer.push(tasks, {
        id: ids.next('actions'),
        promotionId,
        title: step.title,
        type: 0,
        endAt: step.due(t),
        deadlineAt: step.due(t),
        doneAt: closed ?? null,
        doneById: closed ? assignee : null,
        createdById: broker,
        assignedToId: assignee,
        automaticEnd: true,
        kind: step.kind,
        applicationId: app.id,
        createdAt: opened,
      });
    }
    if (rng.chance(0.25)) {
      const notary = rng.chance(0.3);
      handTask(
        { applicationId: app.id },
        notary ? rng.pick(['Vérifier le registre foncier', "Préparer la minute de l'acte"]) : rng.pick(V.APPLICATION_TASKS),
        notary ? u.notary : broker,
        broker,
        t.created,
      );
    }
  }
};

/** Notifications and threads of copy 1: what the demo accounts find when they sign in. */
const seedMessaging = (ctx: Ctx, p1: { id: number; plan?: Plan; pool: CandidacyRec[] }, p2: { id: number; plan?: Plan }) => {
  const { clock, ids, writer, users: u } = ctx;
  const plan1 = p1.plan as Plan;
  const plan2 = p2.plan as Plan;
  const thomasApp = plan1.apps.find((a) => a.c1.candidate.userId === u.candidate) as AppRec;
  const leaApp = plan1.apps.find((a) => a.c1.candidate.userId === u.newCandidate) as AppRec;
  const live2 = plan2.apps.filter((a) => !a.hidden && !a.closedAt);
  const deposit2 = live2.find((a) => a.stage === 'deposit_received');
  const sold2 = live2.find((a) => a.stage === 'sold');
  const ago = (hours: number) => clock.ago(hours * HOUR);
  const notify = (userId: number, promotionId: number, title: string, description: string, at: Date, read: boolean) =>
    writer.push(notifications, {
      id: ids.next('notifications'),
      userId,
      promotionId,
      title,
      description,
      createdAt: at,
      readAt: read ? new Date(at.getTime() + 2 * HOUR) : null,
    });
  const thomasRef = thomasApp.lot.spec.reference;
  notify(
    u.courtier,
    p1.id,
    'Formulaire de réservation rempli',
    `Thomas Berset a rempli le formulaire de réservation du lot ${thomasRef}.`,
    thomasApp.t.filled as Date,
    false,
  );
  notify(u.courtier, p1.id, 'Nouveau message', 'Thomas Berset vous a écrit : Question sur les finitions de la cuisine', ago(20), false);
  if (plan2.expired) {
    notify(
      u.courtier,
      p2.id,
      'Réservation expirée',
      `La priorité 1 de ${fullName(plan2.expired.c1.candidate)} sur le lot ${plan2.expired.lot.spec.reference} a expiré.`,
      ago(3),
      false,
    );
  }
  if (deposit2) {
    notify(
      u.courtier,
      p2.id,
      'Acompte reçu',
      `L'acompte de réservation du lot ${deposit2.lot.spec.reference} a été reçu.`,
      deposit2.t.deposit as Date,
      true,
    );
  }
  if (sold2) {
    notify(
      u.courtier,
      p2.id,
      'Lot vendu',
      `L'acte de vente du lot ${sold2.lot.spec.reference} a été signé.`,
      sold2.t.actSigned as Date,
      true,
    );
  }
  notify(u.courtier, p1.id, 'Nouveau candidat', 'Un nouveau candidat s’est inscrit depuis le site de la promotion.', ago(30), false);
  notify(u.courtier, p1.id, 'Tâche en retard', 'Vous avez des tâches en retard.', ago(50), true);
  notify(u.courtier2, p2.id, 'Position libérée', 'Votre candidat passe en position 2 sur un lot.', ago(6), false);
  notify(u.courtier2, p2.id, 'Nouveau candidat', 'Un nouveau candidat s’est inscrit depuis le site de la promotion.', ago(70), true);
  notify(u.admin, p2.id, 'Réservation expirée', 'Une priorité 1 a expiré dans Quartier des Vergers.', ago(3), false);
  notify(u.notary, p2.id, 'Nouveau message', 'Julien Favre vous a écrit.', ago(5), false);
  notify(u.notary, p1.id, 'Acompte attendu', 'Un acompte de réservation est attendu.', ago(48), true);
  notify(u.banker, p2.id, 'Solvabilité à vérifier', 'Un client attend la vérification de sa solvabilité.', ago(26), false);
  notify(u.candidate, p1.id, 'Nouveau message', 'Julien Favre vous a écrit.', ago(2), false);
  notify(
    u.newCandidate,
    p1.id,
    'Formulaire de réservation',
    `Votre formulaire de réservation du lot ${leaApp.lot.spec.reference} vous attend.`,
    leaApp.t.sent as Date,
    false,
  );

  const thread = (
    promotionId: number,
    title: string,
    createdById: number,
    toId: number,
    candidacyId: number | null,
    messages: [number, string, Date][],
    reads: [number, Date][],
  ) => {
    const id = ids.next('threads');
    writer.push(threads, {
      id,
      promotionId,
      title,
      createdById,
      toId,
      candidacyId,
      lastMessageAt: messages[messages.length - 1][2],
      createdAt: messages[0][2],
    });
    for (const [senderId, content, at] of messages)
      writer.push(threadMessages, { id: ids.next('thread_messages'), threadId: id, senderId, content, createdAt: at });
    for (const [userId, lastReadAt] of reads) writer.push(threadReads, { threadId: id, userId, lastReadAt });
  };
  const thomasCandidacy = thomasApp.c1.row.id;
  thread(
    p1.id,
    `Votre réservation du lot ${thomasRef}`,
    u.courtier,
    u.candidate,
    thomasCandidacy,
    [
      [
        u.courtier,
        `Bonjour Monsieur Berset,\n\nMerci pour votre formulaire de réservation du lot ${thomasRef}. Je le vérifie et reviens vers vous rapidement.\n\nMeilleures salutations,\nJulien Favre`,
        ago(74),
      ],
      [
        u.candidate,
        'Bonjour Monsieur Favre,\n\nMerci. Pouvez-vous me confirmer le montant de l’acompte de réservation ?\n\nThomas Berset',
        ago(50),
      ],
      [
        u.courtier,
        "L'acompte de réservation est de 10 % du prix, à verser sur le compte de l'étude de Me Jaquier. Je vous envoie les coordonnées bancaires.",
        ago(2),
      ],
    ],
    [
      [u.candidate, ago(49)],
      [u.courtier, ago(2)],
    ],
  );
  thread(
    p1.id,
    'Question sur les finitions de la cuisine',
    u.candidate,
    u.courtier,
    thomasCandidacy,
    [
      [
        u.candidate,
        'Bonjour,\n\nEst-il possible de choisir un plan de travail en granit ? Quel serait le supplément ?\n\nMerci d’avance.',
        ago(20),
      ],
    ],
    [[u.candidate, ago(20)]],
  );
  if (sold2) {
    thread(
      p2.id,
      `Acte de vente du lot ${sold2.lot.spec.reference}`,
      u.courtier,
      u.notary,
      sold2.c1.row.id,
      [
        [u.courtier, 'Bonjour Maître,\n\nPourriez-vous m’envoyer une copie de l’acte signé pour notre dossier ?', ago(29)],
        [u.notary, 'Bonjour, la copie part aujourd’hui par courrier.', ago(27)],
        [u.courtier, 'Parfait, merci beaucoup.', ago(5)],
      ],
      [
        [u.courtier, ago(5)],
        [u.notary, ago(27)],
      ],
    );
  }
};

// ---------------------------------------------------------------------------------------------

/**
 * Seeds the demo: agencies, the demo accounts (password 'demo-2026') and `scale` copies of the two
 * demo promotions with their lots, candidates, applications, tasks, comments, history and messages.
 * One transaction; deterministic apart from the dates (relative to `now`) and the generated uuids.
 */
/**
 * A promotion's planned lots as rows: a lot's status is the derivation of its live applications,
 * else its raw status; PPE numbers follow the parcel. The demo and the scale dataset share it.
 */
export const pushLots = (writer: BulkWriter, promotionId: number, lotRecs: LotRec[], parcel: string | number, createdAt: Date) => {
  const byReference = new Map(lotRecs.map((l) => [l.spec.reference, l]));
  lotRecs.forEach((l, index) => {
    const parent = l.spec.parentReference ? byReference.get(l.spec.parentReference) : undefined;
    const best = l.live.reduce((m, a) => Math.max(m, a.status), -1);
    writer.push(lots, {
      id: l.id,
      promotionId,
      buildingId: l.buildingId,
      parentId: parent?.id ?? null,
      lotTypeId: l.spec.lotTypeId,
      floorId: l.spec.floorId,
      reference: l.spec.reference,
      title: l.spec.title,
      nameChild: l.spec.nameChild ?? null,
      nbRooms: l.spec.nbRooms,
      rawPrice: l.spec.rawPrice,
      priceIncluded: l.spec.priceIncluded ?? false,
      rawStatus: l.rawStatus,
      status: best >= 0 ? LOT_STATUS_OF_APPLICATION[best] : l.rawStatus,
      exposure: l.spec.exposure,
      areaPpe: l.spec.areaPpe,
      areaHab: l.spec.areaHab,
      areaJar: l.spec.areaJar,
      areaBal: l.spec.areaBal,
      areaTer: l.spec.areaTer,
      lotPpe: String(index + 1),
      feuilletPpe: `${parcel}-${index + 1}`,
      createdAt,
    });
  });
};

export const seedDemo = async (db: Db, options: SeedOptions): Promise<void> => {
  const scale = Math.max(1, Math.floor(options.scale));
  const log = options.log ?? (() => {});
  const started = Date.now();
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / MINUTE) * MINUTE);
  const perPromotion = options.candidaciesPerPromotion ? Math.max(20, Math.floor(options.candidaciesPerPromotion)) : undefined;
  // argon2id costs tens of milliseconds: once for every account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const executor = transactionExecutor(tx);
    const start = new Map<SerialTable, number>();
    for (const table of SERIAL_TABLES) {
      const result = await executor.executeSql(`select coalesce(max(id), 0)::int as max from "${table}"`);
      start.set(table, Number(result.rows[0]?.max ?? 0));
    }
    await executor.executeSql(
      `insert into agencies (id, name) values (1, 'Naef Immobilier'), (2, 'Cardis Sotheby''s International Realty'), (3, 'Comptoir Immobilier')
       on conflict (id) do update set name = excluded.name`,
    );
    const writer = new BulkWriter(executor, [
      users,
      promotions,
      promotionUsers,
      promotionAgencies,
      buildings,
      lots,
      candidates,
      candidacies,
      applications,
      tasks,
      comments,
      logs,
      actionLots,
      notifications,
      threads,
      threadMessages,
      threadReads,
      planningTasks,
      finances,
      faqQuestions,
      fileFolders,
      files,
      libraryAccesses,
      photoGroups,
      photos,
      campaigns,
      campaignFiles,
      marketingReports,
    ]);
    const base = { clock: new Clock(now), ids: new Ids(start), writer, passwordHash, storage: options.storage };
    const demoUsers = insertUsers(base, (start.get('promotions') ?? 0) + 1);
    const ctx: Ctx = { ...base, users: demoUsers };

    for (let copy = 1; copy <= scale; copy++) {
      await seedCopy(ctx, copy, perPromotion);
      if (scale > 1 && (copy % 50 === 0 || copy === scale)) {
        log(`demo seed: ${copy}/${scale} copies (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    }
    seedFaq(ctx, (start.get('promotions') ?? 0) + 1);
    await writer.flush();

    for (const table of SERIAL_TABLES) {
      await executor.executeSql(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      );
    }
    await executor.executeSql(
      `select setval(pg_get_serial_sequence('agencies', 'id'), coalesce((select max(id) from agencies), 0) + 1, false)`,
    );
    const counts = [...writer.counts.entries()].map(([t, n]) => `${t} ${n}`).join(', ');
    log(`demo seed: ${counts} in ${Date.now() - started} ms (${writer.statements} insert statements)`);
  });
};
