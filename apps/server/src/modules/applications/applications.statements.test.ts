import { APPLICATION_SORTS, funnelRowSchema } from '@promovente/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, buildings, candidacies, lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost, indexesOfPlans } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { applicationWhere, findApplicationPage, pageOrder, pickJoins } from './applications.queries.js';

/** The read budget of the funnel (docs/performance.md#patterns-for-lists): 2 statements, sign-in included, all indexed. */
let ctx: TestContext;
let headers: Record<string, string>;
let promotionId = 0;
let row = { application: 0, candidacy: 0, candidate: 0, broker: 0 as number | null, lot: '', building: 0 };
beforeAll(async () => {
  ctx = await createTestContext();
  headers = await demoBroker(ctx);
  const { db } = ctx.database;
  const [promotion] = await db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
  promotionId = promotion.id;
  [row] = await db
    .select({
      application: applications.id,
      candidacy: candidacies.id,
      candidate: candidacies.candidateId,
      broker: candidacies.brokerId,
      lot: lots.publicId,
      building: buildings.id,
    })
    .from(applications)
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(buildings, eq(buildings.id, lots.buildingId))
    .where(and(eq(applications.promotionId, promotionId), eq(applications.hidden, false), isNull(applications.closedAt)))
    .limit(1);
});
afterAll(() => ctx.close());
const dialect = new PgDialect();

describe('GET /applications: at most 2 statements, no whole-table read', () => {
  it('a full page, in the funnel order and under every sort', async () => {
    for (const sort of ['', '&orderBy=price&order=asc', '&orderBy=floor', '&orderBy=building', '&orderBy=candidate']) {
      const sent = await expectStatementsAtMost(ctx, headers, `/api/applications?promotion=${promotionId}${sort}`, 2);
      await expectIndexedPlans(ctx, sent);
    }
  });

  it('a page narrowed by every id filter (their check folded into the page statement)', async () => {
    const filters = `&application=${row.application}&candidacy=${row.candidacy}&candidat=${row.candidate}&broker=${row.broker}&lot=${row.lot}&buildings=${row.building}`;
    const url = `/api/applications?promotion=${promotionId}${filters}`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.total).toBe(1);
  });

  it('an empty page still answers the counts and the promotion settings; a foreign id still answers 404', async () => {
    const url = `/api/applications?promotion=${promotionId}&search=zzzz-nobody&status=0`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 2);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page).toMatchObject({ data: [], total: 0, current_page: 1, status_counts: { '0': 0, '1': 0, '2': 0, '3': 0 } });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/applications?promotion=${promotionId}&application=2147483647`,
      headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("a list row is the row GET /applications/:id answers, cut to the page's fields (two sources, the same values)", async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/applications?promotion=${promotionId}`, headers })).json();
    expect(list.data.length).toBeGreaterThan(1);
    for (const listed of list.data.slice(0, 20)) {
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/applications/${listed.id}`, headers })).json();
      // The whole row cut to the page's fields (a zod object drops the keys it does not name).
      expect(listed).toEqual(funnelRowSchema.parse(one.data));
    }
  });
});

describe("the funnel's stage counts read applications alone unless a filter needs the joined tables (issue 20)", () => {
  /** The joins of the counts: the page's pick without an order. */
  const countJoins = (filter: Partial<Parameters<typeof applicationWhere>[0]>) =>
    dialect.sqlToQuery(pickJoins(applicationWhere({ promotionId: 7, ...filter }), sql``, 7));

  it('joins for a filter on the lot, the broker, the agency or the candidate; not for the stages, a candidacy, late tasks or a search (its text kept on the application, migration 0041)', () => {
    expect(countJoins({}).sql).toBe('');
    expect(countJoins({ candidacyId: 3, applicationId: 4, lateBefore: new Date(), search: 'Dupont' }).sql).toBe('');
    for (const filter of [
      { search: 'Dupont\nÉlodie' },
      { buildings: [2] },
      { priceMin: 100_000 },
      { brokerId: 5 },
      { agencyId: 2 },
      { candidateId: 7 },
      { lotPublicId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    ]) {
      expect(countJoins(filter).sql, JSON.stringify(filter)).toMatch(/join/);
    }
  });

  it("searched over a line break (the fields themselves), they read the promotion's lots, not the firm's (the search hashed 48,000 lots at --seed 1000)", () => {
    const joins = countJoins({ search: 'Dupont\nÉlodie' });
    expect(joins.sql).toMatch(/join "lots" on "lots"\."id" = "applications"\."lot_id" and "lots"\."promotion_id" = \$1/);
    expect(joins.params).toEqual([7]);
  });
});

describe("the funnel's page picks its 50 ids with only the joins its filter and its order need (issue 20)", () => {
  const joinsOf = (filter: Partial<Parameters<typeof applicationWhere>[0]>, sort: Parameters<typeof pageOrder>[0]) =>
    [
      ...dialect
        .sqlToQuery(pickJoins(applicationWhere({ promotionId: 1, ...filter }), pageOrder(sort), 1))
        .sql.matchAll(/join "(\w+)"(?: "(\w+)")? on/g),
    ]
      .map((match) => match[2] ?? match[1])
      .join(', ');

  it('reads applications alone for the stage, priority and milestone sorts', () => {
    for (const column of ['status', 'priority', 'status_FR', 'status_SIGN'] as const)
      expect(joinsOf({}, { column, order: 'asc' })).toBe('');
  });

  it('reads applications alone for the funnel order and the lot, candidate, building and floor sorts: their keys are kept on it (migrations 0034, 0035 and 0039)', () => {
    expect(joinsOf({}, null)).toBe('');
    for (const column of ['lot', 'candidate', 'building', 'floor'] as const) {
      expect(joinsOf({}, { column, order: 'asc' })).toBe('');
      expect(joinsOf({}, { column, order: 'desc' })).toBe('');
    }
  });

  it('reads applications alone for the rooms, area and price sorts too: the lot’s keys are kept on it (migration 0044)', () => {
    for (const column of ['rooms', 'area', 'price'] as const) {
      expect(joinsOf({}, { column, order: 'asc' })).toBe('');
      expect(joinsOf({}, { column, order: 'desc' })).toBe('');
    }
  });

  it('joins the lots of the promotion alone for a filter on the lot', () => {
    expect(joinsOf({ priceMin: 100_000 }, { column: 'price', order: 'asc' })).toBe('lots');
    const where = applicationWhere({ promotionId: 7, buildings: [2] });
    expect(dialect.sqlToQuery(pickJoins(where, pageOrder({ column: 'price', order: 'asc' }), 7)).params).toContain(7);
  });

  it('joins the candidacy and candidate for the filters that read them; a search reads the text kept on the application (migration 0041)', () => {
    expect(joinsOf({ agencyId: 2 }, { column: 'status', order: 'asc' })).toBe('main_candidacy');
    expect(joinsOf({ search: 'Dupont' }, { column: 'status', order: 'asc' })).toBe('');
    expect(joinsOf({ search: 'Dupont\nÉlodie' }, { column: 'status', order: 'asc' })).toContain('partner_candidate');
  });

  it('answers, under every sort, the rows of the page joined whole and sorted', async () => {
    for (const column of APPLICATION_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const listed = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/applications?promotion=${promotionId}&orderBy=${column}&order=${order}`,
            headers,
          })
        ).json().data as { id: number }[];
        const whole = await findApplicationPage(ctx.database.db, applicationWhere({ promotionId }), { column, order });
        const visible = new Set(listed.map((row) => row.id));
        expect(listed.length, `${column} ${order}`).toBeGreaterThan(1);
        expect(
          listed.map((row) => row.id),
          `${column} ${order}`,
        ).toEqual(whole.map((row) => row.application.id).filter((id) => visible.has(id)));
      }
    }
  });
});

