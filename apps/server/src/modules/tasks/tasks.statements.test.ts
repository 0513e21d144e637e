import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidacies, promotions, tasks, users } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost, preparedPlanOf } from '../../test/bounded-queries.js';
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

describe('the open tasks of a page of lots, candidacies or applications (decision 037)', () => {
  it('are planned once for every reader, and that plan reads the tasks by the page ids, not by the promotion', async () => {
    const pages = [
      { url: `/api/lots?promotion=${promotion}`, column: 'lot_id' },
      { url: `/api/candidacies?promotion=${promotion}`, column: 'candidacy_id' },
      { url: `/api/applications?promotion=${promotion}`, column: 'application_id' },
    ];
    // A generic plan is made from the table's statistics alone, as the server's tables keep them.
    await ctx.database.db.execute(sql`analyze actions`);
    for (const page of pages) {
      const sent = await ctx.captureQueries(() => ctx.app.inject({ method: 'GET', url: page.url, headers: broker }));
      const openTasks = sent.find((statement) => /row_number\(\) over \(partition by/.test(statement.sql));
      expect(openTasks, page.url).toBeDefined();
      if (!openTasks) continue;
      // The plan at scale is measured by `npm run bench:plans -- --statement`: the test data only
      // shows that a path by the page's ids exists, and that the promotion's tasks are not it.
      const nodes = await preparedPlanOf(ctx, openTasks, 'force_generic_plan', { seqscan: false });
      const conditions = nodes.map((node) => `${node['Index Cond'] ?? ''} ${node['Recheck Cond'] ?? ''}`);
      expect(
        conditions.some((condition) => condition.includes(`${page.column} = ANY`)),
        page.url,
      ).toBe(true);
      expect(
        nodes.filter((node) => node['Index Name'] === 'actions_promotion_open_idx'),
        page.url,
      ).toEqual([]);
    }
  });
});
