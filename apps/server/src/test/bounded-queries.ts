import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactionExecutor } from '../db/client.js';
import { seedDemo } from '../db/seed/demo.js';
import { bearer, signIn } from './fixtures.js';
import type { SentStatement, TestContext } from './harness.js';

/** The demo desk (scale 1) and a broker's headers, for the bounded-query tests of the lists. */
export const demoBroker = async (ctx: TestContext) => {
  await seedDemo(ctx.database.db, { scale: 1 });
  return bearer(await signIn(ctx.app, 'courtier@demo.ch', 'demo-2026'));
};

/**
 * A list costs the same number of queries for one row as for a full page: no query per row
 * (the issue's "a list of 50 rows costs a bounded number of queries whatever the page").
 */
export const expectBoundedQueries = async (ctx: TestContext, headers: Record<string, string>, url: { many: string; one: string }) => {
  const countOf = async (path: string) => {
    let rows = 0;
    const queries = await ctx.countQueries(async () => {
      const response = await ctx.app.inject({ method: 'GET', url: path, headers });
      expect(response.statusCode).toBe(200);
      rows = response.json().data.length;
    });
    return { rows, queries };
  };
  const many = await countOf(url.many);
  const one = await countOf(url.one);
  expect(many.rows).toBeGreaterThanOrEqual(40);
  expect(one.rows).toBe(1);
  expect(many.queries).toBe(one.queries);
  expect(many.queries).toBeLessThanOrEqual(15);
};

/**
 * The statement budget of a read request (docs/performance.md): at most `max` statements for
 * one GET, the sign-in included. Answers the statements, for a plan check.
 */
export const expectStatementsAtMost = async (ctx: TestContext, headers: Record<string, string>, url: string, max: number) => {
  let status = 0;
  const sent = await ctx.captureQueries(async () => {
    status = (await ctx.app.inject({ method: 'GET', url, headers })).statusCode;
  });
  expect(status, url).toBe(200);
  expect(
    sent.map((statement) => statement.sql.slice(0, 160)),
    `${url}: ${sent.length} statements`,
  ).toHaveLength(Math.min(sent.length, max));
  return sent;
};

/**
 * The tables that grow with the number of promotions: a plan must reach them through an index.
 * The reference tables (lot types, floors) and the rate-limit counters stay small.
 */
export const GROWING_TABLES = new Set([
  'users',
  'auth_tokens',
  'password_resets',
  'assistants',
  'candidates',
  'candidacies',
  'applications',
  'actions',
  'action_lots',
  'user_comments',
  'logs',
  'notifications',
  'threads',
  'thread_messages',
  'thread_reads',
  'files',
  'file_folders',
  'library_accesses',
  'mail_messages',
  'promotions',
  'promotion_user',
  'promotion_agency',
  'buildings',
  'lots',
  'agencies',
  'crm_sends',
  'planning_tasks',
  'finances',
  'faq_questions',
  'photo_groups',
  'photos',
  'campaigns',
  'campaign_files',
  'marketing_reports',
  // A row per table of each scope (migration 0027), read by the session's statement of a cached route.
  'data_table_versions',
]);

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Sort Key'?: string[];
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/**
 * Every node of a statement's plan as the server makes it under `plans`: prepared with its
 * parameters, then executed under EXPLAIN ANALYZE. `force_generic_plan` is the plan a connection
 * of the second pool makes once for every reader (decisions 032 and 037); `force_custom_plan`
 * the one made for these values. `seqscan: false` asks for the narrowing path, as
 * expectIndexedPlans does.
 */
export const preparedPlanOf = async (
  ctx: TestContext,
  statement: SentStatement,
  plans: 'force_generic_plan' | 'force_custom_plan',
  options: { seqscan?: boolean } = {},
): Promise<PlanNode[]> =>
  ctx.database.db.transaction(async (tx) => {
    const executor = transactionExecutor(tx);
    await executor.executeSql(`set local plan_cache_mode = ${plans}`, []);
    // On the small test data a sequential scan is often the cheapest: off, the plan shows the index it would take at scale.
    if (options.seqscan === false) await executor.executeSql('set local enable_seqscan = off', []);
    await executor.executeSql(`prepare plan_under_test as ${statement.sql}`, []);
    try {
      // EXECUTE takes its values in its text (a utility statement has no parameters to bind).
      const literal = (value: unknown) =>
        value === null
          ? 'null'
          : Array.isArray(value)
            ? `'{${value.join(',')}}'`
            : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
      const values = statement.params.map(literal).join(', ');
      const { rows } = await executor.executeSql(`explain (analyze, format json) execute plan_under_test(${values})`, []);
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] | string })['QUERY PLAN'];
      const all: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        all.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
      return all;
    } finally {
      await executor.executeSql('deallocate plan_under_test', []);
    }
  });

