import { candidacyListRowSchema } from '@promovente/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, applications, candidacies, candidates, lots, promotions, users } from '../../db/schema/index.js';
import {
  demoBroker,
  expectIndexedPlans,
  expectStatementsAtMost,
  indexesOfPlans,
  scansOfTableUnjoined,
} from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** The read budget of the candidates screen (docs/performance.md#patterns-for-lists): 2 statements, sign-in included, all indexed. */
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
 * The index that gives each sort its order, ascending then descending. A column that is never null
 * is read either way along one index; the sort keys kept by the database (migration 0020: broker,
 * agency, budget) sort nulls last both ways, so each direction has its own.
 */
const INDEX_OF_SORT: Record<string, [string, string]> = {
  created_at: ['candidacies_promotion_created_idx', 'candidacies_promotion_created_idx'],
  status: ['candidacies_promotion_status_id_idx', 'candidacies_promotion_status_id_idx'],
  priority: ['candidacies_promotion_priority_id_idx', 'candidacies_promotion_priority_id_idx'],
  vip: ['candidacies_promotion_vip_id_idx', 'candidacies_promotion_vip_id_idx'],
  candidate: ['candidacies_promotion_name_idx', 'candidacies_promotion_name_idx'],
  broker: ['candidacies_sort_broker_asc_idx', 'candidacies_sort_broker_desc_idx'],
  agency: ['candidacies_sort_agency_asc_idx', 'candidacies_sort_agency_desc_idx'],
  budget: ['candidacies_sort_budget_asc_idx', 'candidacies_sort_budget_desc_idx'],
};

/** What each sort means, written as the join and sort of every candidacy of the promotion. */
const MEANING_OF_SORT: Record<string, (direction: SQL) => SQL[]> = {
  candidate: (d) => [sql`lower(${candidates.lastName}) ${d}`, sql`lower(${candidates.firstName}) ${d}`],
  broker: (d) => [sql`lower("broker"."last_name") ${d} nulls last`, sql`lower("broker"."first_name") ${d} nulls last`],
  agency: (d) => [sql`${agencies.name} ${d} nulls last`],
  budget: (d) => [sql`coalesce(${candidacies.budget}, ${candidates.budget}) ${d} nulls last`],
};

describe('GET /candidacies: at most 2 statements, no whole-table read', () => {
  it('a full page', async () => {
    const sent = await expectStatementsAtMost(ctx, headers, `/api/candidacies?promotion=${promotionId}&showNonRetained=1`, 2);
    await expectIndexedPlans(ctx, sent);
  });

  it('a page narrowed by every id filter (their check folded into the page statement)', async () => {
    const url = `/api/candidacies?promotion=${promotionId}${filters}`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.total).toBe(1);
  });

  it("a list row is the candidacy GET /candidacies/:id answers, cut to the page's fields (issue 20, lean pages: two sources, the same values)", async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&showNonRetained=1`, headers })
    ).json();
    const rows = list.data as { id: number; applications: unknown[]; tasks: unknown[] }[];
    // The rows with applications or tasks, and a few without.
    const checked = [...rows.filter((row) => row.applications.length > 0 || row.tasks.length > 0), ...rows.slice(0, 5)];
    expect(checked.filter((row) => row.applications.length > 0).length).toBeGreaterThan(2);
    expect(checked.filter((row) => row.tasks.length > 0).length).toBeGreaterThan(2);
    for (const listed of checked) {
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/candidacies/${listed.id}`, headers })).json();
      // The whole candidacy cut to the page's fields (a zod object drops the keys it does not name).
      expect(listed).toEqual(candidacyListRowSchema.parse(one.data));
    }
  });

  it('an empty page still answers the counts, and a foreign id still answers 404', async () => {
    const url = `/api/candidacies?promotion=${promotionId}&search=zzzz-nobody&orderBy=broker&order=asc`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&candidacy=2147483647`, headers });
    expect(foreign.statusCode).toBe(404);
  });

  it("searched, the counts and the page read the promotion's candidates by its index, whatever the join (issue 20)", async () => {
    const url = `/api/candidacies?promotion=${promotionId}&search=du&showNonRetained=1`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const scans = await scansOfTableUnjoined(ctx, sent, 'candidates');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(`${scan['Index Cond'] ?? ''} ${scan['Recheck Cond'] ?? ''}`, scan['Node Type']).toMatch(/promotion_id = /);
    }
  });

  it('a page past the last answers the last, in the same statements', async () => {
    const url = `/api/candidacies?promotion=${promotionId}&showNonRetained=1&page=999&orderBy=candidate`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.current_page).toBe(page.last_page);
    expect(page.data.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(INDEX_OF_SORT))(
    'sorted by %s in either direction, the page is read along %s, unsorted, and stops after 50 (issue 20)',
    async (sort, indexes) => {
      for (const [i, order] of ['asc', 'desc'].entries()) {
        const url = `/api/candidacies?promotion=${promotionId}&orderBy=${sort}&order=${order}&page=2`;
        const sent = await expectStatementsAtMost(ctx, headers, url, 2);
        const plans = await indexesOfPlans(ctx, sent);
        expect([...plans.indexes], url).toContain(indexes[i]);
        // A row's own applications and tasks are sorted in its subqueries; the page itself is not.
        expect(
          plans.sorts.filter((sort) => /\b(candidacies|candidates)\./.test(sort)),
          url,
        ).toEqual([]);
      }
    },
  );

  it.each(Object.keys(MEANING_OF_SORT))(
    'sorted by %s either way, the rows are those of every candidacy of the promotion joined and sorted (issue 20)',
    async (sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const listed = (
          await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotionId}&orderBy=${sort}&order=${order}`, headers })
        ).json().data as { id: number }[];
        const direction = sql.raw(order);
        const { rows } = await ctx.database.db.execute<{ id: number }>(sql`
          select ${candidacies.id} as id from ${candidacies}
          inner join ${candidates} on ${candidates.id} = ${candidacies.candidateId}
          left join ${users} "broker" on "broker"."id" = ${candidacies.brokerId}
          left join ${agencies} on ${agencies.id} = ${candidacies.agencyId}
          where ${candidacies.promotionId} = ${promotionId} and ${candidacies.status} in (0, 3, 4, 5, 6)
          order by ${sql.join([...MEANING_OF_SORT[sort](direction), sql`${sort === 'candidate' ? candidates.id : candidacies.id} ${direction}`], sql`, `)}`);
        const visible = new Set(listed.map((row) => row.id));
        expect(listed.length).toBeGreaterThan(1);
        expect(
          listed.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(rows.map((row) => Number(row.id)).filter((id) => visible.has(id)));
      }
    },
  );

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
