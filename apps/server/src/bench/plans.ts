/**
 * npm run bench:plans -w @promovente/server -- [URL] [--shapes list?query,...] [--explain] [--statement regex]
 *
 * Custom or generic plans for the main lists (docs/decisions/032-custom-plans-for-lists.md): the
 * page statement of each shape, as the application sends it for the broker of the biggest
 * promotion, in that promotion and in his smallest one, prepared once and explained (ANALYZE,
 * seven runs, the median) under `plan_cache_mode = force_custom_plan` (what the application's
 * connections use, db/client.ts) and `force_generic_plan` (a plan made once for any promotion).
 * `--explain` also prints each shape's whole plan (custom, both promotions) as PostgreSQL
 * writes it. `--statement` explains the request's statement whose text matches the pattern (the
 * open tasks of a page: 'row_number\(\) over \(partition'), not its longest. Needs a seeded
 * database (`npm run bench -- --seed 1000`).
 */
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '@promovente/shared';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres, STATEMENT_SETTINGS } from '../db/client.js';
import { startJobs } from '../platform/jobs.js';
import { localStorage } from '../platform/storage.js';

type PlanNode = { 'Node Type': string; 'Sort Key'?: string[]; Plans?: PlanNode[] };

const DEFAULT_SHAPES = [
  'candidacies?orderBy=candidate&order=asc',
  'candidacies?orderBy=broker&order=desc',
  // A name, three letters or more: read by trigram (migration 0040); a letter or two reads the promotion.
  'candidacies?search=favre',
  'candidacies?search=a',
  'applications?orderBy=lot&order=asc',
  'applications?orderBy=candidate&order=desc',
  'lots?orderBy=price&order=desc',
];

/** What decides a page's cost: the sorts of more rows than the page's (its numbering aside). */
const sortsOf = (node: PlanNode): string[] => [
  ...(/Sort$/.test(node['Node Type']) && !node['Sort Key']?.every((key) => key.includes('row_number'))
    ? [`${node['Node Type']} by ${node['Sort Key']?.join(', ')}`]
    : []),
  ...(node.Plans ?? []).flatMap(sortsOf),
];

const main = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { shapes: { type: 'string' }, explain: { type: 'boolean' }, statement: { type: 'string' } },
  });
  const url = positionals[0] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promovente_bench';
  const shapes = values.shapes?.split(',') ?? DEFAULT_SHAPES;
  let capture: { sql: string; params: unknown[] }[] | null = null;
  const database = await openPostgres(url, { onQuery: (sql, params) => capture?.push({ sql, params }) });
  const jobs = await startJobs(database, { log: pino({ level: 'silent' }), pollingIntervalSeconds: 60, supervise: false });
  const config = { ...loadConfig({ DATABASE_URL: url }), ANSWER_CACHE_MB: 0, RATE_LIMIT_MULTIPLIER: 100, WEB_DIST: '' };
  const app = await buildApp({ config, database, jobs, storage: localStorage('/tmp/promovente-bench-plans'), logger: false });
  await app.ready();
  // The application's settings (no JIT: at 2,000 lots a search of the tasks measured 1.9 s of JIT compilation).
  const client = new pg.Client({ connectionString: url, options: STATEMENT_SETTINGS });
  await client.connect();
  try {
    // The broker of the biggest promotion, and the smallest of his other promotions.
    const {
      rows: [pick],
    } = await client.query<{ email: string; big: number; big_lots: number; small: number; small_lots: number }>(
      `with sizes as (select promotion_id as id, count(*)::int as lots from lots group by promotion_id),
            big as (select id, lots from sizes order by lots desc, id limit 1)
       select u.email, big.id as big, big.lots as big_lots, small.id as small, small.lots as small_lots
       from big join promotion_user pu on pu.promotion_id = big.id join users u on u.id = pu.user_id and u.type = 'broker'
       cross join lateral (select s.id, s.lots from promotion_user o join sizes s on s.id = o.promotion_id
                           where o.user_id = u.id and o.promotion_id <> big.id order by s.lots, s.id limit 1) small
       order by small.lots, u.id limit 1`,
    );
    if (!pick) throw new Error('No broker of the biggest promotion with another promotion: seed the bench database first.');
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: pick.email, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const literal = (value: unknown): string =>
      value === null || value === undefined
        ? 'null'
        : Array.isArray(value)
          ? `'{${value.join(',')}}'`
          : typeof value === 'number' || typeof value === 'boolean'
            ? String(value)
            : value instanceof Date
              ? `'${value.toISOString()}'`
              : client.escapeLiteral(String(value));
    const pageStatement = async (path: string) => {
      capture = [];
      const answer = await app.inject({ method: 'GET', url: path, headers });
      const sent = capture;
      capture = null;
      if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode}`);
      if (!values.statement) return sent.reduce((a, b) => (b.sql.length > a.sql.length ? b : a));
      const pattern = new RegExp(values.statement);
      const found = sent.find((statement) => pattern.test(statement.sql));
      if (!found) throw new Error(`${path}: no statement matches ${values.statement}`);
      return found;
    };
    console.log(`As ${pick.email}: promotion ${pick.big} (${pick.big_lots} lots) and promotion ${pick.small} (${pick.small_lots} lots).\n`);
    console.log('| shape | plan | promotion | planning ms | execution ms (median of 7) | sorts |');
    console.log('| ----- | ---- | --------- | ----------- | -------------------------- | ----- |');
    for (const [i, shape] of shapes.entries()) {
      const [list, query] = shape.split('?');
      const big = await pageStatement(`/api/${list}?promotion=${pick.big}&${query}&page=2`);
      const small = await pageStatement(`/api/${list}?promotion=${pick.small}&${query}`);
      if (big.sql !== small.sql) throw new Error(`${shape}: the two promotions send two texts`);
      await client.query(`prepare page_${i} as ${big.sql}`);
      if (values.explain) {
        await client.query('set plan_cache_mode = force_custom_plan');
        for (const [lotCount, statement] of [
          [pick.big_lots, big],
          [pick.small_lots, small],
        ] as const) {
          const { rows } = await client.query(`explain (analyze, buffers) execute page_${i}(${statement.params.map(literal).join(', ')})`);
          console.log(`${shape}, ${lotCount} lots:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
        }
      }
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`set plan_cache_mode = ${mode}`);
        for (const [label, statement] of [
          [`${pick.big_lots} lots`, big],
          [`${pick.small_lots} lots`, small],
        ] as const) {
          const runs: { planning: number; execution: number; shape: string }[] = [];
          for (let run = 0; run < 7; run++) {
            const { rows } = await client.query(
              `explain (analyze, format json) execute page_${i}(${statement.params.map(literal).join(', ')})`,
            );
            const plan = rows[0]['QUERY PLAN'][0];
            runs.push({
              planning: plan['Planning Time'],
              execution: plan['Execution Time'],
              shape: [...new Set(sortsOf(plan.Plan))].join('; ').slice(0, 100) || 'none',
            });
          }
          runs.sort((a, b) => a.execution - b.execution);
          const median = runs[3];
          console.log(
            `| ${shape} | ${mode === 'force_custom_plan' ? 'custom' : 'generic'} | ${label} | ${median.planning.toFixed(2)} | ${median.execution.toFixed(2)} | ${median.shape} |`,
          );
        }
      }
    }
  } finally {
    await client.end();
    await app.close();
    await jobs.stop();
    await database.close();
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