/** The whole-table reads of a plan: a sequential scan, or an index walked end to end (no condition). */
const fullScansOf = (node: PlanNode): string[] => [
  ...(node['Relation Name'] && (node['Node Type'] === 'Seq Scan' || (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond']))
    ? [`${node['Node Type']} on ${node['Relation Name']}`]
    : []),
  ...(node.Plans ?? []).flatMap(fullScansOf),
];

/**
 * The plan of each read statement of a request (`explain`, not run), made with the planner's
 * settings turned off that `off` names (`enable_seqscan`, `enable_sort`, `enable_nestloop`), in a
 * transaction of its own.
 */
const readPlansOf = async (
  ctx: TestContext,
  statements: SentStatement[],
  off: readonly ('seqscan' | 'sort' | 'nestloop')[],
): Promise<{ statement: SentStatement; root: PlanNode }[]> => {
  const plans: { statement: SentStatement; root: PlanNode }[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
    await ctx.database.db.transaction(async (tx) => {
      for (const setting of off) await tx.execute(sql.raw(`set local enable_${setting} = off`));
      const { rows } = await transactionExecutor(tx).executeSql(`explain (format json) ${statement.sql}`, statement.params);
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] | string })['QUERY PLAN'];
      plans.push({ statement, root: (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode });
    });
  }
  return plans;
};

/**
 * The plan each read statement of a request runs under when it is planned once (decision 032,
 * `plans: 'generic'`): prepared, then run and explained for its values under
 * `force_generic_plan` (`Actual Loops` 0: a part the values never ran). A custom plan folds a
 * null parameter's condition away; a generic one keeps it, so what a statement does for a
 * parameter it cannot see is read here.
 */
export const genericPlansOf = async (ctx: TestContext, statements: SentStatement[]): Promise<PlanNode[]> => {
  const plans: PlanNode[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
    await ctx.database.db.transaction(async (tx) => {
      const executor = transactionExecutor(tx);
      await executor.executeSql('set local plan_cache_mode = force_generic_plan');
      await executor.executeSql(`prepare generic_plan_of as ${statement.sql}`);
      const values = statement.params.map((value) => (value === null ? 'null' : `'${literalOf(value).replaceAll("'", "''")}'`));
      const { rows } = await executor.executeSql(`explain (analyze, format json) execute generic_plan_of(${values.join(', ')})`);
      await executor.executeSql('deallocate generic_plan_of');
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] | string })['QUERY PLAN'];
      plans.push((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode);
    });
  }
  return plans;
};

/** A parameter as PostgreSQL's text input reads it: an array as `{"a","b"}`, a Date in ISO. */
const literalOf = (value: unknown): string =>
  Array.isArray(value)
    ? `{${value.map((item) => (item === null ? 'NULL' : `"${literalOf(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : String(value);

/** Every node of a plan, the root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * No statement of a request reads a whole growing table, sequentially or along an index
 * without a condition, when the planner is told to avoid sequential scans
 * (`enable_seqscan = off`): on the small test data a sequential scan is often the planner's
 * cheapest choice, so the check asks whether a narrowing index path exists at all, which is
 * what decides the cost at scale.
 */
export const expectIndexedPlans = async (ctx: TestContext, statements: SentStatement[]) => {
  const scans: string[] = [];
  for (const { statement, root } of await readPlansOf(ctx, statements, ['seqscan'])) {
    for (const scan of fullScansOf(root)) {
      if (GROWING_TABLES.has(scan.split(' on ')[1])) scans.push(`${scan} in: ${statement.sql.slice(0, 200)}`);
    }
  }
  expect(scans).toEqual([]);
};

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** The sorts of a plan, but the numbering of a page's 50 rows (row_number() over ()). */
const sortsOf = (node: PlanNode): string[] => [
  ...(/Sort$/.test(node['Node Type']) && !node['Sort Key']?.every((key) => /row_number\(\)/.test(key))
    ? [`${node['Node Type']} by ${node['Sort Key']?.join(', ')}`]
    : []),
  ...(node.Plans ?? []).flatMap(sortsOf),
];

/**
 * The indexes the plans of a request's read statements walk, and the sorts they still make, when
 * the planner may neither read a table whole nor sort (`enable_seqscan` and `enable_sort` off):
 * an index that gives a page its order then wins whatever the size of the test data, which is
 * what decides the cost at scale (a page of 50 read along an index instead of every row of the
 * promotion joined and sorted). A sort left in such a plan (an incremental one, when the index
 * gives the first keys only) is one the indexes cannot spare.
 */
export const indexesOfPlans = async (ctx: TestContext, statements: SentStatement[]) => {
  const names = new Set<string>();
  const sorts: string[] = [];
  for (const { root } of await readPlansOf(ctx, statements, ['seqscan', 'sort'])) {
    for (const name of indexesOf(root)) names.add(name);
    sorts.push(...sortsOf(root));
  }
  return { indexes: names, sorts };
};

/**
 * The scans of one table in the plans of a request's read statements when the planner may join
 * only by hashing or merging (`enable_nestloop` and `enable_seqscan` off): each side of a join is
 * then read on its own, so a scan shows what narrows that table by itself. A join whose only
 * narrowing comes from the other side (a candidate read by the candidacy's key) is what the
 * planner turns, at scale, into a read of the whole table hashed (issue 20: the searched counts of
 * the candidates screen hashed the firm's 505,000 candidates).
 */
export const scansOfTableUnjoined = async (ctx: TestContext, statements: SentStatement[], table: string) => {
  const scans: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === table) scans.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const { root } of await readPlansOf(ctx, statements, ['seqscan', 'nestloop'])) walk(root);
  return scans;
};
