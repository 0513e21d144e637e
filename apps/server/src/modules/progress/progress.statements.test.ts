import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoGroups, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let broker: Record<string, string>;
let candidate: Record<string, string>;
let investor: Record<string, string>;
let notary: Record<string, string>;
let promotionId = 0;
let groupId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  candidate = bearer(await signIn(ctx.app, 'candidat@demo.ch', 'demo-2026'));
  investor = bearer(await signIn(ctx.app, 'investisseur@demo.ch', 'demo-2026'));
  notary = bearer(await signIn(ctx.app, 'notaire@demo.ch', 'demo-2026'));
  const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Les Terrasses du Lac'));
  promotionId = promotion.id;
  const [group] = await ctx.database.db
    .select()
    .from(photoGroups)
    .where(and(eq(photoGroups.promotionId, promotionId), eq(photoGroups.hidden, false)))
    .limit(1);
  groupId = group.id;
});
afterAll(() => ctx.close());

describe('progress albums and the home: the read budget (docs/performance.md#patterns-for-lists)', () => {
  it('answers a page of albums with their first photos and the lot options in at most 4 statements (sign-in included), indexed', async () => {
    const sent = await expectStatementsAtMost(ctx, broker, `/api/photoGroups?promotion=${promotionId}`, 4);
    await expectIndexedPlans(ctx, sent);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/photoGroups?promotion=${promotionId}`, headers: broker })).json();
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((g: { photos: unknown[]; photos_count: number }) => g.photos.length === g.photos_count)).toBe(true);
  });

  it("answers an album's photos in at most 3 statements, indexed", async () => {
    const sent = await expectStatementsAtMost(ctx, candidate, `/api/photos?photo_group_id=${groupId}`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  // The demo library has a brochure: its card costs the file's row and the one access check of
  // every stored file (maySeeFile: membership, and a candidate's status).
  for (const [who, max] of [
    ['candidate', 6],
    ['notary', 6],
    ['investor', 6],
  ] as const) {
    it(`answers the ${who}'s home in at most ${max} statements, indexed`, async () => {
      const headers = who === 'candidate' ? candidate : who === 'notary' ? notary : investor;
      const sent = await expectStatementsAtMost(ctx, headers, `/api/promotions/${promotionId}/home`, max);
      await expectIndexedPlans(ctx, sent);
    });
  }
});
