import { APPLICATION_SORTS, CANDIDACY_SORTS, LOT_SORT_COLUMNS } from '@promovente/shared';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { startJobs } from '../platform/jobs.js';
import { localStorage } from '../platform/storage.js';

const url = 'postgres://postgres@127.0.0.1:5432/promovente_bench';
let capture: { sql: string; params: unknown[] }[] | null = null;
const database = await openPostgres(url, { onQuery: (sql, params) => capture?.push({ sql, params }) });
const log = pino({ level: 'silent' });
const jobs = await startJobs(database, { log, pollingIntervalSeconds: 60, supervise: false });
const config = { ...loadConfig({ DATABASE_URL: url }), ANSWER_CACHE_MB: 0, RATE_LIMIT_MULTIPLIER: 100, WEB_DIST: '' };
const app = await buildApp({ config: config as never, database, jobs, storage: localStorage('/tmp/probe-files'), logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'broker.0059@scale.promovente.ch', password: 'demo-2026' },
});
const headers = { authorization: `Bearer ${login.json().token}` };
const only = process.argv[2];
const lists: [string, readonly string[], string][] = [
  ['candidacies', CANDIDACY_SORTS, 'orderBy'],
  ['applications', APPLICATION_SORTS, 'sort'],
  ['lots', LOT_SORT_COLUMNS, 'sort'],
];
for (const [list, sorts] of lists) {
  if (only && only !== list) continue;
  for (const sort of sorts)
    for (const order of ['asc', 'desc']) {
      const path = `/api/${list}?promotion=3&orderBy=${sort}&order=${order}&page=2`;
      capture = [];
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers });
      const ms = performance.now() - t;
      const sent = capture;
      capture = null;
      const page = sent.reduce((a, b) => (b.sql.length > a.sql.length ? b : a));
      const { rows } = await database.executor.executeSql(`explain (analyze, format json) ${page.sql}`, page.params);
      const plan = (rows[0] as any)['QUERY PLAN'][0];
      if (process.env.PLAN && `${sort} ${order}` === process.env.PLAN) {
        const text = await database.executor.executeSql(`explain (analyze, buffers) ${page.sql}`, page.params);
        console.log(text.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
      }
      console.log(
        `${list.padEnd(13)} ${`${sort} ${order}`.padEnd(22)} ${res.statusCode} http ${ms.toFixed(1).padStart(6)} ms  plan ${plan['Planning Time'].toFixed(1).padStart(5)} exec ${plan['Execution Time'].toFixed(1).padStart(6)} ms`,
      );
    }
}
await app.close();
await jobs.stop?.();
await database.close();
