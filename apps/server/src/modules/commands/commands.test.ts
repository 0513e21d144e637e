import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('the command dispatcher (architecture note, API conventions)', () => {
  it('answers 404 with a French message for an unknown command, in both call shapes', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/executeCommand',
      headers: bearer(token),
      payload: { name: 'inventerUneCommande', params: { entity: 'candidacy', entity_id: 1, additionnal_fields: {} } },
    });
    expect(nested.statusCode).toBe(404);
    expect(nested.json()).toEqual({ message: 'Commande inconnue' });
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/inventerUneCommande',
      headers: bearer(token),
      payload: { entity: 'candidacy', entity_id: 1 },
    });
    expect(direct.statusCode).toBe(404);
  });

  it('validates the target with a French message', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/attributeLot',
      headers: bearer(token),
      payload: { entity: 'candidacy', entity_id: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Identifiant invalide : cible');
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/attributeLot',
      payload: { entity: 'candidacy', entity_id: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});
