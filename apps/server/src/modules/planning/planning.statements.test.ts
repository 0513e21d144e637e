import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let urls: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Les Terrasses du Lac'));
  urls = {
    'the planning with its sales lane': `/api/planning?promotion_id=${promotion.id}`,
    'the finances with the sales of today': `/api/finances?promotion_id=${promotion.id}`,
  };
});
afterAll(() => ctx.close());

describe('the planning and finances reads: the budget (docs/performance.md#patterns-for-lists)', () => {
  for (const name of ['the planning with its sales lane', 'the finances with the sales of today']) {
    it(`answers ${name} in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls[name], 3);
      await expectIndexedPlans(ctx, sent);
      const body = (await ctx.app.inject({ method: 'GET', url: urls[name], headers })).json();
      expect(body.data).toBeTruthy();
    });
  }

  it('the demo planning has tasks and planned sales dates', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: urls['the planning with its sales lane'], headers })).json();
    expect(body.data.length).toBeGreaterThan(10);
    expect(body.sales.length).toBeGreaterThan(0);
  });
});
