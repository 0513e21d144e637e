import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, photoGroups, planningTasks, tasks } from '../db/schema/index.js';
import { addApplication, addTask, command, createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * Hostile ids and texts on a sample of routes of every module: each answers 400 with a French
 * message that names the field, before any handler runs (never a 500, never zod's own words).
 */

let ctx: TestContext;
let desk: Awaited<ReturnType<typeof salesDesk>>;
let broker: Record<string, string>;
let candidacyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  desk = await salesDesk(ctx.app, ctx.database.db);
  broker = await desk.token(desk.broker);
  candidacyId = (await createCandidacyRow(ctx.database.db, desk.promotion.id)).candidacy.id;
});
afterAll(() => ctx.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
const call = (request: Call, headers: Record<string, string> = broker) =>
  ctx.app.inject({ method: request.method, url: request.url, headers, ...(request.payload ? { payload: request.payload } : {}) });

/** The bad ids: past int32, negative, decimal, not a number (as they travel in a URL). */
const BAD_IDS = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '1e3'];
const NUL = '%00';

describe('an id in the path', () => {
  const routes: [Call['method'], (id: string) => string, string][] = [
    ['GET', (id) => `/api/lots/${id}`, 'Identifiant invalide'],
    ['PUT', (id) => `/api/lots/${id}`, 'Identifiant invalide'],
    ['GET', (id) => `/api/candidacies/${id}`, 'Identifiant invalide'],
    ['GET', (id) => `/api/candidates/${id}`, 'Identifiant invalide'],
    ['GET', (id) => `/api/applications/${id}`, 'Identifiant invalide'],
    ['POST', (id) => `/api/applications/${id}/deposit-received`, 'Identifiant invalide'],
    ['GET', (id) => `/api/actions/${id}`, 'Identifiant invalide'],
    ['PUT', (id) => `/api/notifications/${id}/read`, 'Identifiant invalide'],
    ['DELETE', (id) => `/api/candidacies/files/${id}`, 'Identifiant invalide'],
    ['GET', (id) => `/api/promotions/${id}/registration-link`, 'Identifiant invalide'],
    ['POST', (id) => `/api/brokers/${desk.broker.id}/assistants/${id}`, 'Identifiant invalide : assistant'],
  ];

  it.each(routes)('%s %s answers 400 naming the id for every bad id', async (method, url, message) => {
    for (const id of BAD_IDS) {
      const response = await call({ method, url: url(id), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([id, response.statusCode, response.json()]).toEqual([id, 400, { message }]);
    }
  });

  it.each(routes)('%s %s refuses a NUL character in the id', async (method, url) => {
    const response = await call({ method, url: url(NUL), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Le champ « (Identifiant|Assistant) » contient un caractère interdit\.$/);
  });
});

describe('an id in the query', () => {
  it.each([
    ['/api/candidacies?candidat=', 'Identifiant invalide : candidat'],
    ['/api/candidacies?application=', 'Identifiant invalide : dossier de vente'],
    ['/api/logs?candidacy_id=', 'Identifiant invalide : candidature'],
    ['/api/logs?lot_id=', 'Identifiant invalide : lot'],
    ['/api/lots?promotion=', 'Promotion invalide'],
    ['/api/brokers?promotion=', 'Promotion invalide'],
    ['/api/candidates?promotion=', 'Promotion invalide'],
    ['/api/analytics/dashboard?promotion=', 'Promotion invalide'],
    ['/api/actions?broker=', 'Courtier invalide'],
  ])('GET %s... answers 400 naming the filter for every bad id', async (url, message) => {
    for (const id of BAD_IDS) {
      const response = await call({ method: 'GET', url: `${url}${id}` });
      expect([id, response.statusCode, response.json()]).toEqual([id, 400, { message }]);
    }
  });
});

describe('an id in a body or a command', () => {
  const values: unknown[] = [2_147_483_648, '2147483648', -1, 1.5, 'abc', true, null];

  it('refuses a bad entity_id in both shapes of executeCommand and in commands/{name}', async () => {
    for (const entityId of values) {
      const answers = [
        await call({
          method: 'POST',
          url: '/api/app/executeCommand',
          payload: { name: 'createComment', params: { entity: 'candidacy', entity_id: entityId, additionnal_fields: { comment: 'x' } } },
        }),
        await call({
          method: 'POST',
          url: '/api/app/executeCommand',
          payload: { name: 'createComment', entity: 'candidacy', entity_id: entityId },
        }),
        await call({ method: 'POST', url: '/api/commands/createComment', payload: { entity: 'candidacy', entity_id: entityId } }),
      ];
      expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
        [400, 'Identifiant invalide : cible'],
        [400, 'Identifiant invalide : cible'],
        [400, 'Identifiant invalide : cible'],
      ]);
    }
  });

  it('refuses an id past int32 in a command input', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/app/executeCommand',
      payload: {
        name: 'attributeLot',
        params: { entity: 'candidacy', entity_id: candidacyId, additionnal_fields: { lot_id: 2_147_483_648 } },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/lot/i);
  });

  it('names the missing block of a command', async () => {
    const missing = [
      await call({ method: 'POST', url: '/api/app/executeCommand', payload: { name: 'createComment' } }),
      await call({ method: 'POST', url: '/api/commands/createComment', payload: { entity_id: candidacyId } }),
      await call({ method: 'POST', url: '/api/commands/createComment', payload: { entity: 'candidacy' } }),
    ];
    expect(missing.map((a) => [a.statusCode, a.json().message])).toEqual([
      [400, 'Entité requise'],
      [400, 'Entité requise'],
      [400, 'Le champ « Cible » est requis.'],
    ]);
  });

  it('refuses a bad promotion when choosing the current one', async () => {
    const response = await call({ method: 'PUT', url: '/api/user/promotion', payload: { promotion: 2_147_483_648 } });
    expect([response.statusCode, response.json().message]).toEqual([400, 'Promotion invalide']);
  });
});

