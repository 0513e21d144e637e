import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { applications, candidacies, lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectBoundedQueries } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET applications (architecture note: no N+1)', () => {
  it('costs the same queries for a page of 50 applications as for one', async () => {
    const headers = await demoBroker(ctx);
    const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
    const [one] = await ctx.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.promotionId, promotion.id), eq(applications.hidden, false), isNull(applications.closedAt)))
      .limit(1);
    // The demo promotion holds fewer than a page of live applications: top it up past 50 with
    // options on its lots, every other one with a partner.
    const [lotRows, candidacyRows] = await Promise.all([
      ctx.database.db
        .select({ id: lots.id })
        .from(lots)
        .where(and(eq(lots.promotionId, promotion.id), isNull(lots.parentId))),
      ctx.database.db.select({ id: candidacies.id }).from(candidacies).where(eq(candidacies.promotionId, promotion.id)),
    ]);
    await ctx.database.db.insert(applications).values(
      Array.from({ length: 20 }, (_, i) => ({
        promotionId: promotion.id,
        lotId: lotRows[i % lotRows.length].id,
        candidacy1Id: candidacyRows[i % candidacyRows.length].id,
        candidacy2Id: i % 2 === 0 ? candidacyRows[(i + 1) % candidacyRows.length].id : null,
      })),
    );
    await expectBoundedQueries(ctx, headers, {
      many: `/api/applications?promotion=${promotion.id}`,
      one: `/api/applications?promotion=${promotion.id}&application=${one.id}`,
    });
  });
});
