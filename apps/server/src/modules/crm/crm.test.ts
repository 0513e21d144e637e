import { CRM_MESSAGES, type CrmState } from '@promovente/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { candidacies, candidates, crmSends, lots, promotions } from '../../db/schema/index.js';
import { type FakeSalesforce, startFakeSalesforce } from '../../test/fake-salesforce.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createCandidacy } from '../attribution/attribution.fixtures.js';
import { runCrmSend } from './crm.job.js';
import { salesforceSettingsOf } from './salesforce.js';

let ctx: TestContext;
let fake: FakeSalesforce;
// The routes read the configuration object the app was built with: these change it in place.
const unconfigure = () => {
  Object.assign(ctx.app.deps.config, {
    SALESFORCE_LOGIN_URL: undefined,
    SALESFORCE_CLIENT_ID: undefined,
    SALESFORCE_CLIENT_SECRET: undefined,
  });
};
const configure = () => {
  Object.assign(ctx.app.deps.config, {
    SALESFORCE_LOGIN_URL: fake.url,
    SALESFORCE_CLIENT_ID: 'client',
    SALESFORCE_CLIENT_SECRET: 'secret',
  });
};
const settings = () => salesforceSettingsOf(ctx.app.deps.config);
const deps = () => ({ db: ctx.database.db, jobs: ctx.jobs });

beforeAll(async () => {
  ctx = await createTestContext();
  fake = await startFakeSalesforce();
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  await ctx.reset();
  fake.reset();
  configure();
});

const setup = async (options: { connected?: boolean } = {}) => {
  const db = ctx.database.db;
  const agency = await createAgency(db, 'Naef');
  const promotion = await createPromotion(db, { title: 'Les Hauts de Rolle', crmConnected: options.connected ?? true });
  const {
    lots: [main, second],
  } = await createBuildingWithLots(db, promotion.id, [1_250_000, 980_000]);
  const [parking] = await db
    .insert(lots)
    .values({
      promotionId: promotion.id,
      buildingId: main.buildingId,
      lotTypeId: 1,
      floorId: 1,
      reference: 'P-01',
      parentId: main.id,
      rawPrice: 30_000,
    })
    .returning();
  const { candidacy } = await createCandidacy(db, promotion.id, {
    firstName: 'Anne',
    lastName: 'Meylan',
    agencyId: agency.id,
    priority: 1,
  });
  const broker = await createUser(db, 'broker', { promotionIds: [promotion.id], agencyId: agency.id });
  const admin = await createUser(db, 'broker', { admin: true });
  const promoter = await createUser(db, 'promoter', { promotionIds: [promotion.id] });
  const elsewhere = await createPromotion(db, { title: 'Ailleurs', crmConnected: true });
  const outsider = await createUser(db, 'broker', { promotionIds: [elsewhere.id] });
  return {
    db,
    promotion,
    lots: { main, second, parking },
    candidacy,
    token: {
      broker: await signIn(ctx.app, broker.email),
      admin: await signIn(ctx.app, admin.email),
      promoter: await signIn(ctx.app, promoter.email),
      outsider: await signIn(ctx.app, outsider.email),
    },
  };
};

/** The external ids a collection call carried, in order. */
const externalIds = (body: unknown) =>
  ((body as { records?: { Promovente_Id__c: string }[] }).records ?? []).map((record) => record.Promovente_Id__c);

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const state = async (promotionId: number, token: string) =>
  (await call('GET', `/api/promotions/${promotionId}/crm`, token)).json() as CrmState;
const send = (promotionId: number, token: string) => call('PUT', `/api/promotions/${promotionId}/send-to-crm`, token);

