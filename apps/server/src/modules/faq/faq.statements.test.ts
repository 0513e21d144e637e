import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let broker: Record<string, string>;
let promotionId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
});
afterAll(() => ctx.close());

describe('the FAQ: the read budget (docs/performance.md#patterns-for-lists)', () => {
  it("answers the promotion's questions and the global ones in at most 2 statements (sign-in included), indexed", async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/promotions/${promotionId}/questions`, 2);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotionId}/questions`, headers: broker })).json();
    expect(body.data.some((q: { global: boolean }) => q.global)).toBe(true);
    expect(body.data.some((q: { global: boolean }) => !q.global)).toBe(true);
  });
});
