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
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  urls = {
    'the campaigns page': `/api/campaigns?promotion=${promotion.id}`,
    'the campaigns searched, filtered and sorted': `/api/campaigns?promotion=${promotion.id}&search=annonces&start_after=2020-01-01&end_before=2099-12-31&orderBy=agency&order=desc`,
    'the marketing reports': `/api/promotions/${promotion.id}/marketing-reports`,
  };
});
afterAll(() => ctx.close());

describe('the Marketing reads: the budget (docs/performance.md#patterns-for-lists)', () => {
  for (const name of ['the campaigns page', 'the campaigns searched, filtered and sorted', 'the marketing reports']) {
    it(`answers ${name} in at most 2 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls[name], 2);
      await expectIndexedPlans(ctx, sent);
      const body = (await ctx.app.inject({ method: 'GET', url: urls[name], headers })).json();
      expect(body.data.length).toBeGreaterThan(0);
    });
  }
});
