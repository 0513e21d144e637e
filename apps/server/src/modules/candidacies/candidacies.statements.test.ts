import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, candidacies, candidates, lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost, indexesOfPlans } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** The read budget of the candidates screen (docs/performance.md#patterns-for-lists): 3 statements, sign-in included, all indexed. */
let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
let filters = '';
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const { db } = ctx.database;
  const [promotion] = await db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  const [row] = await db
    .select({ candidacy: candidacies.id, candidate: candidacies.candidateId, broker: candidacies.brokerId, lot: lots.publicId })
    .from(applications)
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .where(and(eq(applications.promotionId, promotionId), eq(applications.hidden, false), isNull(applications.closedAt)))
    .limit(1);
  filters = `&candidacy=${row.candidacy}&candidat=${row.candidate}&broker=${row.broker}&lot=${row.lot}&showNonRetained=1`;
});
afterAll(() => ctx.close());

/**
 * The index that gives each sort its order. Sorting by broker, agency or budget still joins the
 * promotion's candidacies to their broker, agency or candidate before it sorts
 * (docs/performance.md, 'The second design').
 */
const INDEX_OF_SORT: Record<string, string> = {
  created_at: 'candidacies_promotion_created_idx',
  status: 'candidacies_promotion_status_id_idx',
  priority: 'candidacies_promotion_priority_id_idx',
  vip: 'candidacies_promotion_vip_id_idx',
  candidate: 'candidates_promotion_name_idx',
};

describe('GET /candidacies: at most 3 statements, no whole-table read', () => {
  it('a full page', async () => {
    const sent = await expectStatementsAtMost(ctx, headers, `/api/candidacies?promotion=${promotionId}&showNonRetained=1`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  it('a page narrowed by every id filter (their check folded into the page statement)', async () => {
    const url = `/api/candidacies?promotion=${promotionId}${filters}`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 3);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.total).toBe(1);
  });

  it('an empty page still answers the counts, and a foreign id still answers 404', async () => {
    const url = `/api/candidacies?promotion=${promotionId}&search=zzzz-nobody&orderBy=broker&order=asc`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 3);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&candidacy=2147483647`, headers });
    expect(foreign.statusCode).toBe(404);
  });

  it('a page past the last answers the last, in the same statements', async () => {
    const url = `/api/candidacies?promotion=${promotionId}&showNonRetained=1&page=999&orderBy=candidate`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 3);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.current_page).toBe(page.last_page);
    expect(page.data.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(INDEX_OF_SORT))(
    'sorted by %s in either direction, the page is read along %s and stops after 50 (issue 20)',
    async (sort, index) => {
      for (const order of ['asc', 'desc']) {
        const url = `/api/candidacies?promotion=${promotionId}&orderBy=${sort}&order=${order}&page=2`;
        const sent = await expectStatementsAtMost(ctx, headers, url, 3);
        expect([...(await indexesOfPlans(ctx, sent))], url).toContain(index);
      }
    },
  );

  it('sorted by name, the rows are those of every candidacy of the promotion joined and sorted (153 ms -> 1 ms at 50,000)', async () => {
    // The same rows in the same order as every candidacy of the promotion joined and sorted.
    const listed = (
      await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&orderBy=candidate&order=asc`, headers })
    ).json().data as { id: number }[];
    const sorted = await ctx.database.db
      .select({ id: candidacies.id })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(and(eq(candidacies.promotionId, promotionId), inArray(candidacies.status, [0, 3, 4, 5, 6])))
      .orderBy(sql`lower(${candidates.lastName})`, sql`lower(${candidates.firstName})`, candidacies.id);
    const visible = new Set(listed.map((row) => row.id));
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.map((row) => row.id)).toEqual(sorted.map((row) => row.id).filter((id) => visible.has(id)));
  });

  it('the picker list (candidacies/all)', async () => {
    const sent = await expectStatementsAtMost(ctx, headers, `/api/candidacies/all?promotion=${promotionId}`, 3);
    await expectIndexedPlans(ctx, sent);
  });

  it('a list row says what GET /candidacies/{id} says of the candidacy (one mapping, two sources)', async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&showNonRetained=1`, headers })
    ).json();
    expect(list.data.length).toBeGreaterThan(1);
    for (const listed of list.data.slice(0, 20)) {
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/candidacies/${listed.id}`, headers })).json();
      expect(one.data).toMatchObject(listed);
    }
  });
});
