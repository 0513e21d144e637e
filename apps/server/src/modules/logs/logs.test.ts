import { LOGS_PAGE_SIZE, type LogRow } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logs, tasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApplication, createCandidacy } from '../attribution/attribution.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const MINUTE = 60_000;

const setup = async () => {
  const db = ctx.database.db;
  const promotion = await createPromotion(db);
  const {
    lots: [lot, otherLot],
  } = await createBuildingWithLots(db, promotion.id, [800_000, 650_000]);
  const broker = await createUser(db, 'broker', { promotionIds: [promotion.id], firstName: 'Julie', lastName: 'Favre' });
  const token = await signIn(ctx.app, broker.email);
  const { candidacy } = await createCandidacy(db, promotion.id, { firstName: 'Léa', lastName: 'Morand' });
  const application = await createApplication(db, { promotionId: promotion.id, lotId: lot.id, candidacy1Id: candidacy.id });
  return { db, promotion, lot, otherLot, broker, token, candidacy, application };
};

type Setup = Awaited<ReturnType<typeof setup>>;

/** A history row `minutesAgo` minutes ago. */
const addLog = async (s: Setup, title: string, minutesAgo: number, refs: Partial<typeof logs.$inferInsert> = {}) => {
  const [row] = await s.db
    .insert(logs)
    .values({
      promotionId: s.promotion.id,
      executedById: s.broker.id,
      executedOnTitle: 'Léa Morand',
      title,
      createdAt: new Date(Date.now() - minutesAgo * MINUTE),
      ...refs,
    })
    .returning();
  return row;
};

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const titlesOf = (data: LogRow[]) => data.map((row) => row.title);

