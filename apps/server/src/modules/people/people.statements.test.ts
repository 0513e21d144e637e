import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let broker: Record<string, string>;
let admin: Record<string, string>;
let promotionId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  admin = bearer(await signIn(ctx.app, 'admin@demo.ch', 'demo-2026'));
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
});
afterAll(() => ctx.close());

describe('the people menus: the read budget (docs/performance.md#patterns-for-lists)', () => {
  it('answers the five lists to a member in at most 2 statements (sign-in included), indexed', async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/promotions/${promotionId}/people`, 2);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotionId}/people`, headers: broker })).json();
    expect(body.data.notaries.length).toBeGreaterThan(0);
  });

  it('answers them with the invitations to an admin in at most 3 (his promotion check is a query)', async () => {
    const sent = await expectStatementsAtMost(ctx, admin, `/api/promotions/${promotionId}/people`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  for (const [name, url] of [
    ['a full picker page', '/api/notaries'],
    ["a picker narrowed by search, without the promotion's people", '/api/promoters?search=a&promotion={p}'],
    ['an empty picker page', '/api/architects?search=personne-de-ce-nom'],
  ] as const) {
    it(`answers ${name} in at most 3 statements, indexed`, async () => {
      const sent = await expectStatementsAtMost(ctx, admin, url.replace('{p}', String(promotionId)), 3);
      await expectIndexedPlans(ctx, sent);
    });
  }
});
