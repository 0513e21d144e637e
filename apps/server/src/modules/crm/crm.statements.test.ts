import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { crmSends, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  // A history of sends: the state reads only the latest.
  await ctx.database.db.insert(crmSends).values(
    Array.from({ length: 30 }, (_, i) => ({
      promotionId,
      status: i % 2 === 0 ? 'succeeded' : 'failed',
      error: i % 2 === 0 ? null : 'Salesforce est injoignable',
    })),
  );
});
afterAll(() => ctx.close());

describe('GET promotions/{id}/crm: the poll of the send button (docs/sales-process.md#crm-send-built)', () => {
  it('answers in at most 2 statements (sign-in included), none reading a whole growing table', async () => {
    const sent = await expectStatementsAtMost(ctx, headers, `/api/promotions/${promotionId}/crm`, 2);
    await expectIndexedPlans(ctx, sent);
  });
});