describe('GET /logs: the history screen (docs/product/history.md#screens and docs/product/calls.md#other-calls)', () => {
  it('answers the promotion rows newest first, with the executor and the target, and no subject without a filter', async () => {
    const s = await setup();
    await addLog(s, 'Candidat créé', 30, { candidacyId: s.candidacy.id });
    await addLog(s, 'Inscription depuis le site de la promotion', 40, { executedById: null, candidacyId: s.candidacy.id });
    const latest = await addLog(s, 'Lot attribué', 5, { applicationId: s.application.id, lotId: s.lot.id, candidacyId: s.candidacy.id });
    const elsewhere = await createPromotion(s.db, { title: 'Ailleurs' });
    await s.db.insert(logs).values({ promotionId: elsewhere.id, executedOnTitle: 'X', title: 'Autre promotion' });

    const response = await get(`/api/logs?promotion=${s.promotion.id}`, s.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(titlesOf(body.data)).toEqual(['Lot attribué', 'Candidat créé', 'Inscription depuis le site de la promotion']);
    expect(body.data[0]).toEqual({
      id: latest.id,
      created_at: latest.createdAt.toISOString(),
      executed_by_title: 'Julie Favre',
      executed_on_title: 'Léa Morand',
      title: 'Lot attribué',
    });
    expect(body.data[2].executed_by_title).toBeNull();
    expect(body).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: 3, total: 3, subject: null });

    // Without the promotion query: the current promotion.
    expect((await get('/api/logs', s.token)).json().total).toBe(3);
  });

  it('paginates 50 rows a page; a page past the last answers the last', async () => {
    const s = await setup();
    await s.db.insert(logs).values(
      Array.from({ length: LOGS_PAGE_SIZE + 5 }, (_, i) => ({
        promotionId: s.promotion.id,
        executedById: s.broker.id,
        executedOnTitle: 'Léa Morand',
        title: `Ligne ${i + 1}`,
        createdAt: new Date(Date.now() - (LOGS_PAGE_SIZE + 5 - i) * MINUTE),
      })),
    );
    const first = (await get(`/api/logs?promotion=${s.promotion.id}`, s.token)).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 50, total: 55 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0].title).toBe('Ligne 55');
    const second = (await get(`/api/logs?promotion=${s.promotion.id}&page=2`, s.token)).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, from: 51, to: 55, total: 55 });
    expect(titlesOf(second.data)).toEqual(['Ligne 5', 'Ligne 4', 'Ligne 3', 'Ligne 2', 'Ligne 1']);
    expect((await get(`/api/logs?promotion=${s.promotion.id}&page=9`, s.token)).json()).toMatchObject({ current_page: 2, from: 51 });
    const invalid = await get(`/api/logs?promotion=${s.promotion.id}&page=0`, s.token);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Page invalide');
  });

  it('narrows to an application, a candidacy or a lot and names the subject for the back link', async () => {
    const s = await setup();
    await addLog(s, 'Candidat créé', 30, { candidacyId: s.candidacy.id });
    await addLog(s, 'Lot attribué', 20, { applicationId: s.application.id, lotId: s.lot.id, candidacyId: s.candidacy.id });
    await addLog(s, 'Prix modifié', 10, { lotId: s.otherLot.id });
    const list = async (query: string) => (await get(`/api/logs?promotion=${s.promotion.id}&${query}`, s.token)).json();

    const byApplication = await list(`application_id=${s.application.id}`);
    expect(titlesOf(byApplication.data)).toEqual(['Lot attribué']);
    expect(byApplication.subject).toEqual({ kind: 'application', id: s.application.id, title: `${s.lot.reference} – Léa Morand` });

    const byCandidacy = await list(`candidacy_id=${s.candidacy.id}`);
    expect(titlesOf(byCandidacy.data)).toEqual(['Lot attribué', 'Candidat créé']);
    expect(byCandidacy.subject).toEqual({ kind: 'candidacy', id: s.candidacy.id, title: 'Léa Morand' });

    const byLot = await list(`lot_id=${s.otherLot.id}`);
    expect(titlesOf(byLot.data)).toEqual(['Prix modifié']);
    expect(byLot.subject).toEqual({ kind: 'lot', id: s.otherLot.id, title: s.otherLot.reference, public_id: s.otherLot.publicId });

    // Two filters: both apply.
    expect(titlesOf((await list(`lot_id=${s.lot.id}&candidacy_id=${s.candidacy.id}`)).data)).toEqual(['Lot attribué']);
  });

  it('answers an empty page for a filter without history', async () => {
    const s = await setup();
    await addLog(s, 'Candidat créé', 30, { candidacyId: s.candidacy.id });
    const response = await get(`/api/logs?promotion=${s.promotion.id}&lot_id=${s.otherLot.id}`, s.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], current_page: 1, last_page: 1, from: null, to: null, total: 0 });
  });

  it('shows the history rows the commands write (a task finished)', async () => {
    const s = await setup();
    const [task] = await s.db
      .insert(tasks)
      .values({ promotionId: s.promotion.id, title: 'Rappeler', endAt: new Date(), candidacyId: s.candidacy.id, assignedToId: s.broker.id })
      .returning();
    const finished = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/markActionAsFinished',
      headers: bearer(s.token),
      payload: { entity: 'action', entity_id: task.id, additionnal_fields: {} },
    });
    expect(finished.statusCode).toBe(200);
    const { data } = (await get(`/api/logs?candidacy_id=${s.candidacy.id}`, s.token)).json();
    expect(data[0]).toMatchObject({
      title: 'Tâche terminée : Rappeler',
      executed_by_title: 'Julie Favre',
      executed_on_title: 'Léa Morand',
    });
  });

  it('answers 404 for another promotion or a filter row of another promotion, 400 for a bad id, 403 to other roles', async () => {
    const s = await setup();
    const elsewhere = await createPromotion(s.db, { title: 'Ailleurs' });
    const {
      lots: [foreignLot],
    } = await createBuildingWithLots(s.db, elsewhere.id, [500_000]);
    const { candidacy: foreignCandidacy } = await createCandidacy(s.db, elsewhere.id);
    const foreignApplication = await createApplication(s.db, {
      promotionId: elsewhere.id,
      lotId: foreignLot.id,
      candidacy1Id: foreignCandidacy.id,
    });
    const base = `/api/logs?promotion=${s.promotion.id}`;
    expect((await get(`/api/logs?promotion=${elsewhere.id}`, s.token)).statusCode).toBe(404);
    expect((await get(`${base}&lot_id=${foreignLot.id}`, s.token)).statusCode).toBe(404);
    expect((await get(`${base}&candidacy_id=${foreignCandidacy.id}`, s.token)).statusCode).toBe(404);
    expect((await get(`${base}&application_id=${foreignApplication.id}`, s.token)).statusCode).toBe(404);
    expect((await get(`${base}&application_id=999999`, s.token)).statusCode).toBe(404);
    const bad = await get(`${base}&lot_id=abc`, s.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identifiant invalide : lot');

    for (const type of ['notary', 'banker', 'promoter', 'architect', 'candidate'] as const) {
      const user = await createUser(s.db, type, { promotionIds: [s.promotion.id] });
      const response = await get(base, await signIn(ctx.app, user.email));
      expect(response.statusCode, type).toBe(403);
    }
  });

  it('costs the same number of queries for one row as for a full page', async () => {
    const s = await setup();
    const count = async (query: string) =>
      ctx.countQueries(async () => {
        expect((await get(`/api/logs?promotion=${s.promotion.id}${query}`, s.token)).statusCode).toBe(200);
      });
    await addLog(s, 'Une ligne', 1, { lotId: s.lot.id });
    const one = await count(`&lot_id=${s.lot.id}`);
    for (let i = 0; i < 60; i += 1) await addLog(s, `Ligne ${i}`, i + 2, { lotId: s.lot.id });
    expect(await count(`&lot_id=${s.lot.id}`)).toBe(one);
  });
});
