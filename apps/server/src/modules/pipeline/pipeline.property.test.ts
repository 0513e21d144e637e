import { deriveCandidacyStatus, deriveLotStatus, type UserType } from '@promovente/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands.js';
import { applications, candidacies, candidates, lots, promotionUsers, tasks } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth.js';
import { HttpError } from '../../platform/errors.js';
import { createAgency, createBuildingWithLots, createPromotion, createUser } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createCandidacy } from '../attribution/attribution.fixtures.js';
import { executeCommand } from '../commands/index.js';
import { snapshot } from './pipeline.fixtures.js';

/**
 * Random sequences of lifecycle commands by random users on a small promotion, checking the
 * process invariants of docs/sales-process.md#2-lots-built and docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built after every step:
 * - never two live applications at status >= 1 on one lot;
 * - multi-agency: positions 1-3 unique, at most three, compact (1..n);
 * - an application's status never moves backwards;
 * - lot and candidacy statuses always equal their derivation (shared deriveLotStatus, deriveCandidacyStatus);
 * - a refused command changes nothing.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The commands a random step picks among, weighted towards positions (the lifecycle is mostly walked by guided steps). */
const WEIGHTED: [string, number][] = [
  ['attributeLot', 5],
  ['updateApplication', 3],
  ['goToLatestPriority', 3],
  ['goToBestAvailablePriority', 2],
  ['deleteApplication', 2],
  ['sendReservationForm', 1],
  ['submitReservationForm', 1],
  ['validateReservationForm', 1],
  ['unvalidateReservationForm', 1],
  ['advanceDepositReceived', 2],
  ['ClientSolvent', 1],
  ['clientNonSolvent', 1],
  ['scheduleAgreement', 1],
  ['draftActSent', 1],
  ['agreementFundsReceived', 1],
  ['planActOfPurchase', 1],
  ['callForFundsSent', 1],
  ['actOfPurchaseSigned', 2],
  ['addCandidacy', 1],
  ['detachCandidacy', 1],
  ['sendNewAccess', 1],
];

/** 'owner' is the broker of the target's agency, so that sequences get deep into the process. */
const ACTORS = [
  'owner',
  'owner',
  'owner',
  'owner',
  'owner',
  'owner',
  'broker1',
  'broker2',
  'notary',
  'notary',
  'banker',
  'promoter',
] as const;

const stepArb = fc.record({
  /**
   * 'deep' runs the next step of the most advanced live application (so that sequences reach
   * Vendu), 'spread' the next step of the target application, 'random' the drawn command.
   */
  mode: fc.constantFrom('deep', 'spread', 'random'),
  name: fc.oneof(...WEIGHTED.map(([name, weight]) => ({ arbitrary: fc.constant(name), weight }))),
  actor: fc.constantFrom(...ACTORS),
  target: fc.nat(20),
  other: fc.nat(20),
  lot: fc.nat(1),
  priority: fc.constantFrom(1, 2, 3, 9),
  flag: fc.boolean(),
});
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const actorOf = (user: { id: number; type: string; agencyId: number | null; email: string }): RequestActor => ({
  id: user.id,
  type: user.type as UserType,
  admin: false,
  restricted_access: 0,
  agency_id: user.agencyId,
  email: user.email,
  is_demo: false,
  number_connections: 1,
  selected_promotion: null,
  token_id: 0,
  promotion_ids: null,
  data_version: '0',
});

const setup = async (multiAgency: boolean) => {
  await ctx.reset();
  const db = ctx.database.db;
  await createAgency(db, 'Agence CRM', 1);
  await createAgency(db, 'Agence du Léman', 2);
  const promotion = await createPromotion(db, { multiAgency, reservationTimeout: multiAgency ? 5 : null });
  const { lots: lotRows } = await createBuildingWithLots(db, promotion.id, [800_000, 950_000]);
  const member = { promotionIds: [promotion.id] };
  const broker1 = await createUser(db, 'broker', { ...member, agencyId: 1 });
  const broker2 = await createUser(db, 'broker', { ...member, agencyId: 2 });
  const notary = await createUser(db, 'notary', member);
  await db.update(promotionUsers).set({ main: true }).where(eq(promotionUsers.userId, notary.id));
  const banker = await createUser(db, 'banker', member);
  const promoter = await createUser(db, 'promoter', member);
  const people = [];
  for (const broker of [broker1, broker2, broker1, broker2, broker2, broker1, broker2]) {
    people.push((await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: broker.agencyId })).candidacy);
  }
  const users = { broker1, broker2, notary, banker, promoter };
  return { promotion, lots: lotRows, users, candidacyIds: people.map((c) => c.id) };
};
type World = Awaited<ReturnType<typeof setup>>;

