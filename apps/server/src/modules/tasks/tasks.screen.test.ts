import { type ScreenTask, type TasksScreenGroups, taskTimeStatus } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, tasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApplication, createCandidacy } from '../attribution/attribution.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const DAY = 86_400_000;

const setup = async () => {
  const db = ctx.database.db;
  const promotion = await createPromotion(db);
  const {
    lots: [lot, applicationLot],
  } = await createBuildingWithLots(db, promotion.id, [800_000, 950_000]);
  const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
  const colleague = await createUser(db, 'broker', { promotionIds: [promotion.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [promotion.id] });
  const token = await signIn(ctx.app, broker.email);
  const { candidacy, candidate } = await createCandidacy(db, promotion.id, { brokerId: broker.id, firstName: 'Léa', lastName: 'Morand' });
  const { candidacy: buyer } = await createCandidacy(db, promotion.id, { firstName: 'Paul', lastName: 'Vuilleumier' });
  const application = await createApplication(db, { promotionId: promotion.id, lotId: applicationLot.id, candidacy1Id: buyer.id });
  return { db, promotion, lot, applicationLot, broker, colleague, notary, token, candidacy, candidate, buyer, application };
};

type Setup = Awaited<ReturnType<typeof setup>>;

const addTask = async (s: Setup, values: Partial<typeof tasks.$inferInsert> & { title: string }) => {
  const [row] = await s.db
    .insert(tasks)
    .values({
      promotionId: s.promotion.id,
      endAt: new Date(Date.now() + 3 * DAY),
      assignedToId: s.broker.id,
      createdById: s.broker.id,
      ...(values.lotId === undefined && values.applicationId === undefined ? { candidacyId: s.candidacy.id } : {}),
      ...values,
    })
    .returning();
  return row;
};

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

const titles = (groups: TasksScreenGroups) => ({
  next: groups.next.map((t) => t.title),
  today: groups.today.map((t) => t.title),
  past: groups.past.map((t) => t.title),
});
const allTitles = (groups: TasksScreenGroups) => [...groups.past, ...groups.today, ...groups.next].map((t) => t.title).sort();

describe('GET actions query promotion: the broker tasks screen (docs/product/tasks.md#screens and docs/product/calls.md#direct-application-calls)', () => {
  it('answers the open tasks in next, today and past, each sorted by due date', async () => {
    const s = await setup();
    const now = Date.now();
    const soon = new Date(now + 60_000);
    await addTask(s, { title: 'Dans une semaine', endAt: new Date(now + 7 * DAY) });
    await addTask(s, { title: 'Dans trois jours', endAt: new Date(now + 3 * DAY) });
    await addTask(s, { title: 'Hier', endAt: new Date(now - DAY) });
    await addTask(s, { title: 'Il y a une semaine', endAt: new Date(now - 7 * DAY) });
    await addTask(s, { title: 'Dans une minute', endAt: soon });
    await addTask(s, { title: 'Terminée', endAt: new Date(now - DAY), doneAt: new Date(now - DAY) });
    const elsewhere = await createPromotion(s.db, { title: 'Ailleurs' });
    const { candidacy: foreign } = await createCandidacy(s.db, elsewhere.id);
    await addTask(s, { title: 'Autre promotion', promotionId: elsewhere.id, candidacyId: foreign.id });

    const response = await get(`/api/actions?promotion=${s.promotion.id}`, s.token);
    expect(response.statusCode).toBe(200);
    const groups = response.json().data as TasksScreenGroups;
    const soonGroup = taskTimeStatus(soon) === 'today' ? 'today' : 'next';
    expect(titles(groups)).toEqual({
      next: [...(soonGroup === 'next' ? ['Dans une minute'] : []), 'Dans trois jours', 'Dans une semaine'],
      today: soonGroup === 'today' ? ['Dans une minute'] : [],
      past: ['Il y a une semaine', 'Hier'],
    });
    expect(groups.past[0]).toMatchObject({ time_status: 'late', time_status_text: 'En retard' });
    expect(groups.next.at(-1)).toMatchObject({ time_status: 'next', time_status_text: 'Prochainement' });

    // Without the promotion query: the broker's current (here, only) promotion.
    const current = await get('/api/actions', s.token);
    expect(allTitles(current.json().data)).toEqual(allTitles(groups));
  });

  it('serializes each row with its target class, label and the ids its links need', async () => {
    const s = await setup();
    await addTask(s, { title: 'Sur la candidature', candidacyId: s.candidacy.id, assignedToId: s.colleague.id });
    await addTask(s, { title: 'Sur le lot', lotId: s.lot.id });
    await addTask(s, { title: 'Sur le dossier', applicationId: s.application.id, automaticEnd: true, kind: 'verify_solvency' });
    const { data } = (await get(`/api/actions?promotion=${s.promotion.id}`, s.token)).json();
    const byTitle = new Map<string, ScreenTask>(data.next.map((t: ScreenTask) => [t.title, t]));
    expect(byTitle.get('Sur la candidature')).toMatchObject({
      target: 'candidacy',
      target_class: 'candidate',
      target_id: s.candidacy.id,
      target_label: 'Léa Morand',
      candidacy_id: s.candidacy.id,
      candidate_name: 'Léa Morand',
      lot_id: null,
      application_id: null,
      assigned_to_id: s.colleague.id,
      assigned_to: { full_name: `${s.colleague.firstName} ${s.colleague.lastName}` },
      automatic_end: false,
      is_editable: true,
      done_at: null,
    });
    expect(byTitle.get('Sur le lot')).toMatchObject({
      target_class: 'lot',
      target_label: s.lot.reference,
      lot_id: s.lot.id,
      lot_public_id: s.lot.publicId,
      lot_reference: s.lot.reference,
      candidacy_id: null,
    });
    expect(byTitle.get('Sur le dossier')).toMatchObject({
      target_class: 'application',
      target_label: `${s.applicationLot.reference} – Paul Vuilleumier`,
      application_id: s.application.id,
      candidacy_id: s.buyer.id,
      lot_id: s.applicationLot.id,
      lot_public_id: s.applicationLot.publicId,
      candidate_name: 'Paul Vuilleumier',
      automatic_end: true,
      is_editable: false,
    });
  });

  it('hides the tasks of a deleted application', async () => {
    const s = await setup();
    await addTask(s, { title: 'Sur le dossier', applicationId: s.application.id });
    await s.db.update(applications).set({ hidden: true });
    const { data } = (await get(`/api/actions?promotion=${s.promotion.id}`, s.token)).json();
    expect(allTitles(data)).toEqual([]);
  });

  it('searches, case-insensitively, the title, the detail, the candidate, the lot and the application', async () => {
    const s = await setup();
    const other = await createCandidacy(s.db, s.promotion.id, { firstName: 'Hugo', lastName: 'Zbinden' });
    await addTask(s, { title: 'Rappeler le notaire', candidacyId: other.candidacy.id });
    await addTask(s, { title: 'Tâche A', detail: 'Au sujet du FINANCEMENT', candidacyId: other.candidacy.id });
    await addTask(s, { title: 'Tâche candidat', candidacyId: s.candidacy.id });
    await addTask(s, { title: 'Tâche lot', lotId: s.lot.id });
    await addTask(s, { title: 'Tâche dossier', applicationId: s.application.id });
    await addTask(s, { title: 'Remise 100% faite', candidacyId: other.candidacy.id });
    const search = async (text: string) =>
      allTitles((await get(`/api/actions?promotion=${s.promotion.id}&search=${encodeURIComponent(text)}`, s.token)).json().data);

    expect(await search('notaire')).toEqual(['Rappeler le notaire']);
    expect(await search('financement')).toEqual(['Tâche A']);
    expect(await search('léa mor')).toEqual(['Tâche candidat']);
    expect(await search('MORAND')).toEqual(['Tâche candidat']);
    expect(await search(s.lot.reference.toLowerCase())).toEqual(['Tâche lot']);
    // The application's lot reference and its first candidate's name.
    expect(await search(s.applicationLot.reference)).toEqual(['Tâche dossier']);
    expect(await search('paul vuill')).toEqual(['Tâche dossier']);
    // LIKE wildcards are plain characters.
    expect(await search('100%')).toEqual(['Remise 100% faite']);
    expect(await search('aucune correspondance')).toEqual([]);
    // Spaces around the text are ignored; an empty search is no search.
    expect(await search('  notaire  ')).toEqual(['Rappeler le notaire']);
    expect((await search('')).length).toBe(6);
  });

  it('narrows by assigned broker (broker) and to one candidacy (candidat)', async () => {
    const s = await setup();
    await addTask(s, { title: 'À moi', candidacyId: s.candidacy.id });
    await addTask(s, { title: 'Au collègue', candidacyId: s.candidacy.id, assignedToId: s.colleague.id });
    await addTask(s, { title: 'Au collègue, autre candidat', candidacyId: s.buyer.id, assignedToId: s.colleague.id });
    await addTask(s, { title: 'Au collègue, sur le dossier', applicationId: s.application.id, assignedToId: s.colleague.id });
    const list = async (query: string) => allTitles((await get(`/api/actions?promotion=${s.promotion.id}&${query}`, s.token)).json().data);

    expect(await list(`broker=${s.colleague.id}`)).toEqual(['Au collègue', 'Au collègue, autre candidat', 'Au collègue, sur le dossier']);
    expect(await list(`broker=${s.broker.id}`)).toEqual(['À moi']);
    expect(await list(`candidat=${s.candidacy.id}`)).toEqual(['Au collègue', 'À moi']);
    expect(await list(`candidat=${s.candidacy.id}&broker=${s.colleague.id}`)).toEqual(['Au collègue']);
    expect(await list(`candidat=${s.buyer.id}&search=autre`)).toEqual(['Au collègue, autre candidat']);
  });

  it('answers 404 for another promotion or a candidacy of another promotion, 400 for a bad filter, 403 to other roles', async () => {
    const s = await setup();
    const elsewhere = await createPromotion(s.db, { title: 'Ailleurs' });
    const { candidacy: foreign } = await createCandidacy(s.db, elsewhere.id);
    expect((await get(`/api/actions?promotion=${elsewhere.id}`, s.token)).statusCode).toBe(404);
    expect((await get(`/api/actions?promotion=${s.promotion.id}&candidat=${foreign.id}`, s.token)).statusCode).toBe(404);
    const bad = await get(`/api/actions?promotion=${s.promotion.id}&broker=abc`, s.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Courtier invalide');

    for (const type of ['notary', 'banker', 'promoter', 'architect'] as const) {
      const user = await createUser(s.db, type, { promotionIds: [s.promotion.id] });
      const response = await get(`/api/actions?promotion=${s.promotion.id}`, await signIn(ctx.app, user.email));
      expect(response.statusCode, type).toBe(403);
      expect(response.json().message).toBe('Accès refusé');
    }
  });

  it('pages each group and counts every task of each group (totals)', async () => {
    const s = await setup();
    const now = Date.now();
    for (let i = 0; i < 23; i += 1)
      await addTask(s, { title: `Retard ${String(i).padStart(2, '0')}`, endAt: new Date(now - (30 - i) * DAY) });
    for (let i = 0; i < 3; i += 1) await addTask(s, { title: `Plus tard ${i}`, endAt: new Date(now + (3 + i) * DAY) });
    const url = `/api/actions?promotion=${s.promotion.id}`;

    const first = (await get(url, s.token)).json().data as TasksScreenGroups;
    expect(first.totals).toEqual({ next: 3, today: 0, past: 23 });
    expect(first.past.map((t) => t.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Retard ${String(i).padStart(2, '0')}`));
    expect(first.next).toHaveLength(3);

    // 'Afficher plus' on the late group: the rest of it, the other groups empty, the same totals.
    const more = (await get(`${url}&group=past&offset=20`, s.token)).json().data as TasksScreenGroups;
    expect(titles(more)).toEqual({ next: [], today: [], past: ['Retard 20', 'Retard 21', 'Retard 22'] });
    expect(more.totals).toEqual({ next: 3, today: 0, past: 23 });

    // The menu badge's call: the totals alone.
    const badge = (await get(`${url}&group=past&limit=0`, s.token)).json().data as TasksScreenGroups;
    expect(titles(badge)).toEqual({ next: [], today: [], past: [] });
    expect(badge.totals.past).toBe(23);

    expect((await get(`${url}&search=plus%20tard`, s.token)).json().data.totals).toEqual({ next: 3, today: 0, past: 0 });
    expect((await get(`${url}&group=late`, s.token)).statusCode).toBe(400);
    expect((await get(`${url}&limit=101`, s.token)).statusCode).toBe(400);
  });

  it('costs the same number of queries for one task as for many', async () => {
    const s = await setup();
    const count = async () =>
      ctx.countQueries(async () => {
        const response = await get(`/api/actions?promotion=${s.promotion.id}&search=t`, s.token);
        expect(response.statusCode).toBe(200);
      });
    await addTask(s, { title: 'Tâche 0', lotId: s.lot.id });
    const one = await count();
    for (let i = 1; i < 30; i += 1) {
      const target =
        i % 3 === 0 ? { lotId: s.lot.id } : i % 3 === 1 ? { applicationId: s.application.id } : { candidacyId: s.candidacy.id };
      await addTask(s, { title: `Tâche ${i}`, endAt: new Date(Date.now() + (i - 15) * DAY), ...target });
    }
    const many = await count();
    expect(many).toBe(one);
  });
});

describe('GET promotions/{id}/notary/actions: the notary tasks list (docs/product/calls.md#direct-application-calls)', () => {
  it('answers the open tasks assigned to the notary, grouped, with search and candidat', async () => {
    const s = await setup();
    await addTask(s, {
      title: 'Acompte de réservation attendu',
      applicationId: s.application.id,
      assignedToId: s.notary.id,
      automaticEnd: true,
    });
    await addTask(s, {
      title: 'Vérifier le registre foncier',
      candidacyId: s.candidacy.id,
      assignedToId: s.notary.id,
      endAt: new Date(Date.now() - DAY),
    });
    await addTask(s, { title: 'Pour le courtier', candidacyId: s.candidacy.id });
    await addTask(s, { title: 'Faite', candidacyId: s.candidacy.id, assignedToId: s.notary.id, doneAt: new Date() });
    const token = await signIn(ctx.app, s.notary.email);
    const url = `/api/promotions/${s.promotion.id}/notary/actions`;

    const all = await get(url, token);
    expect(all.statusCode).toBe(200);
    expect(titles(all.json().data)).toEqual({
      next: ['Acompte de réservation attendu'],
      today: [],
      past: ['Vérifier le registre foncier'],
    });
    expect(all.json().data.next[0]).toMatchObject({ target_class: 'application', assigned_to_id: s.notary.id });
    expect(allTitles((await get(`${url}?search=vuilleumier`, token)).json().data)).toEqual(['Acompte de réservation attendu']);
    expect(allTitles((await get(`${url}?candidat=${s.candidacy.id}`, token)).json().data)).toEqual(['Vérifier le registre foncier']);
  });

  it('answers 404 for a promotion he is not in, 403 to other roles', async () => {
    const s = await setup();
    const elsewhere = await createPromotion(s.db, { title: 'Ailleurs' });
    const token = await signIn(ctx.app, s.notary.email);
    expect((await get(`/api/promotions/${elsewhere.id}/notary/actions`, token)).statusCode).toBe(404);
    expect((await get(`/api/promotions/${s.promotion.id}/notary/actions`, s.token)).statusCode).toBe(403);
    const banker = await createUser(s.db, 'banker', { promotionIds: [s.promotion.id] });
    expect((await get(`/api/promotions/${s.promotion.id}/notary/actions`, await signIn(ctx.app, banker.email))).statusCode).toBe(403);
  });
});
