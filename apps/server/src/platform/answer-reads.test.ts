import { APPLICATION_SORTS, CANDIDACY_SORTS, LOT_SORT_COLUMNS } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ANSWER_READS } from '../routes.js';
import { preparedPlanOf } from '../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { buildWorld, type World } from '../test/security/world.js';
import { isSession, tablesOf } from '../test/tables-of.js';
import { readsKeyOf } from './answer-reads.js';

/**
 * The tables each cached route names (platform/answer-reads.ts, decision 036), held against the
 * statements its handler sends on every code path of its query: each list under every sort,
 * filter, search and page, the tasks of each target, the history of each row. The route x
 * principal matrix's calls are held to them in answer-cache.test.ts.
 */

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx.close());

describe('the tables a cached route reads (decision 036)', () => {
  it('names every table its lists read under every sort, filter, search and page, and its other calls (migration 0027)', async () => {
    const p = `promotion=${world.promotion.id}`;
    const { main, lots: rowsLots, application } = world.rows;
    const lotRow = rowsLots[0];
    const filters = [
      'search=a',
      'page=2',
      'status=0,1,2',
      'nb_rooms=3',
      `buildings=${lotRow.buildingId}`,
      `floors=${lotRow.floorId ?? 1}`,
      'price_min=1&price_max=99999999',
      'onlyLateTasks=1',
      'showNonRetained=1',
      'showMyAgency=1',
      'toKCHF=1',
      `broker=${world.user.broker.id}`,
      'lot=A',
      `application=${application.id}`,
      `candidat=${main.candidate.id}`,
      `candidacy=${main.candidacy.id}`,
      'late=1',
    ];
    const sorted = (columns: readonly string[]) =>
      columns.flatMap((column) => [`orderBy=${column}&order=asc`, `orderBy=${column}&order=desc`]);
    const urls: [string, string][] = [
      ...[...sorted(LOT_SORT_COLUMNS), ...filters].map((query): [string, string] => ['listLots', `/api/lots?${p}&${query}`]),
      ...[...sorted(CANDIDACY_SORTS), ...filters].map((query): [string, string] => ['listCandidacies', `/api/candidacies?${p}&${query}`]),
      ...[...sorted(APPLICATION_SORTS), ...filters].map((query): [string, string] => [
        'listApplications',
        `/api/applications?${p}&${query}`,
      ]),
      ...filters.map((query): [string, string] => ['getDashboard', `/api/analytics/dashboard?${p}&${query}`]),
      ['listCandidates', `/api/candidates?${p}&all=1&search=a&page=1`],
      ['listTasks', `/api/actions?${p}`],
      ['listTasks', `/api/actions?${p}&search=a&group=past&offset=0&limit=5&broker=${world.user.broker.id}&candidat=${main.candidate.id}`],
      ['listTasks', `/api/actions?${p}&target=lot&target_id=${lotRow.id}&history=1`],
      ['listTasks', `/api/actions?${p}&target=application&target_id=${application.id}&history=1`],
      ['listNotaryTasks', `/api/promotions/${world.promotion.id}/notary/actions?search=a&group=today&candidat=${main.candidate.id}`],
      ['listLogs', `/api/logs?${p}`],
      ['listLogs', `/api/logs?${p}&lot_id=${lotRow.id}`],
      ['listLogs', `/api/logs?${p}&application_id=${application.id}`],
      ['listUserPromotions', '/api/user/promotions?search=a'],
    ];
    const undeclaredReads = new Set<string>();
    const refused: string[] = [];
    for (const principal of ['admin', 'broker', 'notary'] as const) {
      const headers = await world.headersOf(principal);
      for (const [name, url] of urls) {
        ctx.app.answers.clear();
        const declared = readsKeyOf(ANSWER_READS[name as keyof typeof ANSWER_READS]).split(',');
        let status = 0;
        const statements = await ctx.captureQueries(async () => {
          status = (await ctx.app.inject({ method: 'GET', url, headers })).statusCode;
        });
        if (status >= 500 || status === 400) refused.push(`${url} as ${principal}: ${status}`);
        for (const { sql } of statements.filter((statement) => !isSession(statement.sql))) {
          for (const read of tablesOf(sql)) if (!declared.includes(read)) undeclaredReads.add(`${name} reads ${read} (${url})`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect([...undeclaredReads]).toEqual([]);
  }, 300_000);

  it("the session's statement reads its tables' versions along the key, not the whole table (decision 036)", async () => {
    // 2,000 promotions' worth of rows that are not the reader's, as at --scale 1000.
    await ctx.database.db.execute(
      sql`insert into data_table_versions (scope, table_name, version)
        select g, t, 1 from generate_series(900001, 902000) g cross join unnest(array['lots', 'applications', 'candidacies', 'buildings', 'users']) t
        on conflict do nothing`,
    );
    onTestFinished(() => ctx.database.db.execute(sql`delete from data_table_versions where scope > 900000`).then(() => undefined));
    await ctx.database.db.execute(sql`analyze data_table_versions`);
    const headers = await world.headersOf('broker');
    const [session] = (
      await ctx.captureQueries(() => ctx.app.inject({ method: 'GET', url: `/api/lots?promotion=${world.promotion.id}`, headers }))
    ).filter((statement) => isSession(statement.sql));
    expect(session).toBeDefined();
    // As the server plans it (decision 037: once per connection, for no reader in particular) and
    // as a plan made for this reader's values.
    for (const plans of ['force_generic_plan', 'force_custom_plan'] as const) {
      const nodes = await preparedPlanOf(ctx, session, plans);
      const versions = nodes.filter((node) => node['Relation Name'] === 'data_table_versions');
      expect(versions.length, plans).toBe(1);
      // An index scan, or a bitmap of one, whose condition holds the scopes (not a filter after reading the table).
      expect(versions[0]['Node Type'], plans).toMatch(/^(Index|Index Only|Bitmap Heap) Scan$/);
      const conditions = [
        versions[0]['Index Cond'],
        versions[0]['Recheck Cond'],
        ...(versions[0].Plans ?? []).map((child) => child['Index Cond']),
      ];
      expect(
        conditions.some((condition) => /scope = ANY/.test(condition ?? '')),
        plans,
      ).toBe(true);
      expect(versions[0]['Rows Removed by Filter'] ?? 0, plans).toBeLessThan(50);
      // The token, the account and his promotions, each read along its key.
      const scans = nodes.filter((node) => node['Relation Name'] !== undefined && node['Relation Name'] !== 'data_versions');
      expect(
        scans.filter((node) => /Seq Scan/.test(node['Node Type'])).map((node) => node['Relation Name']),
        plans,
      ).toEqual([]);
    }
  });
});
