import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// The read budget of GET user and the promotion picker (docs/performance.md#patterns-for-lists):
// the sign-in and one statement each.
let ctx: TestContext;
let broker: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
});
afterAll(() => ctx.close());

describe('GET user and GET user/promotions read in at most 3 statements, through indexes', () => {
  it('answers the user, a page of promotions, a search and an empty page', async () => {
    for (const url of ['/api/user', '/api/user/promotions', '/api/user/promotions?search=verg', '/api/user/promotions?page=9']) {
      const sent = await expectStatementsAtMost(ctx, broker, url, 3);
      await expectIndexedPlans(ctx, sent);
    }
    const user = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: broker })).json().data;
    expect(user.promotion).not.toBeNull();
    expect(user.promotions_count).toBeGreaterThan(0);
    const empty = (await ctx.app.inject({ method: 'GET', url: '/api/user/promotions?page=9', headers: broker })).json();
    expect(empty).toMatchObject({ data: [], total: user.promotions_count, from: null, to: null });
  });
});