/** The price the funnel shows: the lot's and its associated lots' whose price it does not include. */
const TOTAL_PRICE =
  '(l.raw_price + coalesce((select sum(c.raw_price) from lots c where c.parent_id = l.id and c.price_included = false), 0))';

describe("the funnel's orders along an index: its kept sort keys, the stage, the priority and the milestones (migrations 0034, 0035, 0039 and 0043)", () => {
  /** The order each kept key stands for, written with the joins it spares. */
  const MEANING: Record<string, string> = {
    default: 'a.status desc, a.priority asc, l.reference asc, a.id asc',
    'lot asc': 'l.reference asc, a.id asc',
    'lot desc': 'l.reference desc, a.id desc',
    'candidate asc': "lower(c.first_name || ' ' || c.last_name) asc, a.id asc",
    'candidate desc': "lower(c.first_name || ' ' || c.last_name) desc, a.id desc",
    'building asc': 'lower(b.title) asc, a.id asc',
    'building desc': 'lower(b.title) desc, a.id desc',
    'floor asc': 'f.sort_order asc, a.id asc',
    'floor desc': 'f.sort_order desc, a.id desc',
    // The lot's keys (migration 0044).
    'rooms asc': 'l.nb_rooms asc nulls last, a.id asc',
    'rooms desc': 'l.nb_rooms desc nulls last, a.id desc',
    'area asc': 'l.area_hab asc nulls last, a.id asc',
    'area desc': 'l.area_hab desc nulls last, a.id desc',
    'price asc': `${TOTAL_PRICE} asc nulls last, a.id asc`,
    'price desc': `${TOTAL_PRICE} desc nulls last, a.id desc`,
    // Never null in their order (migration 0043): read along an index, without the NULLS LAST they were written with.
    'status asc': 'a.status asc nulls last, a.id asc',
    'status desc': 'a.status desc nulls last, a.id desc',
    'priority asc': 'a.priority asc nulls last, a.id asc',
    'priority desc': 'a.priority desc nulls last, a.id desc',
    ...Object.fromEntries(
      ['FR', 'AC', 'FIN', 'SIGNPDV', 'SIGN'].flatMap((milestone) => {
        const column = `a.status_${milestone.toLowerCase()}`;
        return (['asc', 'desc'] as const).map((order) => [
          `status_${milestone} ${order}`,
          `${column}_checked ${order} nulls last, (${column} is not null) ${order} nulls last, lower(${column}) ${order} nulls last, a.id ${order}`,
        ]);
      }),
    ),
  };

  it('orders the rows as the lot reference, the main candidate’s name, the building’s title and the floor’s order they stand for', async () => {
    for (const [shape, order] of Object.entries(MEANING)) {
      const [column, direction] = shape.split(' ');
      const query = shape === 'default' ? '' : `&orderBy=${column}&order=${direction}`;
      const listed = (await ctx.app.inject({ method: 'GET', url: `/api/applications?promotion=${promotionId}${query}`, headers })).json()
        .data as { id: number }[];
      const { rows } = await ctx.database.db.execute(
        sql.raw(`select a.id from applications a join lots l on l.id = a.lot_id join buildings b on b.id = l.building_id
          join floors f on f.id = l.floor_id
          join candidacies k on k.id = a.candidacy1_id join candidates c on c.id = k.candidate_id
          where a.promotion_id = ${promotionId} and a.hidden = false and a.closed_at is null
          order by ${order} limit 50`),
      );
      expect(listed.length, shape).toBeGreaterThan(1);
      expect(
        listed.map((listedRow) => listedRow.id),
        shape,
      ).toEqual(rows.map((found) => Number((found as { id: number }).id)));
    }
  });

  it('reads the page along the index of its order, either way, without sorting the promotion', async () => {
    const expected: [string, string][] = [
      ['', 'applications_default_order_idx'],
      ['&orderBy=lot&order=asc', 'applications_lot_order_idx'],
      ['&orderBy=lot&order=desc', 'applications_lot_order_idx'],
      ['&orderBy=candidate&order=asc', 'applications_candidate_order_idx'],
      ['&orderBy=candidate&order=desc', 'applications_candidate_order_idx'],
      ['&orderBy=building&order=asc', 'applications_building_order_idx'],
      ['&orderBy=building&order=desc', 'applications_building_order_idx'],
      ['&orderBy=floor&order=asc', 'applications_floor_order_idx'],
      ['&orderBy=floor&order=desc', 'applications_floor_order_idx'],
      ...(['rooms', 'area', 'price'] as const).flatMap((column): [string, string][] =>
        (['asc', 'desc'] as const).map((order) => [`&orderBy=${column}&order=${order}`, `applications_${column}_order_idx`]),
      ),
      ['&orderBy=status&order=asc', 'applications_status_order_idx'],
      ['&orderBy=status&order=desc', 'applications_status_order_idx'],
      ['&orderBy=priority&order=asc', 'applications_priority_order_idx'],
      ['&orderBy=priority&order=desc', 'applications_priority_order_idx'],
      ...['fr', 'ac', 'fin', 'signpdv', 'sign'].flatMap((milestone): [string, string][] =>
        (['asc', 'desc'] as const).map((order) => [
          `&orderBy=status_${milestone.toUpperCase()}&order=${order}`,
          `applications_${milestone}_order_idx`,
        ]),
      ),
    ];
    for (const [query, index] of expected) {
      ctx.app.answers.clear();
      const sent = await ctx.captureQueries(() =>
        ctx.app.inject({ method: 'GET', url: `/api/applications?promotion=${promotionId}${query}`, headers }),
      );
      const page = sent.filter((statement) => statement.sql.includes('row_number() over ()'));

      const { indexes, sorts } = await indexesOfPlans(ctx, page);
      expect([...indexes], query).toContain(index);
      expect(
        sorts.filter((sort) =>
          /sort_lot|sort_candidate|sort_building|sort_floor|sort_order|reference|first_name|title|nb_rooms|area|price|priority|status_(fr|ac|fin|signpdv|sign)|\bstatus\b.*\bid\b/.test(
            sort,
          ),
        ),
        query,
      ).toEqual([]);
    }
  });
});
