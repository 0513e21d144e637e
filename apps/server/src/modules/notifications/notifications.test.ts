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

  it('answers a repeat read from memory, until one of his own notifications is written (issue 20, migration 0038)', async () => {
    const db = ctx.database.db;
    const broker = await createUser(db, 'broker');
    const other = await createUser(db, 'broker');
    const headers = bearer(await signIn(ctx.app, broker.email));
    const read = async (url: string) => {
      let answer: { count?: number; data?: { title: string }[] } = {};
      const sent = await ctx.captureQueries(async () => {
        answer = (await ctx.app.inject({ method: 'GET', url, headers })).json();
      });
      return { answer, statements: sent.length };
    };
    for (const url of ['/api/notifications/count', '/api/notifications?filter=unread']) {
      expect((await read(url)).statements, url).toBeGreaterThan(1);
      // The session's statement alone: the answer is kept under his notifications' version.
      expect((await read(url)).statements, url).toBe(1);
    }

    // Another user's notification leaves his answers as they were.
    await db.insert(notifications).values({ userId: other.id, title: 'Pas pour vous', description: '' });
    expect(await read('/api/notifications/count')).toEqual({ answer: { count: 0 }, statements: 1 });

    // His own shows at the next read.
    await db.insert(notifications).values({ userId: broker.id, title: 'Acompte reçu', description: 'Lot A-101' });
    expect((await read('/api/notifications/count')).answer).toEqual({ count: 1 });
    expect((await read('/api/notifications?filter=unread')).answer.data?.map((n) => n.title)).toEqual(['Acompte reçu']);
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications/count' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Merci de vous connecter' });
  });
});
