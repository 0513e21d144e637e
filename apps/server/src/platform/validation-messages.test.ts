import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPromotion, createUser, signIn } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const promotion = await createPromotion(ctx.database.db);
  const broker = await createUser(ctx.database.db, 'broker', { promotionIds: [promotion.id] });
  headers = bearer(await signIn(ctx.app, broker.email));
});
afterAll(() => ctx.close());

describe('validation messages without a message of their own (house style: never the validator wording)', () => {
  it('name the field of a wrong type in plain French', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/user/promotion', headers, payload: { promotion: { id: 1 } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Promotion invalide' });
  });

  it('name the field of a number too large', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/user/promotion', headers, payload: { promotion: 1e308 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Promotion invalide' });
  });

  it('say that a body which is not an object is invalid', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/user/promotion', headers, payload: [1, 2] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le contenu de la requête est invalide.' });
  });

  it('name the field of a public form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/askdemo',
      payload: { fullName: 'Jeanne Favre', email: 'jeanne.favre@exemple.ch', phone: 41_79_123 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le champ « Téléphone » est invalide.' });
  });

  it('name the field inside a command input', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/executeCommand',
      headers,
      payload: {
        name: 'createCandidacy',
        params: { entity: 'promotion', entity_id: 1, additionnal_fields: { candidacy: { status: 3, priority: 9, candidate: 'Jeanne' } } },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le champ « Candidat » est invalide.' });
  });

  it('keep the messages the shared contracts write', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 42, password: 'x' } });
    expect(response.json().message).toBe('E-mail requis');
  });
});
