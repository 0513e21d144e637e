import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildings, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
let buildingId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  [{ id: buildingId }] = await ctx.database.db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.promotionId, promotionId))
    .limit(1);
});
afterAll(() => ctx.close());

describe('GET analytics/dashboard: the read budget (docs/performance.md#patterns-for-lists)', () => {
  const urls = () => ({
    'the whole promotion': `/api/analytics/dashboard?promotion=${promotionId}`,
    "a building, every filter and 'Mon agence'": `/api/analytics/dashboard?promotion=${promotionId}&buildings=${buildingId}&floors=1,2&nb_rooms=2.5,3.5&price_min=1&price_max=9000000&showMyAgency=1`,
    'no lot in scope': `/api/analytics/dashboard?promotion=${promotionId}&price_min=999999999`,
  });

  for (const name of ['the whole promotion', "a building, every filter and 'Mon agence'", 'no lot in scope'] as const) {
    it(`answers ${name} in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls()[name], 3);
      await expectIndexedPlans(ctx, sent);
    });
  }
});
