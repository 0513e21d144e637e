import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lots, promotions } from '../../db/schema/index.js';
import {
  demoBroker,
  expectBoundedQueries,
  expectIndexedPlans,
  expectStatementsAtMost,
  genericPlansOf,
  indexesOfPlans,
  nodesOf,
} from '../../test/bounded-queries.js';
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
    it(`answers ${name} in at most 2 statements (sign-in included), none reading a whole growing table`, async () => {
      const sent = await expectStatementsAtMost(ctx, headers, urls()[name], 2);
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

/**
 * The index that gives each order its first keys: the lot's own columns, and the building and
 * floor keys the database keeps on the lot (migration 0032). Ties are broken by reference then id,
 * ascending either way: a descending sort reads the index backwards and sorts the rows of one key
 * (one building, one floor, one status) incrementally, never the promotion's lots at once. The
 * price (a lot's own and its associated lots') and the living area are sorted top-N (docs/performance.md).
 */
const INDEX_OF_ORDER: Record<string, string> = {
  default: 'lots_default_order_idx',
  building: 'lots_default_order_idx',
  floor: 'lots_floor_order_idx',
  reference: 'lots_promotion_reference_idx',
  // The main lots' own (promotion, status) index (migration 0045), which also counts the arrows.
  status: 'lots_main_status_idx',
  nb_rooms: 'lots_promotion_rooms_idx',
};

/** What each order means: the lots of the promotion joined to their building and floor, and sorted. */
const MEANING_OF_ORDER: Record<string, string> = {
  default: 'b.title asc, f.sort_order asc',
  building: 'b.title',
  floor: 'f.sort_order',
};

describe('GET lots: every order read along an index (issue 20)', () => {
  it.each(Object.entries(INDEX_OF_ORDER))(
    'in the %s order, either way, the page is read along %s and joined after its 50 rows are picked',
    async (column, index) => {
      for (const order of column === 'default' ? [''] : ['asc', 'desc']) {
        const url = `/api/lots?promotion=${promotionId}${order ? `&orderBy=${column}&order=${order}` : ''}&page=2`;
        const sent = await expectStatementsAtMost(ctx, headers, url, 2);
        const plans = await indexesOfPlans(ctx, sent);
        expect([...plans.indexes], url).toContain(index);
        // An incremental sort of the rows of one key at most; the page's numbering aside.
        expect(
          plans.sorts.filter((sort) => /\bl\./.test(sort) && !sort.startsWith('Incremental Sort')),
          url,
        ).toEqual([]);
      }
    },
  );

  it('counts the arrows of a page without a filter from lots_main_status_idx alone (migration 0045), and with one from the lots', async () => {
    // The page is planned once for every filter (generic): which branch of its counts runs is decided by a parameter.
    const countedAlone = async (url: string) => {
      const plans = await genericPlansOf(ctx, await expectStatementsAtMost(ctx, headers, url, 2));
      const scans = plans
        .flatMap(nodesOf)
        .filter((node) => node['Index Name'] === 'lots_main_status_idx' && node['Node Type'] === 'Index Only Scan');
      return { planned: scans.length > 0, ran: scans.some((scan) => (scan['Actual Loops'] ?? 0) > 0) };
    };
    expect(await countedAlone(`/api/lots?promotion=${promotionId}&orderBy=reference`)).toEqual({ planned: true, ran: true });
    expect(await countedAlone(`/api/lots?promotion=${promotionId}&orderBy=reference&buildings=${buildingId}`)).toEqual({
      planned: true,
      ran: false,
    });
    expect(await countedAlone(`/api/lots?promotion=${promotionId}&orderBy=reference&search=a`)).toEqual({ planned: true, ran: false });
  });

  it.each(Object.keys(MEANING_OF_ORDER))('in the %s order, the rows are those of every lot joined and sorted', async (column) => {
    for (const order of column === 'default' ? [''] : ['asc', 'desc']) {
      const listed = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/lots?promotion=${promotionId}${order ? `&orderBy=${column}&order=${order}` : ''}`,
          headers,
        })
      ).json().data as { id: number }[];
      const { rows } = await ctx.database.db.execute<{ id: number }>(sql`
        select l.id from lots l join buildings b on b.id = l.building_id join floors f on f.id = l.floor_id
        where l.promotion_id = ${promotionId} and l.parent_id is null
        order by ${sql.raw(`${MEANING_OF_ORDER[column]} ${order}`)}, l.reference asc, l.id asc`);
      expect(listed.length).toBeGreaterThan(1);
      expect(
        listed.map((row) => row.id),
        `${column} ${order}`,
      ).toEqual(rows.slice(0, listed.length).map((row) => Number(row.id)));
    }
  });
});
