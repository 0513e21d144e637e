import { rowTaskSchema } from '@promovente/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidacies, promotions, tasks, users } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost, preparedPlanOf } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { openTasksByTarget } from './tasks.service.js';

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

describe('the open tasks of a page of lots, candidacies or applications (docs/performance.md, "The open tasks in the page statement")', () => {
  it("are read by the page statement itself, along each row target's open-tasks index, under either plan", async () => {
    const pages = [
      { url: `/api/lots?promotion=${promotion}`, index: 'actions_lot_open_idx' },
      { url: `/api/candidacies?promotion=${promotion}`, index: 'actions_candidacy_open_idx' },
      { url: `/api/applications?promotion=${promotion}`, index: 'actions_application_open_idx' },
    ];
    // A generic plan is made from the table's statistics alone, as the server's tables keep them.
    await ctx.database.db.execute(sql`analyze actions`);
    for (const page of pages) {
      const sent = await ctx.captureQueries(() => ctx.app.inject({ method: 'GET', url: page.url, headers: broker }));
      // No statement of its own: the session's and the page's, nothing else reads the tasks.
      expect(
        sent.filter((statement) => /\bfrom "actions"/.test(statement.sql) && !statement.sql.includes('as open_tasks')).length,
        page.url,
      ).toBe(0);
      const pageStatement = sent.find((statement) => statement.sql.includes('as open_tasks'));
      expect(pageStatement, page.url).toBeDefined();
      if (!pageStatement) continue;
      // The plan at scale is measured by `npm run bench:plans`: the test data only shows that a
      // path by each row's target exists, and that the promotion's open tasks are not it.
      for (const plans of ['force_generic_plan', 'force_custom_plan'] as const) {
        const nodes = await preparedPlanOf(ctx, pageStatement, plans, { seqscan: false });
        const onTasks = nodes.filter((node) => node['Relation Name'] === 'actions');
        expect(onTasks.length, `${page.url} ${plans}`).toBeGreaterThan(0);
        expect(
          onTasks.map((node) => node['Index Name']),
          `${page.url} ${plans}`,
        ).toEqual(onTasks.map(() => page.index));
      }
    }
  });

  it('answer the same tasks, in the same order and with the same counts, as the tasks read on their own', async () => {
    const db = ctx.database.db;
    // A row with more open tasks than it shows: four more on one candidacy of the page, due before and after the others.
    const [first] = (await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotion}`, headers: broker })).json()
      .data as { id: number }[];
    for (const [days, title] of [
      [-3, 'En retard'],
      [1, 'Demain'],
      [1, 'Demain aussi'],
      [30, 'Dans un mois'],
    ] as const) {
      await db.insert(tasks).values({
        promotionId: promotion,
        candidacyId: first.id,
        title,
        endAt: new Date(Date.now() + days * 86_400_000),
        assignedToId: brokerId,
        createdById: brokerId,
      });
    }
    for (const [url, target] of [
      [`/api/lots?promotion=${promotion}`, 'lot'],
      [`/api/candidacies?promotion=${promotion}`, 'candidacy'],
      [`/api/applications?promotion=${promotion}`, 'application'],
    ] as const) {
      const rows = (await ctx.app.inject({ method: 'GET', url, headers: broker })).json().data as {
        id: number;
        tasks: { id: number }[];
        tasks_count: number;
      }[];
      const byTarget = await openTasksByTarget(
        db,
        promotion,
        target,
        rows.map((row) => row.id),
      );
      expect(
        rows.map((row) => ({ id: row.id, tasks: row.tasks, count: row.tasks_count })),
        url,
      ).toEqual(
        rows.map((row) => ({
          id: row.id,
          // A row shows each task lean (RowTask, issue 20): the task read on its own, cut to the row's fields.
          tasks: (byTarget.get(row.id)?.tasks ?? []).map((task) => rowTaskSchema.parse(task)),
          count: byTarget.get(row.id)?.total ?? 0,
        })),
      );
      expect(
        rows.some((row) => row.tasks_count > 0),
        url,
      ).toBe(true);
    }
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotion}`, headers: broker })).json()
      .data as { id: number; tasks: { title: string }[]; tasks_count: number }[];
    const row = shown.find((candidacyRow) => candidacyRow.id === first.id);
    expect(row?.tasks).toHaveLength(3);
    expect(row?.tasks_count).toBeGreaterThanOrEqual(4);
    expect(row?.tasks[0].title).toBe('En retard');
  });
});
