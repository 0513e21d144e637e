import { CRM_AGENCY_ID } from '@promovente/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  actionLots,
  applications,
  candidacies,
  candidates,
  logs,
  lots,
  mailMessages,
  notifications,
  promotionUsers,
  tasks,
  users,
} from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import type { TestContext } from '../../test/harness.js';
import { createApplication, createCandidacy } from '../attribution/attribution.fixtures.js';

/** Test data and helpers of the lifecycle commands' tests (pipeline.*.test.ts). */

export const CRM = CRM_AGENCY_ID;
export const LEMAN = 2;

type DeskOptions = { multiAgency?: boolean; notary?: boolean; crmUpdatedAt?: Date | null };

/**
 * A promotion with three lots, a broker of agency 2 (Léman), a rival broker of agency 1, the
 * main notary, a banker, a promoter, an architect, and a broker of another promotion.
 */
export const pipelineDesk = async (ctx: TestContext, options: DeskOptions = {}) => {
  const db = ctx.database.db;
  await createAgency(db, 'Agence CRM', CRM);
  await createAgency(db, 'Agence du Léman', LEMAN);
  const promotion = await createPromotion(db, {
    title: 'Les Hauts de Rolle',
    multiAgency: options.multiAgency ?? false,
    reservationTimeout: options.multiAgency ? 5 : null,
    crmUpdatedAt: options.crmUpdatedAt ?? null,
  });
  const other = await createPromotion(db, { title: 'Le Clos de Morges' });
  const { lots: lotRows } = await createBuildingWithLots(db, promotion.id, [750_000, 900_000, 1_250_000]);
  const member = { promotionIds: [promotion.id] };
  const broker = await createUser(db, 'broker', { ...member, agencyId: LEMAN, firstName: 'Paul', lastName: 'Courtier' });
  const rival = await createUser(db, 'broker', { ...member, agencyId: CRM, firstName: 'Luc', lastName: 'Rival' });
  const notary = options.notary === false ? null : await createUser(db, 'notary', { ...member, firstName: 'Anne', lastName: 'Notaire' });
  if (notary) {
    await db
      .update(promotionUsers)
      .set({ main: true })
      .where(and(eq(promotionUsers.userId, notary.id), eq(promotionUsers.promotionId, promotion.id)));
  }
  const banker = await createUser(db, 'banker', { ...member, firstName: 'Marc', lastName: 'Banquier' });
  const promoter = await createUser(db, 'promoter', member);
  const architect = await createUser(db, 'architect', member);
  const outsider = await createUser(db, 'broker', { promotionIds: [other.id], agencyId: LEMAN });
  const tokens = new Map<number, Record<string, string>>();
  /** The Authorization header of a user (signed in once per test). */
  const as = async (user: { id: number; email: string }) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const headers = bearer(await signIn(ctx.app, user.email));
    tokens.set(user.id, headers);
    return headers;
  };
  return { db, promotion, other, lots: lotRows, broker, rival, notary, banker, promoter, architect, outsider, as };
};
export type Desk = Awaited<ReturnType<typeof pipelineDesk>>;

/** An application of the desk's broker (agency Léman) on a lot, at status 0 unless told. */
export const makeApplication = async (
  desk: Desk,
  values: Partial<typeof applications.$inferInsert> & { lotIndex?: number; brokerId?: number; agencyId?: number; partner?: boolean } = {},
) => {
  const { lotIndex = 0, brokerId = desk.broker.id, agencyId = LEMAN, partner = false, ...rest } = values;
  const { candidacy, candidate } = await createCandidacy(desk.db, desk.promotion.id, { brokerId, agencyId, status: 3 });
  const second = partner ? await createCandidacy(desk.db, desk.promotion.id, { brokerId, agencyId, status: 3 }) : null;
  const application = await createApplication(desk.db, {
    promotionId: desk.promotion.id,
    lotId: desk.lots[lotIndex].id,
    candidacy1Id: candidacy.id,
    candidacy2Id: second?.candidacy.id ?? null,
    ...rest,
  });
  return { application, candidacy, candidate, partner: second };
};

/** POST /api/app/executeCommand on an application. */
export const run = (
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  id: number,
  fields: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/app/executeCommand',
    headers,
    payload: { name, params: { entity: 'application', entity_id: id, additionnal_fields: fields } },
  });

export const SEND_FORM = {
  subject: 'Les Hauts de Rolle — lot A-101 : votre formulaire de réservation',
  body: 'Bonjour,\nVoici le formulaire de réservation.',
};

/** The broker fills the form with the candidates as they are (submitReservationForm, tested in its module). */
export const fillForm = async (app: FastifyInstance, headers: Record<string, string>, applicationId: number, db: Db) => {
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
  const person = async (candidacyId: number) => {
    const [c] = await db.select().from(candidacies).where(eq(candidacies.id, candidacyId));
    const [p] = await db.select().from(candidates).where(eq(candidates.id, c.candidateId));
    return { candidate: { id: p.id, last_name: p.lastName, first_name: p.firstName, gender: 'M' }, financing: {} };
  };
  return run(app, headers, 'submitReservationForm', applicationId, {
    candidacy1: await person(row.candidacy1Id),
    candidacy2: row.candidacy2Id === null ? null : await person(row.candidacy2Id),
  });
};

export const applicationRow = async (db: Db, id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
export const lotRow = async (db: Db, id: number) => (await db.select().from(lots).where(eq(lots.id, id)))[0];
export const candidacyRow = async (db: Db, id: number) => (await db.select().from(candidacies).where(eq(candidacies.id, id)))[0];
export const tasksOf = (db: Db, applicationId: number) =>
  db.select().from(tasks).where(eq(tasks.applicationId, applicationId)).orderBy(asc(tasks.id));
export const openKinds = async (db: Db, applicationId: number) =>
  (await tasksOf(db, applicationId)).filter((t) => t.doneAt === null).map((t) => t.kind);
export const logsOf = (db: Db, applicationId: number) =>
  db.select().from(logs).where(eq(logs.applicationId, applicationId)).orderBy(asc(logs.id));
export const mails = (db: Db) => db.select().from(mailMessages).orderBy(asc(mailMessages.id));
export const notificationsOf = (db: Db, userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));
export const lotHistory = (db: Db, lotId: number) =>
  db.select().from(actionLots).where(eq(actionLots.lotId, lotId)).orderBy(asc(actionLots.id));

/** Everything a command may write: a refused or failing one must leave all of it as it was. */
export const snapshot = async (db: Db) => {
  const total = async (table: typeof logs | typeof mailMessages | typeof notifications | typeof tasks | typeof users | typeof actionLots) =>
    Number((await db.select({ n: count() }).from(table))[0].n);
  return {
    applications: await db.select().from(applications).orderBy(asc(applications.id)),
    lots: await db.select({ id: lots.id, status: lots.status }).from(lots).orderBy(asc(lots.id)),
    candidacies: await db.select({ id: candidacies.id, status: candidacies.status }).from(candidacies).orderBy(asc(candidacies.id)),
    tasks: await db.select().from(tasks).orderBy(asc(tasks.id)),
    logs: await total(logs),
    mails: await total(mailMessages),
    notifications: await total(notifications),
    users: await total(users),
    actionLots: await total(actionLots),
  };
};