describe('GET /promotions/{id}/crm: the state the button polls (docs/product/promotion-administration.md#crm-send)', () => {
  it('says a promotion was never sent and whether the server is configured', async () => {
    const s = await setup();
    expect(await state(s.promotion.id, s.token.broker)).toEqual({
      configured: true,
      connected: true,
      crm_updated_at: null,
      last_send: null,
    });
    unconfigure();
    expect(await state(s.promotion.id, s.token.broker)).toMatchObject({ configured: false });
  });

  it("is the promotion's brokers' and admins' (403 to other roles, 404 for another promotion's id)", async () => {
    const s = await setup();
    expect((await call('GET', `/api/promotions/${s.promotion.id}/crm`, s.token.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/promotions/${s.promotion.id}/crm`, s.token.promoter)).statusCode).toBe(403);
    const outsider = await call('GET', `/api/promotions/${s.promotion.id}/crm`, s.token.outsider);
    expect(outsider.statusCode).toBe(404);
    expect((await call('GET', '/api/promotions/999999/crm', s.token.admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/promotions/abc/crm', s.token.broker)).json().message).toMatch(/Identifiant/);
  });
});

describe('PUT /promotions/{id}/send-to-crm and the crm job', () => {
  it('queues the send, then the job upserts the promotion, its lots and its candidacies, keeps their ids and dates the send', async () => {
    const s = await setup();
    const queued = await send(s.promotion.id, s.token.broker);
    expect(queued.statusCode).toBe(200);
    const body = queued.json() as CrmState;
    expect(body.last_send).toMatchObject({ status: 'queued', error: null });
    const sendId = body.last_send?.id as number;
    // A second click while it is under way is refused.
    expect((await send(s.promotion.id, s.token.admin)).json()).toEqual({ message: CRM_MESSAGES.alreadyRunning });

    await runCrmSend(deps(), settings(), sendId, false);

    // One call per object, up to 200 records each; the associated lot in a call after its main lot's.
    expect(
      fake.calls.map((c) => [`${c.method} ${c.path.replace('/services/data/v61.0/composite/sobjects', '')}`, externalIds(c.body)]),
    ).toEqual([
      ['POST /services/oauth2/token', []],
      ['PATCH /Promotion__c/Promovente_Id__c', [String(s.promotion.id)]],
      ['PATCH /Lot__c/Promovente_Id__c', [String(s.lots.main.id), String(s.lots.second.id)]],
      ['PATCH /Lot__c/Promovente_Id__c', [String(s.lots.parking.id)]],
      ['PATCH /Candidature__c/Promovente_Id__c', [String(s.candidacy.id)]],
    ]);
    expect(fake.records.get(`Lot__c/${s.lots.parking.id}`)?.fields).toMatchObject({
      Name: 'P-01',
      Lot_principal__r: { Promovente_Id__c: String(s.lots.main.id) },
    });
    expect(fake.records.get(`Candidature__c/${s.candidacy.id}`)?.fields).toMatchObject({
      Name: 'Anne Meylan',
      Agence__c: 'Naef',
      Priorite__c: 'A',
    });

    const after = await state(s.promotion.id, s.token.broker);
    expect(after.last_send).toMatchObject({ id: sendId, status: 'succeeded', error: null, lots_sent: 3, candidacies_sent: 1 });
    expect(after.crm_updated_at).not.toBeNull();
    const [promotion] = await s.db.select().from(promotions).where(eq(promotions.id, s.promotion.id));
    expect(promotion.salesforceId).toBe(fake.records.get(`Promotion__c/${s.promotion.id}`)?.id);
    const [parking] = await s.db.select().from(lots).where(eq(lots.id, s.lots.parking.id));
    expect(parking.salesforceId).toBe(fake.records.get(`Lot__c/${s.lots.parking.id}`)?.id);
    const [candidacy] = await s.db.select().from(candidacies).where(eq(candidacies.id, s.candidacy.id));
    expect(candidacy.salesforceId).toBe(fake.records.get(`Candidature__c/${s.candidacy.id}`)?.id);
    // The desk's own CRM reference is left alone.
    expect(candidacy.crmId).toBeNull();
  });

  it('signs in again when the token expired mid-send and still succeeds', async () => {
    const s = await setup();
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    fake.expireSessionOnce();
    await runCrmSend(deps(), settings(), sendId, false);
    expect(fake.calls.filter((c) => c.path === '/services/oauth2/token')).toHaveLength(2);
    expect((await state(s.promotion.id, s.token.broker)).last_send?.status).toBe('succeeded');
  });

  it('sends every record Salesforce accepts and lists each one it refuses with its reason, in French', async () => {
    const s = await setup();
    fake.refuseName('A-102', 'Le prix doit être renseigné');
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    await expect(runCrmSend(deps(), settings(), sendId, false)).resolves.toBeUndefined();
    const after = await state(s.promotion.id, s.token.broker);
    expect(after.last_send).toMatchObject({
      status: 'succeeded',
      error: null,
      lots_sent: 2,
      candidacies_sent: 1,
      refused: [{ record: 'le lot A-102', error: 'FIELD_CUSTOM_VALIDATION_EXCEPTION : Le prix doit être renseigné' }],
    });
    expect(after.crm_updated_at).not.toBeNull();
    const [refusedLot] = await s.db.select().from(lots).where(eq(lots.id, s.lots.second.id));
    expect(refusedLot.salesforceId).toBeNull();
    const [parking] = await s.db.select().from(lots).where(eq(lots.id, s.lots.parking.id));
    expect(parking.salesforceId).toBe(fake.records.get(`Lot__c/${s.lots.parking.id}`)?.id);
    // The next send is not blocked.
    expect((await send(s.promotion.id, s.token.broker)).statusCode).toBe(200);
  });

  it('names the lookup Salesforce could not resolve: an associated lot whose main lot was refused', async () => {
    const s = await setup();
    fake.refuseName('A-101', 'Surface manquante');
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    await runCrmSend(deps(), settings(), sendId, false);
    const refused = (await state(s.promotion.id, s.token.broker)).last_send?.refused;
    expect(refused?.map((r) => r.record)).toEqual(['le lot A-101', 'le lot P-01']);
    expect(refused?.[1].error).toBe(
      `INVALID_FIELD : Foreign key external ID: ${s.lots.main.id} not found for field Promovente_Id__c in entity Lot__c`,
    );
  });

  it('fails at once, without a retry, when Salesforce refuses the promotion itself: nothing else can point at it', async () => {
    const s = await setup();
    fake.refuseName('Les Hauts de Rolle', 'Site web invalide');
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    await expect(runCrmSend(deps(), settings(), sendId, false)).resolves.toBeUndefined();
    const after = await state(s.promotion.id, s.token.broker);
    expect(after.last_send).toMatchObject({
      status: 'failed',
      error: 'Salesforce a refusé la promotion Les Hauts de Rolle : FIELD_CUSTOM_VALIDATION_EXCEPTION : Site web invalide',
    });
    expect(after.last_send?.finished_at).not.toBeNull();
    expect(after.crm_updated_at).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it("sends a 450-lot promotion and its 450 candidacies in 3 calls per object, not one per record (the org's daily quota)", async () => {
    const s = await setup();
    const db = s.db;
    const buildingId = s.lots.main.buildingId;
    await db.insert(lots).values(
      Array.from({ length: 447 }, (_, i) => ({
        promotionId: s.promotion.id,
        buildingId,
        lotTypeId: 5,
        floorId: 1,
        reference: `B-${String(i + 1).padStart(3, '0')}`,
        rawPrice: 500_000 + i,
      })),
    );
    // 450 lots in all: 449 main lots and the parking; 450 candidacies.
    const people = await db
      .insert(candidates)
      .values(Array.from({ length: 449 }, (_, i) => ({ promotionId: s.promotion.id, firstName: 'Client', lastName: `N${i + 1}` })))
      .returning({ id: candidates.id });
    await db.insert(candidacies).values(people.map((p) => ({ promotionId: s.promotion.id, candidateId: p.id })));
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    await runCrmSend(deps(), settings(), sendId, false);

    const perObject = (object: string) =>
      fake.calls.filter((c) => c.path.includes(`/composite/sobjects/${object}/`)).map((c) => externalIds(c.body).length);
    expect(perObject('Promotion__c')).toEqual([1]);
    expect(perObject('Lot__c')).toEqual([200, 200, 49, 1]);
    expect(perObject('Candidature__c')).toEqual([200, 200, 50]);
    expect(fake.calls).toHaveLength(1 + 1 + 4 + 3);
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({
      status: 'succeeded',
      lots_sent: 450,
      candidacies_sent: 450,
      refused: [],
    });
  });

  it("waits for the org's daily API limit (REQUEST_LIMIT_EXCEEDED) without failing the send, and resumes an hour later", async () => {
    const s = await setup();
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    fake.limitCallsTo(1);
    // Now, to the second: the state read below takes a send queued for over 6 hours as lost, so
    // the instants are the real ones (a fixed date turned this test red once the day passed it).
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const resumeAt = new Date(at.getTime() + 3600_000).toISOString();
    await expect(runCrmSend(deps(), settings(), sendId, false, () => at)).resolves.toBeUndefined();
    const waiting = await state(s.promotion.id, s.token.broker);
    expect(waiting.last_send).toMatchObject({ status: 'waiting', error: null, resume_at: resumeAt, finished_at: null });
    expect(waiting.crm_updated_at).toBeNull();
    // The job is queued again, to start at the resume time; a second send waits for this one.
    const jobs = await rowsOf<{ data: { id: number }; start_after: Date }>(
      ctx.database.db,
      sql`select data, start_after from pgboss.job where name = 'crm' and state = 'created' order by created_on`,
    );
    expect(jobs.at(-1)?.data).toEqual({ id: sendId });
    expect(new Date(jobs.at(-1)?.start_after as Date).toISOString()).toBe(resumeAt);
    expect((await send(s.promotion.id, s.token.broker)).json()).toEqual({ message: CRM_MESSAGES.alreadyRunning });

    // An hour later the quota is back: the whole send goes through.
    fake.limitCallsTo(null);
    await runCrmSend(deps(), settings(), sendId, false, () => new Date(at.getTime() + 3600_000 + 5000));
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({ status: 'succeeded', resume_at: null, lots_sent: 3 });
  });

  it('fails a send still held back by the daily API limit 24 hours after it was asked for', async () => {
    const s = await setup();
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    fake.limitCallsTo(0);
    await runCrmSend(deps(), settings(), sendId, false, () => new Date(Date.now() + 25 * 3600_000));
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({
      status: 'failed',
      error: CRM_MESSAGES.limitStillReached,
    });
  });

  it('does not read a send waiting for the quota as lost, however long ago it was asked for, until its resume time is long past', async () => {
    const s = await setup();
    const createdAt = new Date(Date.now() - 7 * 3600_000);
    await s.db
      .insert(crmSends)
      .values({ promotionId: s.promotion.id, status: 'waiting', createdAt, resumeAt: new Date(Date.now() + 600_000) });
    expect((await state(s.promotion.id, s.token.broker)).last_send?.status).toBe('waiting');
    expect((await send(s.promotion.id, s.token.broker)).statusCode).toBe(409);
    await s.db.update(crmSends).set({ resumeAt: new Date(Date.now() - 7 * 3600_000) });
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({ status: 'failed', error: CRM_MESSAGES.abandoned });
  });

  it('puts a send back in the queue on an outage (the job retries it) and fails it on the last attempt', async () => {
    const s = await setup();
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    fake.failNext(1);
    await expect(runCrmSend(deps(), settings(), sendId, false)).rejects.toThrow(/indisponible/);
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({
      status: 'queued',
      error: 'Salesforce est indisponible (HTTP 503)',
    });
    await runCrmSend(deps(), settings(), sendId, false);
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({ status: 'succeeded', error: null });

    const second = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    fake.failNext(1);
    await runCrmSend(deps(), settings(), second, true);
    const [row] = await s.db.select().from(crmSends).where(eq(crmSends.id, second));
    expect(row).toMatchObject({ status: 'failed', error: 'Salesforce est indisponible (HTTP 503)', attempts: 1 });
  });

  it('runs through the pg-boss queue: the send the route queued ends succeeded', async () => {
    const s = await setup();
    await ctx.jobs.work('crm', (data: { id: number }, finalAttempt) => runCrmSend(deps(), settings(), data.id, finalAttempt));
    await send(s.promotion.id, s.token.broker);
    let current = await state(s.promotion.id, s.token.broker);
    for (let i = 0; i < 60 && current.last_send?.status !== 'succeeded'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await state(s.promotion.id, s.token.broker);
    }
    expect(current.last_send?.status).toBe('succeeded');
    expect(current.crm_updated_at).not.toBeNull();
  });

  it('is refused in French without configuration, for a promotion not connected, and to other roles or promotions', async () => {
    const s = await setup({ connected: false });
    expect((await send(s.promotion.id, s.token.broker)).json()).toEqual({ message: CRM_MESSAGES.notConnected });
    unconfigure();
    const unconfiguredSend = await send(s.promotion.id, s.token.broker);
    expect(unconfiguredSend.statusCode).toBe(409);
    expect(unconfiguredSend.json()).toEqual({ message: CRM_MESSAGES.notConfigured });
    expect((await send(s.promotion.id, s.token.promoter)).statusCode).toBe(403);
    expect((await send(s.promotion.id, s.token.outsider)).statusCode).toBe(404);
    expect(await s.db.select().from(crmSends)).toEqual([]);
  });

  it('reads a send lost on the way (still queued after 6 hours) as failed, and lets a new one start', async () => {
    const s = await setup();
    await s.db.insert(crmSends).values({ promotionId: s.promotion.id, status: 'running', createdAt: new Date(Date.now() - 7 * 3600_000) });
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({ status: 'failed', error: CRM_MESSAGES.abandoned });
    expect((await send(s.promotion.id, s.token.broker)).json().last_send).toMatchObject({ status: 'queued' });
  });

  it('fails a queued send whose configuration has gone by the time it runs', async () => {
    const s = await setup();
    const sendId = ((await send(s.promotion.id, s.token.broker)).json() as CrmState).last_send?.id as number;
    await runCrmSend(deps(), null, sendId, false);
    expect((await state(s.promotion.id, s.token.broker)).last_send).toMatchObject({ status: 'failed', error: CRM_MESSAGES.notConfigured });
  });
});

describe('PUT /promotions/{id}/crm: the admin connects a promotion (docs/decisions/011-crm-connection-per-promotion.md)', () => {
  it('lets an admin connect and disconnect it; brokers, other roles and unknown promotions are refused', async () => {
    const s = await setup({ connected: false });
    const put = (token: string, payload: object, id = s.promotion.id) => call('PUT', `/api/promotions/${id}/crm`, token, payload);
    const connected = await put(s.token.admin, { crm_connected: true });
    expect(connected.statusCode).toBe(200);
    expect((connected.json() as CrmState).connected).toBe(true);
    expect((await put(s.token.admin, { crm_connected: false })).json()).toMatchObject({ connected: false });
    expect((await put(s.token.broker, { crm_connected: true })).statusCode).toBe(403);
    expect((await put(s.token.promoter, { crm_connected: true })).statusCode).toBe(403);
    expect((await put(s.token.admin, { crm_connected: true }, 999_999)).statusCode).toBe(404);
    const bad = await put(s.token.admin, { crm_connected: 'oui' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Indiquez si la promotion est connectée au CRM');
  });
});