describe('a NUL character in a text', () => {
  it.each([
    ['the lots search', { method: 'GET', url: '/api/lots?search=a%00b' }, 'Le champ « Recherche » contient un caractère interdit.'],
    [
      'the candidates search',
      { method: 'GET', url: '/api/candidates?search=%00' },
      'Le champ « Recherche » contient un caractère interdit.',
    ],
    [
      'a command input',
      {
        method: 'POST',
        url: '/api/app/executeCommand',
        payload: { name: 'createComment', params: { entity: 'candidacy', entity_id: 1, additionnal_fields: { comment: 'a\u0000b' } } },
      },
      'Le champ « Commentaire » contient un caractère interdit.',
    ],
    [
      'a key of a body',
      { method: 'PUT', url: '/api/user/promotion', payload: { promotion: 1, 'x\u0000': 1 } },
      'Un champ contient un caractère interdit.',
    ],
  ] as [string, Call, string][])('in %s answers 400 naming the field', async (_, request, message) => {
    const response = await call(request);
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
  });

  it.each([
    [
      'askdemo',
      { method: 'POST', url: '/api/askdemo', payload: { fullName: 'Jean\u0000', email: 'jean@exemple.ch' } },
      'Le champ « Nom complet » contient un caractère interdit.',
    ],
    [
      'registration',
      {
        method: 'POST',
        url: '/api/registration',
        payload: { token: 'x'.repeat(20), first_name: 'Anne', last_name: 'Mey\u0000lan', email: 'anne@exemple.ch' },
      },
      'Le champ « Nom » contient un caractère interdit.',
    ],
    [
      'the registration link',
      { method: 'GET', url: `/api/registration/${'x'.repeat(20)}?lot=%00` },
      'Le champ « Lot » contient un caractère interdit.',
    ],
    [
      'sign-in',
      { method: 'POST', url: '/api/login', payload: { email: 'a\u0000@exemple.ch', password: 'x' } },
      'Le champ « E-mail » contient un caractère interdit.',
    ],
  ] as [string, Call, string][])('in the public %s answers 400 naming the field', async (_, request, message) => {
    const response = await call(request, {});
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
  });

  it('in a multipart field answers 400 naming the field', async () => {
    const boundary = '----nul';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nPa\u0000ul\r\n--${boundary}\r\nContent-Disposition: form-data; name="last_name"\r\n\r\nCourtier\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${desk.broker.email}\r\n--${boundary}--\r\n`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...broker, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'Le champ « Prénom » contient un caractère interdit.' }]);
  });

  it('in the candidacy of a file upload answers 400 naming the field', async () => {
    const boundary = '----files';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="candidacy_id"\r\n\r\n2147483648\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/candidacies/files',
      headers: { ...broker, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'Identifiant invalide : candidature' }]);
  });
});

describe('a number past what the database holds in a filter', () => {
  it.each([
    ['/api/lots?price_min=1e308', 'Prix invalide'],
    ['/api/lots?price_max=99999999999999', 'Prix invalide'],
    ['/api/analytics/dashboard?price_min=1e308', 'Prix invalide'],
    ['/api/lots?floors=99999999999', 'Filtre invalide'],
    ['/api/applications?buildings=1,2147483648', 'Filtre invalide'],
    ['/api/lots?buildings=abc', 'Filtre invalide'],
    ['/api/lots?nb_rooms=1e400', 'Filtre invalide'],
  ])('GET %s answers 400', async (url, message) => {
    const response = await call({ method: 'GET', url });
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
  });

  it('still takes an empty multi-select as "all"', async () => {
    expect((await call({ method: 'GET', url: '/api/lots?floors=&buildings=' })).statusCode).toBe(200);
  });
});

describe('a date outside 1900 to 2200 (docs/product/validation.md#dates)', () => {
  /** Year 0 and negative years the database refuses, the edges just outside, and the largest date JavaScript holds. */
  const DATES = ['0000-01-01', '-000001-01-01', '1899-12-31', '2201-01-01', '+275760-09-13'];
  const refusal = (label: string) => ({ message: `Le champ « ${label} » doit être une date entre 1900 et 2200.` });
  const db = () => ctx.database.db;

  it("refuses a task's due date (createAction, updateAction) with a French 400 naming 'Échéance'; nothing is written", async () => {
    const lotId = desk.lots[0].id;
    const task = await addTask(db(), { promotionId: desk.promotion.id, candidacyId, assignedToId: desk.broker.id });
    for (const date of DATES) {
      const fields = { title: 'Rappeler', end_at: date, type: 0, broker_id: desk.broker.id, lot_id: lotId };
      const created = await command(ctx.app, broker, 'createAction', 'promotion', desk.promotion.id, fields);
      expect([date, created.statusCode, created.json()]).toEqual([date, 400, refusal('Échéance')]);
      const updated = await command(ctx.app, broker, 'updateAction', 'action', task.id, { end_at: date });
      expect([date, updated.statusCode, updated.json()]).toEqual([date, 400, refusal('Échéance')]);
    }
    expect(await db().select().from(tasks).where(eq(tasks.lotId, lotId))).toEqual([]);
    expect((await db().select({ endAt: tasks.endAt }).from(tasks).where(eq(tasks.id, task.id)))[0].endAt).toEqual(task.endAt);
  });

  it("refuses an album's date with a French 400 naming 'Date'; no album is made", async () => {
    for (const date of DATES) {
      const response = await call({
        method: 'POST',
        url: `/api/promotions/${desk.promotion.id}/photoGroups`,
        payload: { name: 'Gros œuvre', date },
      });
      expect([date, response.statusCode, response.json()]).toEqual([date, 400, refusal('Date')]);
    }
    expect(await db().select().from(photoGroups).where(eq(photoGroups.promotionId, desk.promotion.id))).toEqual([]);
  });

  it("refuses a planned promise's date and a planning task's start, naming the field", async () => {
    const { candidacy } = await createCandidacyRow(db(), desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    const application = await addApplication(db(), {
      promotionId: desk.promotion.id,
      lotId: desk.lots[1].id,
      candidacy1Id: candidacy.id,
      status: 3,
    });
    const pilot = await desk.token(await createUser(db(), 'pilot', { promotionIds: [desk.promotion.id] }));
    for (const date of DATES) {
      const promise = await command(ctx.app, broker, 'scheduleAgreement', 'application', application.id, { date });
      expect([date, promise.statusCode, promise.json()]).toEqual([date, 400, refusal('Date')]);
      const planned = await call(
        {
          method: 'POST',
          url: '/api/planning',
          payload: { title: 'Permis', category: 1, dateFrom: date, dateTo: '2027-01-01', promotion_id: desk.promotion.id },
        },
        pilot,
      );
      expect([date, planned.statusCode, planned.json()]).toEqual([date, 400, refusal('Date de début')]);
    }
    const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
    expect(row.promisePlannedAt).toBeNull();
    expect(await db().select().from(planningTasks).where(eq(planningTasks.promotionId, desk.promotion.id))).toEqual([]);
  });
});

describe('a lone UTF-16 surrogate in a text (docs/product/validation.md#texts)', () => {
  it.each([
    [
      'a command input',
      {
        method: 'POST',
        url: '/api/app/executeCommand',
        payload: { name: 'createComment', params: { entity: 'candidacy', entity_id: 1, additionnal_fields: { comment: 'a\uD800b' } } },
      },
      'Le champ « Commentaire » contient un caractère interdit.',
    ],
    [
      'a key of a body',
      { method: 'PUT', url: '/api/user/promotion', payload: { promotion: 1, 'x\uDFFF': 1 } },
      'Un champ contient un caractère interdit.',
    ],
  ] as [string, Call, string][])('in %s answers 400 naming the field', async (_, request, message) => {
    const response = await call(request);
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
  });

  it('in the public registration answers 400 naming the field', async () => {
    const response = await call(
      {
        method: 'POST',
        url: '/api/registration',
        payload: { token: 'x'.repeat(20), first_name: 'Anne', last_name: 'Mey\uDFFFlan', email: 'anne@exemple.ch' },
      },
      {},
    );
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'Le champ « Nom » contient un caractère interdit.' }]);
  });
});
