import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('notifications (docs/product/layout.md#notifications and docs/product/calls.md#notifications)', () => {
  it('lists the unread ones, counts them, and marks one read at a time', async () => {
    const db = ctx.database.db;
    const broker = await createUser(db, 'broker');
    const other = await createUser(db, 'broker');
    const [first, second, foreign] = await db
      .insert(notifications)
      .values([
        { userId: broker.id, title: 'Formulaire rempli', description: 'Le candidat a rempli le formulaire' },
        { userId: broker.id, title: 'Acompte reçu', description: 'Lot A-101' },
        { userId: other.id, title: 'Pas pour vous', description: '' },
      ])
      .returning();
    const token = await signIn(ctx.app, broker.email);

    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(token) });
    expect(count.json()).toEqual({ count: 2 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications?filter=unread', headers: bearer(token) });
    expect(
      list
        .json()
        .data.map((n: { id: number }) => n.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());

    expect((await ctx.app.inject({ method: 'PUT', url: `/api/notifications/${first.id}/read`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(token) })).json()).toEqual({ count: 1 });

    const notMine = await ctx.app.inject({ method: 'PUT', url: `/api/notifications/${foreign.id}/read`, headers: bearer(token) });
    expect(notMine.statusCode).toBe(404);
    const badId = await ctx.app.inject({ method: 'PUT', url: '/api/notifications/abc/read', headers: bearer(token) });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identifiant invalide');
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications/count' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Merci de vous connecter' });
  });
});
