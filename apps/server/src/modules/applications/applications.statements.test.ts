import { APPLICATION_SORTS } from '@promovente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, buildings, candidacies, lots, promotions } from '../../db/schema/index.js';
import { demoBroker, expectIndexedPlans, expectStatementsAtMost } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { applicationWhere, countsNeedJoins, findApplicationPage, pageOrder, pickJoins } from './applications.queries.js';

/** The read budget of the funnel (docs/performance.md#patterns-for-lists): 3 statements, sign-in included, all indexed. */
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

describe('GET /applications: at most 3 statements, no whole-table read', () => {
  it('a full page, in the funnel order and under every sort', async () => {
    for (const sort of ['', '&orderBy=price&order=asc', '&orderBy=floor', '&orderBy=building', '&orderBy=candidate']) {
      const sent = await expectStatementsAtMost(ctx, headers, `/api/applications?promotion=${promotionId}${sort}`, 3);
      await expectIndexedPlans(ctx, sent);
    }
  });

  it('a page narrowed by every id filter (their check folded into the page statement)', async () => {
    const filters = `&application=${row.application}&candidacy=${row.candidacy}&candidat=${row.candidate}&broker=${row.broker}&lot=${row.lot}&buildings=${row.building}`;
    const url = `/api/applications?promotion=${promotionId}${filters}`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 3);
    await expectIndexedPlans(ctx, sent);
    const page = (await ctx.app.inject({ method: 'GET', url, headers })).json();
    expect(page.total).toBe(1);
  });

  it('an empty page still answers the counts and the promotion settings; a foreign id still answers 404', async () => {
    const url = `/api/applications?promotion=${promotionId}&search=zzzz-nobody&status=0`;
    const sent = await expectStatementsAtMost(ctx, headers, url, 3);
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

  it('a list row is the row GET /applications/:id answers (one mapping, two sources)', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/applications?promotion=${promotionId}`, headers })).json();
    expect(list.data.length).toBeGreaterThan(1);
    for (const listed of list.data.slice(0, 20)) {
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/applications/${listed.id}`, headers })).json();
      expect(listed).toEqual(one.data);
    }
  });
});

describe("the funnel's stage counts read applications alone unless a filter needs the joined tables (issue 20)", () => {
  it('joins for a search or a filter on the lot, the broker, the agency or the candidate; not for the stages, a candidacy or late tasks', () => {
    const base = { promotionId: 1 };
    expect(countsNeedJoins(applicationWhere(base))).toBe(false);
    expect(countsNeedJoins(applicationWhere({ ...base, candidacyId: 3, applicationId: 4, lateBefore: new Date() }))).toBe(false);
    for (const filter of [
      { search: 'Dupont' },
      { buildings: [2] },
      { priceMin: 100_000 },
      { brokerId: 5 },
      { agencyId: 2 },
      { candidateId: 7 },
      { lotPublicId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    ]) {
      expect(countsNeedJoins(applicationWhere({ ...base, ...filter })), JSON.stringify(filter)).toBe(true);
    }
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

  it('joins the lots (of the promotion alone) for the funnel order and the lot sorts, and the building or floor for theirs', () => {
    expect(joinsOf({}, null)).toBe('lots');
    for (const column of ['lot', 'rooms', 'area', 'price'] as const) expect(joinsOf({}, { column, order: 'desc' })).toBe('lots');
    expect(joinsOf({}, { column: 'building', order: 'asc' })).toBe('lots, buildings');
    expect(joinsOf({}, { column: 'floor', order: 'asc' })).toBe('lots, floors');
    expect(dialect.sqlToQuery(pickJoins(applicationWhere({ promotionId: 7 }), pageOrder(null), 7)).params).toContain(7);
  });

  it('joins the candidacy and candidate for the candidate sort and the filters that read them', () => {
    expect(joinsOf({}, { column: 'candidate', order: 'asc' })).toBe('main_candidacy, main_candidate');
    expect(joinsOf({ agencyId: 2 }, { column: 'status', order: 'asc' })).toBe('main_candidacy');
    expect(joinsOf({ search: 'Dupont' }, { column: 'status', order: 'asc' })).toContain('partner_candidate');
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
