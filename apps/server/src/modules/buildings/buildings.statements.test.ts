import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionExecutor } from '../../db/client.js';
import { lots, promotions, users } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { bearer, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
let adminHeaders: Record<string, string>;
let urls: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const db = ctx.database.db;
  const [promotion] = await db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  // A main lot with associated lots: the detail then reads every part (children), its choices both pickers'.
  const [child] = await db
    .select({ parentId: lots.parentId })
    .from(lots)
    .where(and(eq(lots.promotionId, promotion.id), isNotNull(lots.parentId)))
    .limit(1);
  const [main] = await db
    .select()
    .from(lots)
    .where(eq(lots.id, child.parentId as number));
  const base = `/api/promotions/${promotion.id}/buildings`;
  urls = {
    'the buildings': base,
    "a building's main lots": `${base}/${main.buildingId}/lots`,
    'a main lot with its associated lots': `${base}/${main.buildingId}/lots/${main.id}`,
    "a main lot's pickers' choices": `${base}/${main.buildingId}/lots/${main.id}/choices`,
  };
  const [admin] = await db.select().from(users).where(eq(users.admin, true)).limit(1);
  adminHeaders = bearer(await signIn(ctx.app, admin.email, 'demo-2026'));
});
afterAll(() => ctx.close());

describe("the 'Lots' menu reads: the budget (docs/performance.md#patterns-for-lists)", () => {
  for (const name of ['the buildings', "a building's main lots", 'a main lot with its associated lots', "a main lot's pickers' choices"]) {
    it(`answers ${name} in at most 3 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls[name], 3);
      await expectIndexedPlans(ctx, sent);
    });

    it(`answers ${name} to an admin (membership read by a statement) in the same budget`, async () => {
      const sent = await expectStatementsAtMost(ctx, adminHeaders, urls[name], 3);
      await expectIndexedPlans(ctx, sent);
      const body = (await ctx.app.inject({ method: 'GET', url: urls[name], headers: adminHeaders })).json();
      expect(body.data).toBeTruthy();
    });
  }
});

type AnalysedNode = { 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops'?: number; Plans?: AnalysedNode[] };
/** The reads of the lots table in an analysed plan: the index walked and how many times. */
const lotReads = (node: AnalysedNode): { index: string; loops: number }[] => [
  ...(node['Relation Name'] === 'lots' ? [{ index: node['Index Name'] ?? 'none', loops: node['Actual Loops'] ?? 0 }] : []),
  ...(node.Plans ?? []).flatMap(lotReads),
];

describe("a building's main lots (issue 20)", () => {
  it("counts the building's lots once, not again beside each of its lots", async () => {
    ctx.app.answers.clear();
    const sent = await ctx.captureQueries(() => ctx.app.inject({ method: 'GET', url: urls["a building's main lots"], headers }));
    const statement = sent.find((s) => s.sql.includes(') as lots'));
    expect(statement).toBeDefined();
    // As at scale (bounded-queries.ts): the planner may not read the small test tables whole.
    const { rows } = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return transactionExecutor(tx).executeSql(`explain (analyze, format json) ${statement?.sql}`, statement?.params ?? []);
    });
    const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: AnalysedNode }] | string })['QUERY PLAN'];
    const reads = lotReads((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    // The building's lots read once for the rows and once for each count; only the count of each
    // lot's associated lots (along lots_parent_idx) runs once per lot.
    const once = reads.filter((read) => read.index !== 'lots_parent_idx');
    expect(once.length).toBeGreaterThanOrEqual(3);
    expect(once.filter((read) => read.loops !== 1)).toEqual([]);
  });
});
