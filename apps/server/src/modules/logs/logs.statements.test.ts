import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
let filters = '';
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  const [row] = await ctx.database.db
    .select({ applicationId: logs.applicationId, lotId: logs.lotId, candidacyId: logs.candidacyId })
    .from(logs)
    .where(and(eq(logs.promotionId, promotionId), isNotNull(logs.applicationId), isNotNull(logs.lotId), isNotNull(logs.candidacyId)))
    .limit(1);
  filters = `application_id=${row.applicationId}&lot_id=${row.lotId}&candidacy_id=${row.candidacyId}`;
});
afterAll(() => ctx.close());

describe('GET logs: the read budget (docs/performance.md#patterns-for-lists)', () => {
  const urls = () => ({
    'a full page': `/api/logs?promotion=${promotionId}`,
    'every filter id': `/api/logs?promotion=${promotionId}&${filters}`,
  });

  for (const name of ['a full page', 'every filter id'] as const) {
    it(`answers ${name} in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls()[name], 3);
      await expectIndexedPlans(ctx, sent);
    });
  }

  it('answers the subject and the total on an empty page, in the same budget', async () => {
    await ctx.database.db.delete(logs).where(eq(logs.promotionId, promotionId));
    const sent = await expectStatementsAtMost(ctx, headers, urls()['every filter id'], 3);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: urls()['every filter id'], headers })).json();
    expect(body).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1, from: null });
    expect(body.subject.kind).toBe('application');
  });
});
