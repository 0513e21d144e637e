import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { candidacies, candidates, promotions } from '../../db/schema/index.js';
import { demoBroker, expectBoundedQueries } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET candidacies (architecture note: no N+1)', () => {
  it('costs the same queries for a page of 50 candidacies as for one', async () => {
    const headers = await demoBroker(ctx);
    const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
    const [one] = await ctx.database.db
      .select({ id: candidacies.id, email: candidates.email })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(eq(candidacies.promotionId, promotion.id))
      .limit(1);
    await expectBoundedQueries(ctx, headers, {
      many: `/api/candidacies?promotion=${promotion.id}&showNonRetained=1`,
      one: `/api/candidacies?promotion=${promotion.id}&showNonRetained=1&candidacy=${one.id}`,
    });
  });
});
