import { MESSAGES, taskTimeStatus } from '@promovente/shared';
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

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;
/** A date on a 15-minute step, `days` from now. */
const onStep = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / QUARTER) * QUARTER).toISOString();

const setup = async () => {
  const db = ctx.database.db;
  const promotion = await createPromotion(db);
  const {
    lots: [lot],
  } = await createBuildingWithLots(db, promotion.id, [800_000]);
  const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
  const colleague = await createUser(db, 'broker', { promotionIds: [promotion.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [promotion.id] });
  const token = await signIn(ctx.app, broker.email);
  const { candidacy, candidate } = await createCandidacy(db, promotion.id, { brokerId: broker.id });
  const application = await createApplication(db, { promotionId: promotion.id, lotId: lot.id, candidacy1Id: candidacy.id });
  return { db, promotion, lot, broker, colleague, notary, token, candidacy, candidate, application };
};

const command = (token: string, name: string, entity: string, entityId: number, fields: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/commands/${name}`,
    headers: bearer(token),
    payload: { entity, entity_id: entityId, additionnal_fields: fields },
  });

const form = (assigneeId: number, values: Record<string, unknown> = {}) => ({
  title: 'Rappeler le client',
  end_at: onStep(3),
  type: 0,
  broker_id: assigneeId,
  detail: 'Au sujet du financement',
  ...values,
});

describe('createAction (docs/product/validation.md#task-forms)', () => {
  it('adds a task on a candidacy, assigned to a broker of the promotion, and writes the history row', async () => {
    const { db, promotion, token, candidacy, candidate, colleague, broker } = await setup();
    const response = await command(token, 'createAction', 'promotion', promotion.id, {
      ...form(colleague.id),
      promotion_id: promotion.id,
      candidacy_id: candidacy.id,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Tâche ajoutée');
    expect(body.data).toMatchObject({
      title: 'Rappeler le client',
      detail: 'Au sujet du financement',
      type: 0,
      type_text: 'Deadline',
      target: 'candidacy',
      target_id: candidacy.id,
      assigned_to_id: colleague.id,
      assigned_to: { id: colleague.id, full_name: `${colleague.firstName} ${colleague.lastName}` },
      created_by: { id: broker.id },
      done_at: null,
      automatic_end: false,
      is_editable: true,
      time_status: 'next',
      time_status_text: 'Prochainement',
    });
    const [history] = await db.select().from(logs);
    expect(history).toMatchObject({
      title: 'Tâche ajoutée : Rappeler le client',
      executedOnTitle: `${candidate.firstName} ${candidate.lastName}`,
      candidacyId: candidacy.id,
      executedById: broker.id,
    });
  });

  it('validates the form with French messages', async () => {
    const { promotion, token, candidacy, broker, lot } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'Titre requis'],
      [{ end_at: undefined }, 'Date requise'],
      [{ end_at: 'demain' }, 'Date invalide'],
      [{ end_at: new Date(Date.parse(onStep(2)) + 5 * 60_000).toISOString() }, "La date doit tomber sur un quart d'heure"],
      [{ type: 2 }, 'Type requis'],
      [{ broker_id: undefined }, 'Assigné requis'],
      [{ candidacy_id: undefined }, 'Une cible est requise (candidature, lot ou dossier de vente)'],
      [{ lot_id: lot.id }, 'Une seule cible est possible (candidature, lot ou dossier de vente)'],
    ];
    for (const [values, message] of cases) {
      const response = await command(token, 'createAction', 'promotion', promotion.id, {
        ...form(broker.id),
        candidacy_id: candidacy.id,
        ...values,
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses an assignee outside the promotion, a target of another promotion and other roles', async () => {
    const { db, promotion, token, candidacy, broker, notary } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const outsider = await createUser(db, 'broker', { promotionIds: [elsewhere.id] });
    const assignee = await command(token, 'createAction', 'promotion', promotion.id, { ...form(outsider.id), candidacy_id: candidacy.id });
    // Another promotion's user answers 404, like an unknown id (docs/security.md).
    expect(assignee.statusCode).toBe(404);

    const { candidacy: foreign } = await createCandidacy(db, elsewhere.id);
    const target = await command(token, 'createAction', 'promotion', promotion.id, { ...form(broker.id), candidacy_id: foreign.id });
    expect(target.statusCode).toBe(404);
    const otherPromotion = await command(token, 'createAction', 'promotion', elsewhere.id, {
      ...form(broker.id),
      candidacy_id: foreign.id,
    });
    expect(otherPromotion.statusCode).toBe(404);
    expect(otherPromotion.json().message).toBe(MESSAGES.pageNotFound);

    const notaryToken = await signIn(ctx.app, notary.email);
    const refused = await command(notaryToken, 'createAction', 'promotion', promotion.id, {
      ...form(notary.id),
      candidacy_id: candidacy.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(await db.select().from(tasks)).toHaveLength(0);
  });
});

describe('lot and application tasks by their own routes (docs/product/calls.md#tasks)', () => {
  it('adds and edits a lot task through POST and PUT /promotions/{id}/lots/actions', async () => {
    const { db, promotion, lot, token, broker, colleague } = await setup();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${promotion.id}/lots/actions`,
      headers: bearer(token),
      payload: { ...form(broker.id, { type: 1, title: 'Visite du lot' }), lot_id: lot.id },
    });
    expect(created.statusCode).toBe(200);
    const task = created.json().data;
    expect(task).toMatchObject({ target: 'lot', target_id: lot.id, type: 1, type_text: 'Evènement' });

    const endAt = onStep(5);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/promotions/${promotion.id}/lots/actions/${task.id}`,
      headers: bearer(token),
      payload: { title: 'Visite du lot avec le client', end_at: endAt, broker_id: colleague.id, detail: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Visite du lot avec le client',
      end_at: endAt,
      assigned_to_id: colleague.id,
      detail: null,
    });
    const history = await db.select().from(logs).orderBy(logs.id);
    expect(history.map((h) => [h.title, h.executedOnTitle, h.lotId])).toEqual([
      ['Tâche ajoutée : Visite du lot', 'A-101', lot.id],
      ['Tâche modifiée : Visite du lot avec le client', 'A-101', lot.id],
    ]);
  });

  it('links an application task to its application, lot and candidacy in the history', async () => {
    const { db, promotion, token, broker, application, candidacy, lot } = await setup();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${promotion.id}/applications/actions`,
      headers: bearer(token),
      payload: { ...form(broker.id), application_id: application.id },
    });
    expect(created.statusCode).toBe(200);
    const task = created.json().data;
    expect(task).toMatchObject({ target: 'application', target_id: application.id });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/promotions/${promotion.id}/applications/actions/${task.id}`,
      headers: bearer(token),
      payload: { type: 1 },
    });
    expect(edit.json().data.type).toBe(1);
    const [history] = await db.select().from(logs).orderBy(logs.id);
    expect(history).toMatchObject({ applicationId: application.id, lotId: lot.id, candidacyId: candidacy.id });
  });

  it('answers 404 for another promotion, a task of another kind and a target of another promotion; 403 to non-brokers', async () => {
    const { db, promotion, lot, token, broker, candidacy, notary } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const {
      lots: [foreignLot],
    } = await createBuildingWithLots(db, elsewhere.id, [500_000]);
    const post = (promotionId: number, lotId: number, authToken = token) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/promotions/${promotionId}/lots/actions`,
        headers: bearer(authToken),
        payload: { ...form(broker.id), lot_id: lotId },
      });
    expect((await post(elsewhere.id, foreignLot.id)).statusCode).toBe(404);
    expect((await post(promotion.id, foreignLot.id)).statusCode).toBe(404);
    expect((await post(promotion.id, lot.id, await signIn(ctx.app, notary.email))).statusCode).toBe(403);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${promotion.id}/lots/actions`,
      headers: bearer(token),
      payload: { ...form(broker.id, { title: '' }), lot_id: lot.id },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Titre requis');

    const candidacyTask = (
      await command(token, 'createAction', 'promotion', promotion.id, { ...form(broker.id), candidacy_id: candidacy.id })
    ).json().data;
    const wrongKind = await ctx.app.inject({
      method: 'PUT',
      url: `/api/promotions/${promotion.id}/lots/actions/${candidacyTask.id}`,
      headers: bearer(token),
      payload: { title: 'Autre' },
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});

describe('updateAction and markActionAsFinished (docs/product/tasks.md#states and docs/product/validation.md#task-forms)', () => {
  const automaticTask = async (
    db: Awaited<ReturnType<typeof setup>>['db'],
    promotionId: number,
    applicationId: number,
    assignee: number,
  ) => {
    const [row] = await db
      .insert(tasks)
      .values({
        promotionId,
        title: 'Vérifier la solvabilité du client',
        endAt: new Date(onStep(2)),
        automaticEnd: true,
        kind: 'verify_solvency',
        applicationId,
        assignedToId: assignee,
      })
      .returning();
    return row;
  };

  it('never edits a process task by hand, neither its title nor its date (docs/product/tasks.md#screens)', async () => {
    const { db, promotion, application, token, broker } = await setup();
    const task = await automaticTask(db, promotion.id, application.id, broker.id);
    const title = await command(token, 'updateAction', 'action', task.id, { title: 'Autre titre' });
    expect(title.statusCode).toBe(422);
    expect(title.json().message).toBe('Cette tâche est gérée automatiquement, elle ne peut pas être modifiée à la main');
    const endAt = onStep(4);
    const date = await command(token, 'updateAction', 'action', task.id, { title: task.title, end_at: endAt });
    expect(date.statusCode).toBe(422);
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/actions/${task.id}`, headers: bearer(token) });
    expect(shown.json().data).toMatchObject({ end_at: task.endAt.toISOString(), is_editable: false, automatic_end: true });
  });

  it('refuses a blank title on a hand-made task', async () => {
    const { promotion, candidacy, token, broker } = await setup();
    const task = (
      await command(token, 'createAction', 'promotion', promotion.id, { ...form(broker.id), candidacy_id: candidacy.id })
    ).json().data;
    const blank = await command(token, 'updateAction', 'action', task.id, { title: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Titre requis');
  });

  it('marks a task finished once, never a process task; a notary finishes only his own tasks', async () => {
    const { db, promotion, candidacy, application, token, broker, notary } = await setup();
    const task = (
      await command(token, 'createAction', 'promotion', promotion.id, { ...form(broker.id), candidacy_id: candidacy.id })
    ).json().data;
    const done = await command(token, 'markActionAsFinished', 'action', task.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Tâche terminée', data: { done_by: { id: broker.id } } });
    expect(done.json().data.done_at).not.toBeNull();
    const again = await command(token, 'markActionAsFinished', 'action', task.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cette tâche est déjà terminée');

    const automatic = await automaticTask(db, promotion.id, application.id, broker.id);
    const refused = await command(token, 'markActionAsFinished', 'action', automatic.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Cette tâche se termine automatiquement, elle ne peut pas être terminée à la main');

    const notaryToken = await signIn(ctx.app, notary.email);
    const brokersTask = (
      await command(token, 'createAction', 'promotion', promotion.id, { ...form(broker.id), application_id: application.id })
    ).json().data;
    const notYours = await command(notaryToken, 'markActionAsFinished', 'action', brokersTask.id);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('Cette tâche ne vous est pas assignée');
    const notarysTask = (
      await command(token, 'createAction', 'promotion', promotion.id, { ...form(notary.id), application_id: application.id })
    ).json().data;
    expect((await command(notaryToken, 'markActionAsFinished', 'action', notarysTask.id)).statusCode).toBe(200);
    expect((await command(notaryToken, 'updateAction', 'action', notarysTask.id, { type: 1 })).statusCode).toBe(403);

    const titles = (await db.select().from(logs).orderBy(logs.id)).map((h) => h.title);
    expect(titles).toContain('Tâche terminée : Rappeler le client');
  });

  it('answers 404 for a task of another promotion', async () => {
    const { db, token } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const { candidacy } = await createCandidacy(db, elsewhere.id);
    const [foreign] = await db
      .insert(tasks)
      .values({ promotionId: elsewhere.id, title: 'Secret', endAt: new Date(onStep(1)), candidacyId: candidacy.id })
      .returning();
    expect((await command(token, 'markActionAsFinished', 'action', foreign.id)).statusCode).toBe(404);
    expect((await command(token, 'updateAction', 'action', foreign.id, { type: 1 })).statusCode).toBe(404);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/actions/${foreign.id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(404);
  });
});

describe('GET actions of a target (show task and task history)', () => {
  it('answers the open tasks by due date, or every task newest first with history, with the time status', async () => {
    const { db, promotion, lot, token, broker } = await setup();
    const insert = async (title: string, endAt: Date, createdAt: Date, doneAt: Date | null = null) =>
      (
        await db
          .insert(tasks)
          .values({ promotionId: promotion.id, title, endAt, createdAt, doneAt, lotId: lot.id, assignedToId: broker.id })
          .returning()
      )[0];
    const now = Date.now();
    const soon = new Date(now + 60_000);
    await insert('En retard', new Date(now - 2 * DAY), new Date(now - 5 * DAY));
    await insert('Bientôt', soon, new Date(now - 4 * DAY));
    await insert('Plus tard', new Date(now + 3 * DAY), new Date(now - 3 * DAY));
    await insert('Terminée', new Date(now - DAY), new Date(now - DAY), new Date(now - DAY));

    const open = await ctx.app.inject({
      method: 'GET',
      url: `/api/actions?promotion=${promotion.id}&target=lot&target_id=${lot.id}`,
      headers: bearer(token),
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.map((t: { title: string; time_status: string }) => [t.title, t.time_status])).toEqual([
      ['En retard', 'late'],
      ['Bientôt', taskTimeStatus(soon)],
      ['Plus tard', 'next'],
    ]);
    expect(open.json().data[0].time_status_text).toBe('En retard');

    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/actions?target=lot&target_id=${lot.id}&history=1`,
      headers: bearer(token),
    });
    expect(history.json().data.map((t: { title: string }) => t.title)).toEqual(['Terminée', 'Plus tard', 'Bientôt', 'En retard']);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/actions/${open.json().data[0].id}`, headers: bearer(token) });
    expect(one.json().data.title).toBe('En retard');
  });

  it('checks the target, the promotion and the role', async () => {
    const { db, promotion, lot, token } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const {
      lots: [foreignLot],
    } = await createBuildingWithLots(db, elsewhere.id, [500_000]);
    const get = (url: string, authToken = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(authToken) });
    expect((await get(`/api/actions?promotion=${promotion.id}&target=lot&target_id=${foreignLot.id}`)).statusCode).toBe(404);
    expect((await get(`/api/actions?promotion=${elsewhere.id}&target=lot&target_id=${foreignLot.id}`)).statusCode).toBe(404);
    const invalid = await get(`/api/actions?target=immeuble&target_id=${lot.id}`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Cible invalide');
    const banker = await createUser(db, 'banker', { promotionIds: [promotion.id] });
    expect((await get(`/api/actions?target=lot&target_id=${lot.id}`, await signIn(ctx.app, banker.email))).statusCode).toBe(200);
    const candidateUser = await createUser(db, 'candidate', { promotionIds: [promotion.id] });
    expect((await get(`/api/actions?target=lot&target_id=${lot.id}`, await signIn(ctx.app, candidateUser.email))).statusCode).toBe(403);
  });
});
