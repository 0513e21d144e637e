// Over 400 lines: the scale seed writes every table of a large promotion, table by table.
import { DEMO_PASSWORD, toSwissDateAndTime } from '@promovente/shared';
import { hashPassword } from '../../platform/passwords.js';
import { type Db, transactionExecutor } from '../client.js';
import {
  actionLots,
  applications,
  buildings,
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
import {
  type CandidacyRec,
  CandidateFactory,
  type CandidateRec,
  type Ctx,
  type DemoUsers,
  Ids,
  type LotRec,
  newCandidacy,
  type Plan,
  planSales,
  pushLots,
  SERIAL_TABLES,
  type SerialTable,
  seedActivity,
} from './demo.js';
import { PROMOTION_QUESTIONS } from './faq.js';
import { generatedLots, LOTS_PER_BUILDING } from './layout.js';
import { seedLibrary } from './library.js';
import { seedMarketing } from './marketing.js';
import { seedPlanning } from './planning.js';
import { seedProgress } from './progress.js';
import { createRng, type Rng } from './random.js';
import { Clock, DAY, HOUR, MINUTE } from './timeline.js';
import * as V from './vocabulary.js';

/**
 * The scale dataset (`npm run seed -- --scale N`): a firm at national scale, beside the demo.
 *
 * 2N promotions whose sizes follow a long tail (rank k has about 6 + (B - 10) / k^0.8 lots, at
 * least 10),
 * the biggest with B = min(2N, 2,000) lots and 25 candidacies per lot (2,000 lots and 50,000
 * candidacies at --scale 1000), the others 6 to 14 candidacies per lot. Staff (brokers, notaries,
 * bankers, architects, promoters, pilots, investors) are drawn from pools sized so that each
 * person is a member of about a handful (HANDFUL) of promotions. Candidates get an account when
 * their file went far enough, and the accounts, threads, files and notifications follow the size
 * of each promotion; the later areas (planning and finances, marketing, FAQ, the library and its
 * log, progress albums) come from the demo's seeders plus more with the promotion's age and size
 * (seedAreas). Every generated account signs in with the demo password.
 */
export type ScaleOptions = {
  scale: number;
  log?: (message: string) => void;
  now?: Date;
};

/** How many promotions each staff member works on, on average. */
export const HANDFUL = 5;
export const MAX_LOTS = 2_000;
export const CANDIDACIES_PER_LOT_OF_BIGGEST = 25;

/** E-mail of the generated staff member `n` (1-based) of a role: what the bench signs in with. */
export const scaleStaffEmail = (type: string, n: number) => `${type}.${String(n).padStart(4, '0')}@scale.promovente.ch`;

export type PromotionShape = { lots: number; candidacies: number; multiAgency: boolean };

/** The promotions of scale N, biggest first (deterministic). */
export const promotionShapes = (scale: number): PromotionShape[] => {
  const rng = createRng(`promovente-scale-shapes-${scale}`);
  const count = 2 * scale;
  const biggest = Math.min(MAX_LOTS, Math.max(10, 2 * scale));
  const shapes: PromotionShape[] = [];
  for (let k = 1; k <= count; k++) {
    const lots = k === 1 ? biggest : Math.min(biggest - 1, Math.max(10, Math.round(6 + ((biggest - 10) / k ** 0.8) * rng.float(0.5, 1.5))));
    const candidacies = k === 1 ? lots * CANDIDACIES_PER_LOT_OF_BIGGEST : lots * rng.int(6, 14);
    shapes.push({ lots, candidacies, multiAgency: rng.chance(0.2) });
  }
  return shapes;
};

type Role = 'broker' | 'notary' | 'banker' | 'architect' | 'promoter' | 'pilot' | 'investor';
const AGENCIES = [1, 2, 3];

/** Members per promotion of each role (brokers grow with the promotion). */
const membersOf = (role: Role, lots: number, rng: Rng) =>
  role === 'broker' ? 2 + Math.floor(lots / 250) : role === 'investor' ? (rng.chance(0.3) ? 1 : 0) : 1;

const STAFF_DETAILS: Partial<Record<Role, (rng: Rng) => Partial<typeof users.$inferInsert>>> = {
  notary: (rng) => ({ officeName: `Étude ${rng.pick(V.LAST_NAMES)} & Associés`, city: rng.pick(V.TOWNS).city }),
  banker: (rng) => ({ bankName: rng.pick(V.MORTGAGE_BANKS) }),
  architect: (rng) => ({ officeName: `${rng.pick(V.LAST_NAMES)} Architectes SA` }),
};

const PHOTO_TITLES = ['Façade sud', 'Séjour', 'Cuisine', 'Vue depuis la terrasse', 'Chambre parentale', 'Salle de bains', 'Jardin'];
const CANDIDACY_DOCUMENTS = [
  ['Pièce d’identité.pdf', 'application/pdf'],
  ['Attestation de salaire.pdf', 'application/pdf'],
  ['Extrait de l’office des poursuites.pdf', 'application/pdf'],
  ['Accord de principe bancaire.pdf', 'application/pdf'],
] as const;
const THREAD_TEXTS = [
  'Bonjour, pourriez-vous me confirmer la date de la prochaine visite ?',
  'Merci pour votre retour, je vous envoie les documents demandés.',
  'Les plans de l’appartement sont-ils disponibles en PDF ?',
  'Je reviens vers vous dès que j’ai la réponse de la banque.',
  'Parfait, je vous remercie.',
];

export const seedScale = async (db: Db, options: ScaleOptions): Promise<void> => {
  const scale = Math.max(1, Math.floor(options.scale));
  const log = options.log ?? (() => {});
  const started = Date.now();
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / MINUTE) * MINUTE);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const shapes = promotionShapes(scale);
  const rng = createRng(`promovente-scale-${scale}`);

  await db.transaction(async (tx) => {
    const executor = transactionExecutor(tx);
    // Millions of generated rows, loaded without what guards each write of the application: the
    // archived-promotion guard, the versions and the foreign-key checks (62 % of the load time).
    // The data the database keeps (sort keys, counts) is kept all the same (migration 0023); the
    // versions are raised once at the end; scale.test.ts checks every foreign key of the result.
    await executor.executeSql('set local session_replication_role = replica');
    // The GIN indexes (the candidacies' trigram index, migration 0040) are built once after the
    // load, from their own definitions: fed row by row, the trigram index alone took the load
    // from 113 to 151 s at --scale 1000, where its bulk build takes 11 s.
    const ginIndexes = (
      await executor.executeSql(`select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '% USING gin %'`)
    ).rows as { indexname: string; indexdef: string }[];
    for (const index of ginIndexes) await executor.executeSql(`drop index "${index.indexname}"`);
    const start = new Map<SerialTable, number>();
    for (const table of SERIAL_TABLES) {
      const result = await executor.executeSql(`select coalesce(max(id), 0)::int as max from "${table}"`);
      start.set(table, Number(result.rows[0]?.max ?? 0));
    }
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
      marketingReports,
    ]);
    const clock = new Clock(now);
    const ids = new Ids(start);
    const firstPromotionId = (start.get('promotions') ?? 0) + 1;

    // Staff pools: each role's pool holds (its seats over all promotions) / HANDFUL people, dealt
    // round-robin from a shuffled order, so everyone is in about HANDFUL promotions.
    const seats = new Map<Role, number[]>();
    const roles: Role[] = ['broker', 'notary', 'banker', 'architect', 'promoter', 'pilot', 'investor'];
    const counts = shapes.map((s) => Object.fromEntries(roles.map((r) => [r, membersOf(r, s.lots, rng)])) as Record<Role, number>);
    const staffAgency = new Map<number, number>();
    const numbered = new Map<Role, number>();
    const addStaff = (role: Role, agencyId: number | null) => {
      const id = ids.next('users');
      const n = (numbered.get(role) ?? 0) + 1;
      numbered.set(role, n);
      const gender = rng.chance(0.5) ? 'M' : 'F';
      writer.push(users, {
        id,
        type: role,
        email: scaleStaffEmail(role, n),
        passwordHash,
        firstName: rng.pick(gender === 'M' ? V.MALE_FIRST_NAMES : V.FEMALE_FIRST_NAMES),
        lastName: rng.pick(V.LAST_NAMES),
        gender,
        phone: `+41 79 ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
        agencyId,
        numberConnections: rng.int(1, 300),
        // The first promotion it is dealt; corrected below once memberships are known.
        preferences: { selected_promotion: null },
        createdAt: clock.ago(rng.int(200, 900) * DAY),
        updatedAt: clock.ago(rng.int(1, 60) * DAY),
        lastLoginAt: clock.ago(rng.int(1, 400) * HOUR),
        ...STAFF_DETAILS[role]?.(rng),
      });
      if (agencyId) staffAgency.set(id, agencyId);
      return id;
    };
    const brokersByAgency = new Map<number, { pool: number[]; cursor: number }>();
    const pools = new Map<Role, { pool: number[]; cursor: number }>();
    for (const role of roles) {
      const total = counts.reduce((sum, c) => sum + c[role], 0);
      if (role === 'broker') {
        // Brokers belong to an agency; a promotion takes the brokers of its agencies.
        for (const agencyId of AGENCIES) {
          const pool = Array.from({ length: Math.max(2, Math.ceil(total / AGENCIES.length / HANDFUL)) }, () =>
            addStaff('broker', agencyId),
          );
          brokersByAgency.set(agencyId, { pool: rng.shuffle(pool), cursor: 0 });
        }
      } else {
        const pool = Array.from({ length: Math.max(1, Math.ceil(total / HANDFUL)) }, () => addStaff(role, null));
        pools.set(role, { pool: rng.shuffle(pool), cursor: 0 });
      }
      seats.set(role, []);
    }
    const deal = (from: { pool: number[]; cursor: number }, n: number) => {
      const taken: number[] = [];
      for (let i = 0; i < n && taken.length < from.pool.length; i++) {
        let id = from.pool[from.cursor++ % from.pool.length];
        while (taken.includes(id)) id = from.pool[from.cursor++ % from.pool.length];
        taken.push(id);
      }
      return taken;
    };
    const selected = new Map<number, number>();

    let totalLots = 0;
    let totalCandidacies = 0;
    for (let k = 0; k < shapes.length; k++) {
      const shape = shapes[k];
      const promotionId = ids.next('promotions');
      const prng = createRng(`promovente-scale-${scale}-${k}`);
      const town = prng.pick(V.TOWNS);
      const agencies = shape.multiAgency ? prng.shuffle(AGENCIES).slice(0, 2) : [prng.pick(AGENCIES)];
      const brokerIds: number[] = [];
      for (let b = 0; b < counts[k].broker; b++) {
        brokerIds.push(...deal(brokersByAgency.get(agencies[b % agencies.length]) as { pool: number[]; cursor: number }, 1));
      }
      const members = new Map<Role, number[]>([['broker', [...new Set(brokerIds)]]]);
      for (const role of roles) {
        if (role !== 'broker') members.set(role, deal(pools.get(role) as { pool: number[]; cursor: number }, counts[k][role]));
      }
      const one = (role: Role) => (members.get(role) as number[])[0];
      const brokers = members.get('broker') as number[];
      const u: DemoUsers = {
        courtier: brokers[0],
        courtier2: brokers[1] ?? brokers[0],
        admin: brokers[2] ?? brokers[0],
        promoter: one('promoter'),
        banker: one('banker'),
        architect: one('architect'),
        notary: one('notary'),
        pilot: one('pilot'),
        investor: one('investor') ?? one('promoter'),
        investorLight: one('promoter'),
        candidate: 0,
        newCandidate: 0,
        vergersBroker: 0,
        vergersNotary: 0,
        vergersCandidate: 0,
      };
      const ctx: Ctx = { clock, ids, writer, users: u, passwordHash };
      const ageDays = prng.int(60, 900);
      const promotionStart = clock.officeTime(prng, -ageDays);
      const spec = {
        multiAgency: shape.multiAgency,
        reservationTimeout: shape.multiAgency ? 5 : null,
        pricePerM2: [prng.int(7_500, 12_000), 0] as [number, number],
        parkingPrice: [prng.int(28, 40), 0] as [number, number],
      };
      spec.pricePerM2[1] = spec.pricePerM2[0] + 1_500;
      spec.parkingPrice[1] = spec.parkingPrice[0] + 5;
      const street = prng.pick(V.STREETS);
      writer.push(promotions, {
        id: promotionId,
        title: `${prng.pick(['Résidence', 'Les Jardins', 'Le Clos', 'Les Hauts', 'Quartier'])} ${prng.pick(V.LAST_NAMES)} ${town.city}`,
        multiAgency: shape.multiAgency,
        reservationTimeout: spec.reservationTimeout,
        crmUpdatedAt: shape.multiAgency ? clock.officeTime(prng, -3) : null,
        brokerId: brokers[0],
        startAt: promotionStart,
        createdAt: promotionStart,
      });
      for (const [role, ids_] of members) {
        for (const userId of ids_) {
          writer.push(promotionUsers, { promotionId, userId, main: role === 'notary' });
          if (!selected.has(userId)) selected.set(userId, promotionId);
        }
      }
      for (const agencyId of agencies) writer.push(promotionAgencies, { promotionId, agencyId });

      const buildingCount = Math.max(1, Math.ceil(shape.lots / LOTS_PER_BUILDING));
      const prefixes: string[] = [];
      const buildingIds: number[] = [];
      for (let b = 0; b < buildingCount; b++) {
        const prefix =
          b < 26 ? String.fromCharCode(65 + b) : `${String.fromCharCode(65 + Math.floor(b / 26) - 1)}${String.fromCharCode(65 + (b % 26))}`;
        const id = ids.next('buildings');
        prefixes.push(prefix);
        buildingIds.push(id);
        writer.push(buildings, {
          id,
          promotionId,
          title: `Bâtiment ${prefix}`,
          street: `${street} ${2 * b + 1}`,
          city: town.city,
          zip: town.zip,
        });
      }
      const lotRecs: LotRec[] = generatedLots(prng, spec, shape.lots, prefixes).map((s) => ({
        id: ids.next('lots'),
        promotionId,
        buildingId: buildingIds[s.building],
        spec: s,
        rawStatus: 0,
        live: [],
      }));

      // Candidates and candidacies: one record per person in this promotion (decision 008).
      const factory = new CandidateFactory(ctx, prng, promotionId);
      const pool: CandidacyRec[] = [];
      for (let i = 0; i < shape.candidacies; i++) {
        const candidate = factory.create(promotionId);
        const brokerId = brokers[prng.int(0, brokers.length - 1)];
        const created = clock.officeTime(prng, prng.int(clock.dayOf(promotionStart) + 5, -1));
        pool.push(
          newCandidacy(ctx, prng, promotionId, candidate, { brokerId, agencyId: staffAgency.get(brokerId) ?? agencies[0] }, created),
        );
      }
      const plan: Plan = planSales(ctx, prng, spec, promotionStart, lotRecs, pool, []);

      // Derived statuses (as in the demo), and accounts for the candidates whose file went far.
      for (const app of plan.apps) {
        for (const c of [app.c1, app.c2]) {
          if (!c) continue;
          if ((c.row.createdAt as Date).getTime() > app.t.created.getTime()) {
            c.row.createdAt = new Date(Math.max(promotionStart.getTime(), app.t.created.getTime() - prng.int(1, 20) * DAY));
          }
          if (app.t.filled && !app.hidden && !app.closedAt) factory.fillDetails(c.candidate);
        }
      }
      const accounts: CandidateRec[] = [];
      for (const c of pool) {
        c.row.status = c.best >= 0 ? c.best + 3 : (c.nonRetained ?? 0);
        c.row.updatedAt = clock.ago(prng.int(1, 240) * HOUR);
        if (prng.chance(0.08)) {
          c.row.vip = true;
          c.row.reasonVip = prng.pick(V.VIP_REASONS);
        }
        if (prng.chance(0.2)) c.row.comment = prng.pick(V.REGISTRATION_COMMENTS);
        if (c.candidate.details || c.best >= 1) {
          const budget = c.row.budget ?? 1_000_000;
          c.row.mortgageAmount = Math.round((budget * prng.float(0.6, 0.8)) / 10_000) * 10_000;
          c.row.mortgageBankName = prng.pick(V.MORTGAGE_BANKS);
        }
        if (c.best >= 0 ? prng.chance(0.6) : prng.chance(0.05)) {
          const userId = ids.next('users');
          const row = c.candidate.row;
          c.candidate.userId = userId;
          row.userId = userId;
          accounts.push(c.candidate);
          writer.push(users, {
            id: userId,
            type: 'candidate',
            email: row.email as string,
            passwordHash,
            firstName: row.firstName,
            lastName: row.lastName,
            gender: row.gender,
            phone: row.phone,
            numberConnections: prng.int(0, 20),
            preferences: { selected_promotion: promotionId },
            createdAt: c.row.createdAt as Date,
            updatedAt: c.row.updatedAt as Date,
          });
          writer.push(promotionUsers, { promotionId, userId, main: false });
        }
        c.candidate.row.createdAt = c.row.createdAt;
        c.candidate.row.updatedAt = c.row.updatedAt;
        writer.push(candidates, c.candidate.row);
      }
      pushLots(writer, promotionId, lotRecs, 1000 + k, promotionStart);
      for (const c of pool) writer.push(candidacies, c.row);
      seedActivity(ctx, prng, promotionId, promotionStart, lotRecs, pool, plan);
      seedExtras(ctx, prng, promotionId, promotionStart, lotRecs, pool, accounts, [...members.values()].flat());
      await seedAreas(ctx, prng, { id: promotionId, multiAgency: shape.multiAgency, agencies }, promotionStart, lotRecs, accounts);
      totalLots += shape.lots;
      totalCandidacies += shape.candidacies;
      await writer.maybeFlush();
      if ((k + 1) % 100 === 0 || k + 1 === shapes.length) {
        log(
          `scale seed: ${k + 1}/${shapes.length} promotions, ${totalLots} lots, ${totalCandidacies} candidacies (${Math.round((Date.now() - started) / 1000)} s)`,
        );
      }
    }
    await writer.flush();

    // Each staff member opens on the first promotion he was dealt.
    const pairs = [...selected.entries()];
    for (let i = 0; i < pairs.length; i += 5_000) {
      const chunk = pairs.slice(i, i + 5_000);
      await executor.executeSql(
        `update users set preferences = jsonb_build_object('selected_promotion', v.p) from (values ${chunk.map(([u, p]) => `(${u}, ${p})`).join(', ')}) as v(u, p) where users.id = v.u`,
      );
    }
    for (const index of ginIndexes) await executor.executeSql(index.indexdef);
    for (const table of [...SERIAL_TABLES, 'files']) {
      await executor.executeSql(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      );
    }
    await executor.executeSql(
      `insert into data_versions as v (scope, version) select id, 1 from promotions where id >= ${firstPromotionId} union all select 0, 1
       order by 1 on conflict (scope) do update set version = v.version + 1`,
    );
    // And each of their tables (migration 0027; the kept counts included): the answers kept by tables change too.
    await executor.executeSql(
      `insert into data_table_versions as v (scope, table_name, version)
       select s.scope, t.tablename, 1 from (select id as scope from promotions where id >= ${firstPromotionId} union all select 0) s
         cross join (select tablename from pg_tables where schemaname = 'public') t
       order by 1, 2 on conflict (scope, table_name) do update set version = v.version + 1`,
    );
    log(
      `scale seed: promotions from ${firstPromotionId}, ${[...writer.counts.entries()].map(([t, n]) => `${t} ${n}`).join(', ')} in ${Date.now() - started} ms (${writer.statements} insert statements)`,
    );
  });
};

/** Threads, candidacy files and notifications of one generated promotion, in proportion to its size. */
const seedExtras = (
  ctx: Ctx,
  rng: Rng,
  promotionId: number,
  start: Date,
  lotRecs: LotRec[],
  pool: CandidacyRec[],
  accounts: CandidateRec[],
  staff: number[],
) => {
  const { clock, ids, writer, users: u } = ctx;
  const nowMs = clock.nowMs;
  const between = (from: number) => new Date(from + rng.float(0.05, 0.95) * (nowMs - from));
  const thread = (title: string, from: number, to: number, candidacyId: number | null, after: number) => {
    const id = ids.next('threads');
    const count = rng.int(1, 4);
    let at = between(after).getTime();
    const firstAt = at;
    for (let m = 0; m < count; m++) {
      writer.push(threadMessages, {
        id: ids.next('thread_messages'),
        threadId: id,
        senderId: m % 2 === 0 ? from : to,
        content: rng.pick(THREAD_TEXTS),
        createdAt: new Date(at),
      });
      at = Math.min(nowMs - MINUTE, at + rng.int(1, 72) * HOUR);
    }
    writer.push(threads, {
      id,
      promotionId,
      title,
      createdById: from,
      toId: to,
      candidacyId,
      lastMessageAt: new Date(at),
      createdAt: new Date(firstAt),
    });
    writer.push(threadReads, { threadId: id, userId: from, lastReadAt: new Date(at) });
    if (rng.chance(0.6)) writer.push(threadReads, { threadId: id, userId: to, lastReadAt: new Date(firstAt) });
  };
  const byCandidate = new Map(pool.map((c) => [c.candidate, c]));
  for (const account of accounts) {
    const c = byCandidate.get(account) as CandidacyRec;
    if (rng.chance(0.5))
      thread('Question sur votre dossier', c.row.brokerId, account.userId as number, c.row.id, (c.row.createdAt as Date).getTime());
    writer.push(notifications, {
      id: ids.next('notifications'),
      userId: account.userId as number,
      promotionId,
      title: 'Nouveau message',
      description: 'Votre courtier vous a écrit.',
      createdAt: between(start.getTime()),
      readAt: rng.chance(0.5) ? clock.ago(rng.int(1, 100) * HOUR) : null,
    });
  }
  for (let t = 0; t < Math.ceil(lotRecs.length / 20); t++) thread('Suivi des actes', u.courtier, u.notary, null, start.getTime());

  // Documents of the candidacies with a file, photos of the promotion.
  for (const c of pool) {
    if (c.best < 0 && !rng.chance(0.05)) continue;
    for (let d = 0; d < rng.int(1, CANDIDACY_DOCUMENTS.length); d++) {
      const [name, mime] = CANDIDACY_DOCUMENTS[d];
      writer.push(files, {
        // Explicit ids: the library and the albums below take theirs from Ids too.
        id: ids.next('files'),
        promotionId,
        name,
        mime,
        size: rng.int(80, 900) * 1_024,
        storageKey: `scale/${promotionId}/${c.row.id}-${d}.pdf`,
        owner: 'candidacy',
        candidacyId: c.row.id,
        accessCandidate: true,
        createdById: c.row.brokerId,
        createdAt: between((c.row.createdAt as Date).getTime()),
      });
    }
  }
  // Staff notifications: a few per member and per hundred candidacies.
  const perMember = 2 + Math.ceil(pool.length / 100);
  for (const userId of staff) {
    for (let n = 0; n < perMember; n++) {
      writer.push(notifications, {
        id: ids.next('notifications'),
        userId,
        promotionId,
        title: rng.pick(['Nouveau candidat', 'Tâche en retard', 'Acompte reçu', 'Nouveau message']),
        description: 'Une activité a eu lieu sur la promotion.',
        createdAt: between(start.getTime()),
        readAt: rng.chance(0.7) ? clock.ago(rng.int(1, 200) * HOUR) : null,
      });
    }
  }
};

const CAMPAIGNS = [
  ['Annonces Homegate', 'Portail immobilier'],
  ['Annonces ImmoScout24', 'Portail immobilier'],
  ['Affichage régional', 'Affichage'],
  ['Soirée de présentation', 'Événement'],
  ['Campagne Instagram', 'Réseaux sociaux'],
  ['Newsletter acquéreurs', 'E-mailing'],
  ['Annonce presse locale', 'Presse'],
] as const;
const REPORT_FEEDBACK = {
  positive: [
    'Les visiteurs apprécient la vue.',
    'Bon accueil des plans des attiques.',
    'Les prix sont jugés corrects.',
    'La situation plaît aux familles.',
  ],
  todo: [
    'Relancer les visiteurs du samedi.',
    'Préparer les plans des caves.',
    'Envoyer la brochure mise à jour.',
    'Organiser une visite du chantier.',
  ],
  problem: [
    'Peu de places de parc pour les visites.',
    'Le chemin d’accès est boueux.',
    'Questions sur les délais de livraison.',
    'Aucun problème signalé.',
  ],
};

/**
 * The areas built after the scale seed was written (planning and finances, marketing, FAQ, the
 * library and its data-room log, progress albums) in one generated promotion: the demo's own
 * seeders, then more in proportion to the promotion's age and size (campaigns, weekly reports,
 * views of the library by candidates, a monthly album). No stored contents: photos and library
 * files are rows only.
 */
const seedAreas = async (
  ctx: Ctx,
  rng: Rng,
  promotion: { id: number; multiAgency: boolean; agencies: number[] },
  start: Date,
  lotRecs: LotRec[],
  accounts: CandidateRec[],
) => {
  const { clock, ids, writer, users: u } = ctx;
  const promotionId = promotion.id;
  const nowMs = clock.nowMs;
  const ageDays = Math.max(1, Math.floor((nowMs - start.getTime()) / DAY));
  const between = (from: number) => new Date(from + rng.float(0.05, 0.95) * (nowMs - from));
  const day = (offset: number) => toSwissDateAndTime(new Date(nowMs + offset * DAY)).date;

  seedPlanning(ctx, promotionId, start, lotRecs);

  const lastWeek = Math.min(Math.floor(ageDays / 7), 104);
  await seedMarketing(
    ctx,
    { id: promotionId, multiAgency: promotion.multiAgency, agencies: [promotion.agencies[0], promotion.agencies[1]] },
    Math.max(0, lastWeek - 2),
  );
  for (let c = 0; c < Math.floor(lotRecs.length / 40); c++) {
    const [title, method] = rng.pick(CAMPAIGNS);
    const from = -rng.int(10, Math.max(11, ageDays));
    writer.push(campaigns, {
      id: ids.next('campaigns'),
      promotionId,
      agencyId: rng.pick(promotion.agencies),
      title: `${title} ${c + 1}`,
      method,
      startAt: day(from),
      endAt: rng.chance(0.2) ? null : day(from + rng.int(7, 90)),
      price: rng.int(5, 90) * 100,
      createdById: u.courtier,
      createdAt: new Date(nowMs + (from - 3) * DAY),
    });
  }
  // A weekly report since the launch (the demo's seeder wrote the last two weeks), two years at most.
  for (let week = 3; week <= lastWeek; week++) {
    writer.push(marketingReports, {
      id: ids.next('marketing_reports'),
      promotionId,
      number: lastWeek - week + 1,
      numberOfVisits: rng.int(2, 30),
      numberOfFutureVisits: rng.int(0, 8),
      feedbackPositive: rng.pick(REPORT_FEEDBACK.positive),
      feedbackTodo: rng.pick(REPORT_FEEDBACK.todo),
      feedbackProblem: rng.pick(REPORT_FEEDBACK.problem),
      createdById: u.courtier,
      createdAt: clock.ago(week * 7 * DAY),
    });
  }

  for (const q of rng.shuffle(PROMOTION_QUESTIONS.flat()).slice(0, rng.int(2, 6))) {
    writer.push(faqQuestions, {
      id: ids.next('faq_questions'),
      ...q,
      promotionId,
      createdById: u.courtier,
      createdAt: between(start.getTime()),
    });
  }

  // The library's data-room log names a candidate of the promotion (the demo's own otherwise).
  u.candidate = accounts[0]?.userId ?? u.promoter;
  u.vergersCandidate = u.candidate;
  const [library] = await seedLibrary(ctx, [{ id: promotionId }]);
  const forCandidates = library.files.filter((f) => f.candidate);
  for (const account of accounts) {
    if (!rng.chance(0.6)) continue;
    for (let v = 0; v < rng.int(1, 4); v++) {
      const file = rng.pick(forCandidates);
      writer.push(libraryAccesses, {
        id: ids.next('library_accesses'),
        promotionId,
        fileId: file.id,
        fileName: file.name,
        userId: account.userId as number,
        kind: rng.chance(0.3) ? 'download' : 'view',
        createdAt: between(start.getTime()),
      });
    }
  }

  // The demo's four albums, then one site visit a month since the launch (two years at most).
  await seedProgress(ctx, [{ id: promotionId, lots: lotRecs }]);
  for (let month = 1; month <= Math.min(Math.floor(ageDays / 30), 24); month++) {
    const groupId = ids.next('photo_groups');
    const createdAt = clock.ago(month * 30 * DAY);
    writer.push(photoGroups, {
      id: groupId,
      promotionId,
      name: `Visite de chantier ${toSwissDateAndTime(createdAt).date}`,
      date: toSwissDateAndTime(createdAt).date,
      comment: rng.chance(0.5) ? 'Avancement conforme au planning.' : null,
      lotId: null,
      hidden: rng.chance(0.1),
      homePage: false,
      createdById: u.courtier,
      createdAt,
    });
    for (let n = 1; n <= rng.int(2, 6); n++) {
      const name = `${rng.pick(PHOTO_TITLES)} ${n}.jpg`;
      const file = (fileName: string, size: number) => {
        const id = ids.next('files');
        writer.push(files, {
          id,
          promotionId,
          name: fileName,
          mime: 'image/jpeg',
          size,
          storageKey: `scale/${promotionId}/photo-${id}.jpg`,
          owner: 'photo',
          createdById: u.courtier,
          createdAt,
        });
        return id;
      };
      const fileId = file(name, rng.int(300, 900) * 1_024);
      const thumbnailFileId = file(`160h-${name}`, rng.int(8, 20) * 1_024);
      writer.push(photos, {
        id: ids.next('photos'),
        promotionId,
        photoGroupId: groupId,
        name,
        isVideo: false,
        fileId,
        thumbnailFileId,
        createdById: u.courtier,
        createdAt,
      });
    }
  }
};
