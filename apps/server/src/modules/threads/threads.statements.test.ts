import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threads } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let broker: Record<string, string>;
let candidate: Record<string, string>;
let threadId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  candidate = bearer(await signIn(ctx.app, 'candidat@demo.ch', 'demo-2026'));
  const [thread] = await ctx.database.db
    .select({ id: threads.id })
    .from(threads)
    .where(eq(threads.title, 'Question sur les finitions de la cuisine'));
  threadId = thread.id;
});
afterAll(() => ctx.close());

describe('messages: the read budget (docs/performance.md#patterns-for-lists)', () => {
  for (const [name, url] of [
    ['the thread list', '/api/threads'],
    ['a searched, filtered list', '/api/threads?search=lot&filter=unread&interlocutor=candidate'],
    ['the unread summary', '/api/threads/promotions-unread-summary'],
    ['the candidate picker', '/api/threads/recipients?class=candidate&search=ber'],
  ] as const) {
    it(`answers ${name} to a broker in at most 2 statements (sign-in included), indexed`, async () => {
      const sent = await expectStatementsAtMost(ctx, broker, url, 2);
      await expectIndexedPlans(ctx, sent);
    });
  }

  it('answers a conversation in at most 3 statements, indexed, whatever its length', async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/threads/${threadId}`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  it("answers the candidate's own list in at most 2 statements", async () => {
    const sent = await expectStatementsAtMost(ctx, candidate, '/api/threads', 2);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/threads', headers: candidate })).json();
    expect(body.data.length).toBeGreaterThan(0);
  });
});