/** The next lifecycle command of an application (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), or null once sold. */
const nextCommand = (app: typeof applications.$inferSelect, open: string[]): string | null => {
  if (app.reservationSentAt === null) return 'sendReservationForm';
  if (app.firstReservationAt === null) return 'submitReservationForm';
  if (app.reservationConfirmedAt === null) return 'validateReservationForm';
  if (app.status === 0) return 'advanceDepositReceived';
  if (app.status === 1 && !app.statusFinChecked) return 'ClientSolvent';
  if (app.status === 1 && app.promisePlannedAt === null) return 'scheduleAgreement';
  if (open.includes('send_draft_act')) return 'draftActSent';
  if (open.includes('confirm_promise_funds')) return 'agreementFundsReceived';
  if (app.status === 2 && app.actOfPurchaseAt === null) return 'planActOfPurchase';
  if (open.includes('send_call_for_funds')) return 'callForFundsSent';
  if (app.status === 2) return 'actOfPurchaseSigned';
  return null;
};

/** The live application furthest in the process (or the target one) that still has a next step, and that step. */
const guidedStep = async (apps: (typeof applications.$inferSelect)[], mode: 'deep' | 'spread', target: number) => {
  const openTasks = await ctx.database.db
    .select({ applicationId: tasks.applicationId, kind: tasks.kind })
    .from(tasks)
    .where(isNull(tasks.doneAt));
  const progress = (a: typeof applications.$inferSelect) =>
    a.status * 10 +
    [a.reservationSentAt, a.firstReservationAt, a.reservationConfirmedAt, a.promisePlannedAt, a.actOfPurchaseAt].filter(Boolean).length;
  const candidates = apps
    .filter((a) => !a.hidden && a.closedAt === null)
    .map((a) => ({
      app: a,
      next: nextCommand(
        a,
        openTasks.filter((t) => t.applicationId === a.id).map((t) => t.kind ?? ''),
      ),
    }))
    .filter((c) => c.next !== null)
    .sort((x, y) => progress(y.app) - progress(x.app) || x.app.id - y.app.id);
  if (mode === 'spread') return candidates.length > 0 ? candidates[target % candidates.length] : null;
  return candidates[0] ?? null;
};

/** The command request of a step, built from the current rows (ids change from run to run). */
const requestOf = async (world: World, given: Step) => {
  const db = ctx.database.db;
  const apps = await db.select().from(applications).orderBy(asc(applications.id));
  let step = given;
  if (given.mode !== 'random') {
    const guided = await guidedStep(apps, given.mode, given.target);
    if (guided) {
      step = { ...given, name: guided.next as string, actor: 'owner', target: apps.indexOf(guided.app), flag: false };
    }
  }
  const candidacyId = world.candidacyIds[step.target % world.candidacyIds.length];
  const otherCandidacyId = world.candidacyIds[step.other % world.candidacyIds.length];
  if (step.name === 'attributeLot' || apps.length === 0) {
    return {
      name: 'attributeLot' as string,
      entity: 'candidacy',
      entity_id: candidacyId,
      additionnal_fields: { lot_id: world.lots[step.lot].id, priority: step.priority },
      ownerCandidacy: candidacyId,
      actor: step.actor,
    };
  }
  const app = apps[step.target % apps.length];
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const fieldsByName: Record<string, () => Promise<Record<string, unknown>>> = {
    sendReservationForm: async () => ({ subject: 'Formulaire', body: 'Bonjour', do_not_send_email: step.flag }),
    submitReservationForm: async () => {
      const person = async (id: number) => {
        const [row] = await db
          .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
          .from(candidacies)
          .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
          .where(eq(candidacies.id, id));
        return { candidate: { id: row.id, first_name: row.firstName, last_name: row.lastName, gender: 'F' }, financing: {} };
      };
      return {
        candidacy1: await person(app.candidacy1Id),
        candidacy2: app.candidacy2Id === null ? null : await person(app.candidacy2Id),
      };
    },
    validateReservationForm: async () => ({ knowDate: step.flag, date: '2027-01-05', time: '10:00' }),
    unvalidateReservationForm: async () => ({ subject: 'Incomplet', body: 'Il manque une pièce' }),
    scheduleAgreement: async () => ({ date }),
    planActOfPurchase: async () => ({ date, subject: 'Acte', body: 'Rendez-vous', do_not_send_email: step.flag }),
    updateApplication: async () => ({ priority: step.priority }),
    addCandidacy: async () => ({ candidacy_2_id: otherCandidacyId }),
    detachCandidacy: async () => ({ candidacy_id: step.flag ? app.candidacy1Id : (app.candidacy2Id ?? otherCandidacyId) }),
  };
  return {
    name: step.name as string,
    entity: 'application',
    entity_id: app.id,
    additionnal_fields: (await fieldsByName[step.name]?.()) ?? {},
    ownerCandidacy: app.candidacy1Id,
    actor: step.actor,
  };
};

