import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
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
