import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectBoundedQueries, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
let lotPublicId = '';
let buildingId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  const [lot] = await ctx.database.db
    .select({ publicId: lots.publicId, buildingId: lots.buildingId })
    .from(lots)
    .where(and(eq(lots.promotionId, promotion.id), isNull(lots.parentId)))
    .limit(1);
  lotPublicId = lot.publicId;
  buildingId = lot.buildingId;
});
afterAll(() => ctx.close());

describe('GET lots (architecture note: no N+1)', () => {
  it('costs the same queries for a page of 50 lots as for one', async () => {
    await expectBoundedQueries(ctx, headers, {
      many: `/api/lots?promotion=${promotionId}`,
      one: `/api/lots?promotion=${promotionId}&lot=${lotPublicId}`,
    });
  });
});

describe('GET lots: the read budget (docs/performance.md#patterns-for-lists)', () => {
  const urls = () => ({
    'a full page': `/api/lots?promotion=${promotionId}`,
    'filter ids (buildings, lot)': `/api/lots?promotion=${promotionId}&buildings=${buildingId}&lot=${lotPublicId}`,
    'every filter, sorted by price': `/api/lots?promotion=${promotionId}&floors=1,2&nb_rooms=2.5,3.5&price_min=1&price_max=9000000&search=a&status=0,2&orderBy=price&order=asc`,
    'an empty page': `/api/lots?promotion=${promotionId}&search=nothing-matches-this`,
  });

  for (const name of ['a full page', 'filter ids (buildings, lot)', 'every filter, sorted by price', 'an empty page'] as const) {
    it(`answers ${name} in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls()[name], 3);
      await expectIndexedPlans(ctx, sent);
    });
  }

  it('still answers the counts and the promotion on an empty page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: urls()['an empty page'], headers });
    const body = response.json();
    expect(body.data).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.promotion).toMatchObject({ id: promotionId, title: 'Quartier des Vergers' });
    expect(Object.keys(body.status_counts)).toHaveLength(5);
  });
});
