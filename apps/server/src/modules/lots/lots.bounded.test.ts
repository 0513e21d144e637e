import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectBoundedQueries } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET lots (architecture note: no N+1)', () => {
  it('costs the same queries for a page of 50 lots as for one', async () => {
    const headers = await demoBroker(ctx);
    const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
    const [lot] = await ctx.database.db
      .select({ publicId: lots.publicId })
      .from(lots)
      .where(and(eq(lots.promotionId, promotion.id), isNull(lots.parentId)))
      .limit(1);
    await expectBoundedQueries(ctx, headers, {
      many: `/api/lots?promotion=${promotion.id}`,
      one: `/api/lots?promotion=${promotion.id}&lot=${lot.publicId}`,
    });
  });
});
