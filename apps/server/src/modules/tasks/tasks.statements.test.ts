import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidacies, promotions, tasks, users } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

// The read budget of the tasks screen (docs/performance.md#patterns-for-lists): the sign-in and
// one statement for the verdict on the filter ids, the groups' totals and their pages.
let ctx: TestContext;
let broker: Record<string, string>;
let notary: Record<string, string>;
let promotion = 0;
let candidacy = 0;
let brokerId = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  broker = await demoBroker(ctx);
  notary = bearer(await signIn(ctx.app, 'notaire@demo.ch', 'demo-2026'));
  const db = ctx.database.db;
  const [p] = await db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotion = p.id;
  const [task] = await db
    .select({ candidacyId: tasks.candidacyId })
    .from(tasks)
    .innerJoin(candidacies, eq(candidacies.id, tasks.candidacyId))
    .where(and(eq(tasks.promotionId, promotion), isNull(tasks.doneAt)))
    .limit(1);
  candidacy = task.candidacyId as number;
  const [me] = await db.select().from(users).where(eq(users.email, 'courtier@demo.ch'));
  brokerId = me.id;
});
afterAll(() => ctx.close());

describe('the tasks screen reads in at most 3 statements, through indexes', () => {
  const urls = () => [
    `/api/actions?promotion=${promotion}`,
    `/api/actions?promotion=${promotion}&broker=${brokerId}&candidat=${candidacy}`,
    `/api/actions?promotion=${promotion}&search=${encodeURIComponent('aucune tâche de ce nom')}`,
    `/api/actions?promotion=${promotion}&search=a&group=next&offset=20`,
    `/api/actions?promotion=${promotion}&broker=${brokerId}&group=past&limit=0`,
    `/api/promotions/${promotion}/notary/actions`,
    `/api/promotions/${promotion}/notary/actions?candidat=${candidacy}&search=a`,
  ];
  it('answers every list, filtered, paged and empty, in at most 3 statements with indexed plans', async () => {
    for (const url of urls()) {
      const sent = await expectStatementsAtMost(ctx, url.includes('notary') ? notary : broker, url, 3);
      await expectIndexedPlans(ctx, sent);
    }
  });

  it('answers the totals with an empty page, and 404 for a foreign id in the same statement', async () => {
    const empty = await ctx.app.inject({ method: 'GET', url: `/api/actions?promotion=${promotion}&group=past&limit=0`, headers: broker });
    const { data } = empty.json();
    expect(data.past).toEqual([]);
    expect(data.totals.past).toBeGreaterThan(0);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/actions?promotion=${promotion}&candidat=2147483647`,
      headers: broker,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