const pickActor = async (world: World, actor: Step['actor'], ownerCandidacy: number) => {
  if (actor !== 'owner') return world.users[actor];
  const [row] = await ctx.database.db
    .select({ agencyId: candidacies.agencyId })
    .from(candidacies)
    .where(eq(candidacies.id, ownerCandidacy));
  return row.agencyId === world.users.broker1.agencyId ? world.users.broker1 : world.users.broker2;
};

const checkInvariants = async (world: World, multiAgency: boolean, lastStatus: Map<number, number>) => {
  const db = ctx.database.db;
  const apps = await db.select().from(applications);
  const live = apps.filter((a) => !a.hidden && a.closedAt === null);
  for (const lot of world.lots) {
    const onLot = live.filter((a) => a.lotId === lot.id);
    expect(onLot.filter((a) => a.status >= 1).length, 'two live applications at status >= 1 on one lot').toBeLessThanOrEqual(1);
    if (multiAgency) {
      const positions = onLot
        .map((a) => a.priority)
        .filter((p) => p <= 3)
        .sort();
      expect(positions, 'positions 1-3 unique and compact').toEqual(positions.map((_, i) => i + 1));
    }
  }
  for (const app of apps) {
    expect(app.status, `application ${app.id} went backwards`).toBeGreaterThanOrEqual(lastStatus.get(app.id) ?? 0);
    lastStatus.set(app.id, app.status);
  }
  const lotRows = await db.select().from(lots).where(eq(lots.promotionId, world.promotion.id));
  for (const lot of lotRows) {
    const statuses = live.filter((a) => a.lotId === lot.id).map((a) => a.status);
    expect(lot.status, `lot ${lot.reference}`).toBe(deriveLotStatus(lot.rawStatus, statuses));
  }
  const candidacyRows = await db.select().from(candidacies).where(eq(candidacies.promotionId, world.promotion.id));
  for (const candidacy of candidacyRows) {
    const statuses = live.filter((a) => a.candidacy1Id === candidacy.id || a.candidacy2Id === candidacy.id).map((a) => a.status);
    expect(candidacy.status, `candidacy ${candidacy.id}`).toBe(
      deriveCandidacyStatus(candidacy.status, statuses.length > 0 ? Math.max(...statuses) : null),
    );
    if (statuses.length > 0) expect(candidacy.status).toBeGreaterThanOrEqual(Math.max(...statuses) + 3);
  }
};

const runSequence = async (multiAgency: boolean, steps: Step[]) => {
  const world = await setup(multiAgency);
  const deps = { db: ctx.database.db, jobs: ctx.jobs, config: ctx.app.deps.config, storage: ctx.app.deps.storage };
  const lastStatus = new Map<number, number>();
  for (const step of steps) {
    const { ownerCandidacy, actor, ...request } = await requestOf(world, step);
    const user = await pickActor(world, actor, ownerCandidacy);
    const before = await snapshot(ctx.database.db);
    try {
      await executeCommand(deps, COMMANDS, actorOf(user), request);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      expect(await snapshot(ctx.database.db), `${request.name} refused (${error.message}) but changed something`).toEqual(before);
    }
    await checkInvariants(world, multiAgency, lastStatus);
  }
  // The sale reached by the sequence, if any, left no two sold applications on a lot.
  const sold = await ctx.database.db
    .select({ lotId: applications.lotId })
    .from(applications)
    .where(and(eq(applications.status, 3), eq(applications.hidden, false), isNull(applications.closedAt)));
  expect(new Set(sold.map((s) => s.lotId)).size).toBe(sold.length);
};

describe('the process invariants under random command sequences (docs/sales-process.md#2-lots-built and docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('hold in a multi-agency promotion', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 20 }), (steps) => runSequence(true, steps)),
      { numRuns: 25 },
    );
  });

  it('hold in a promotion that is not multi-agency', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 20 }), (steps) => runSequence(false, steps)),
      { numRuns: 25 },
    );
  });
});
