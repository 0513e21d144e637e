/**
 * npm run bench -- [URL] [--seed N] [--connections 50] [--duration 10] [--pglite DIR] [--only a,b] [--profile] [--no-cache]
 *   [--users 50] [--promotions 20] [--writes 0.1] [--typical]
 *
 * Starts the floor (a bare Fastify route) and the application (bench/server.ts) in two child
 * processes, signs in as a broker of the largest promotion (`--typical`: of the median one), then
 * for every endpoint in turn: 20 requests at 1 connection (a varied phase's every path; statements
 * and SQL time per request, HTTP p50), then autocannon at N connections for D seconds, with the
 * CPU the application and PostgreSQL spent per request (and, with --profile, the application's CPU
 * profile by kind of code, and the mixed phase's in mixed.cpuprofile). Prints the table, writes
 * bench-results/latest.{md,json}. The answer cache is on, as in production: a repeated read of
 * a route served by version is answered from memory; `--no-cache` turns it off to measure the
 * live SQL of every read (docs/performance.md). Then the sorting phase (bench/sorts-phase.ts): the
 * SQL of every sort of every main list, both orders. Last, the mixed phase (bench/mixed.ts): 50
 * users of 20 promotions at once, 1 request in 10 a write, with the answer cache's hit rate.
 * docs/performance.md says how to read it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPLICATION_SORTS, CANDIDACY_SORTS, LOT_SORT_COLUMNS } from '@promovente/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { START_NODE_ARGS } from '../deploy/start-command.js';
import { type CpuProfile, postgresCpuMs, profileByKind } from './cpu.js';
import { call, closeAgent, signIn } from './http.js';
import { mixedPhase } from './mixed-phase.js';
import type { RequestRecord } from './server.js';
import { formatSorts, sortsPhase } from './sorts-phase.js';
import { type BenchRow, formatTable, median } from './table.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/promovente_bench';
const ONE_CONNECTION_SAMPLES = 20;

type Child = { child: ChildProcess; lines: Record<string, string> };

const startChild = (env: Record<string, string>, expect: string[]): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...START_NODE_ARGS, 'src/bench/server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Record<string, string> = {};
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let index = buffer.indexOf('\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        index = buffer.indexOf('\n');
        try {
          Object.assign(lines, JSON.parse(line));
        } catch {
          // A log line of the application: the production level keeps them few.
        }
        if (expect.every((key) => key in lines)) resolve({ child, lines });
      }
    });
    child.once('exit', (code) => reject(new Error(`bench process exited (${code}) before serving`)));
  });

type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The varied phase: requests cycle through these paths (every sort, both orders, pages, a search). */
  paths?: string[];
  /** A body per request (the command: distinct rows). */
  body?: () => unknown;
  /** Fresh rows left for a command. */
  remaining?: () => number;
  connections?: number;
  /** Called as the demo admin (admin@demo.ch, who sees every promotion) instead of the broker. */
  asAdmin?: boolean;
  /** Called as the promotion's main notary (the home page is not the broker's). */
  asNotary?: boolean;
};

const load = (url: string, endpoint: Endpoint, headers: Record<string, string>, connections: number, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const { body, paths } = endpoint;
    let next = 0;
    autocannon(
      {
        url,
        connections,
        duration,
        // A command runs out of fresh rows on a small promotion: then as many requests as rows left.
        ...(endpoint.remaining && endpoint.remaining() < 5_000 ? { amount: Math.max(connections, endpoint.remaining()) } : {}),
        // As a browser asks: the answers over 1 KB come compressed (docs/performance.md#compressed-answers).
        headers: { ...headers, 'accept-encoding': 'br, gzip', ...(body ? { 'content-type': 'application/json' } : {}) },
        // A varied phase's paths dealt in turn across all the connections: a list of requests starts
        // again on each one, and a short run at 50 connections never reached its last paths.
        requests: [
          {
            method: endpoint.method,
            path: endpoint.path,
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              ...(paths ? { path: paths[next++ % paths.length] } : {}),
              ...(body ? { body: JSON.stringify(body()) } : {}),
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

const seed = async (url: string, scale: number) => {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const started = Date.now();
  const args = ['--import', 'tsx', 'src/db/seed/cli.ts', ...(scale > 1 ? ['--scale', String(scale)] : [])];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
  return (Date.now() - started) / 1000;
};

const main = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      pglite: { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      typical: { type: 'boolean', default: false },
      users: { type: 'string', default: '50' },
      promotions: { type: 'string', default: '20' },
      writes: { type: 'string', default: '0.1' },
      out: { type: 'string', default: path.join(REPO_DIR, 'bench-results') },
    },
  });
  const url = positionals[0] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const pgliteDir = values.pglite ? path.resolve(values.pglite) : undefined;
  let seedSeconds: number | undefined;
  if (values.seed && !pgliteDir) seedSeconds = await seed(url, Number(values.seed));

  const floor = await startChild({ BENCH_MODE: 'floor' }, ['listening']);
  const appEnv: Record<string, string> = pgliteDir
    ? { BENCH_MODE: 'app', DATA_DIR: pgliteDir, DATABASE_URL: '' }
    : { BENCH_MODE: 'app', DATABASE_URL: url };
  // Off, every read runs its SQL (platform/answer-cache.ts).
  if (values['no-cache']) appEnv.ANSWER_CACHE_MB = '0';
  // The mixed phase signs 50 users in from one address: the sign-in limit is not what is measured.
  appEnv.RATE_LIMIT_MULTIPLIER = '100';
  const app = await startChild(appEnv, ['listening', 'control']);
  const { listening: base, control } = app.lines;
  const appCpuMs = async () => (JSON.parse((await call(control, 'GET', '/cpu')).body) as { ms: number }).ms;
  try {
    const picked = JSON.parse((await call(control, 'GET', values.typical ? '/pick?typical' : '/pick')).body) as {
      promotionId: number;
      lots: number;
      candidacies: number;
      promotions: number;
      broker: string;
      notary?: string;
      pairs: [number, number][];
      mainLot: { id: number; building_id: number };
    };
    const headers = await signIn(base, picked.broker);
    const adminHeaders = await signIn(base, 'admin@demo.ch');
    let notaryHeaders: Record<string, string> | undefined;
    if (picked.notary) {
      notaryHeaders = await signIn(base, picked.notary);
    }
    const p = picked.promotionId;
    let next = 0;
    const command = () => {
      const [candidacyId, lotId] = picked.pairs[next++ % picked.pairs.length];
      return { entity: 'candidacy', entity_id: candidacyId, additionnal_fields: { lot_id: lotId, promotion_id: p, priority: 9 } };
    };
    const endpoints: Endpoint[] = [
      { name: 'lots', method: 'GET', path: `/api/lots?promotion=${p}` },
      { name: 'candidacies', method: 'GET', path: `/api/candidacies?promotion=${p}` },
      { name: 'applications', method: 'GET', path: `/api/applications?promotion=${p}` },
      { name: 'tasks (`actions`)', method: 'GET', path: `/api/actions?promotion=${p}` },
      { name: 'logs', method: 'GET', path: `/api/logs?promotion=${p}` },
      { name: 'notifications', method: 'GET', path: '/api/notifications' },
      { name: '`GET user`', method: 'GET', path: '/api/user' },
      { name: 'promotion picker', method: 'GET', path: '/api/user/promotions' },
      { name: 'Mes promotions (`promotions`)', method: 'GET', path: '/api/promotions' },
      { name: 'Mes promotions, admin (`promotions`)', method: 'GET', path: '/api/promotions?search=e', asAdmin: true },
      { name: 'broker picker (`brokers/options`)', method: 'GET', path: `/api/brokers/options?promotion=${p}`, asAdmin: true },
      { name: 'dashboard', method: 'GET', path: `/api/analytics/dashboard?promotion=${p}` },
      { name: 'buildings (Lots menu)', method: 'GET', path: `/api/promotions/${p}/buildings` },
      { name: "a building's main lots", method: 'GET', path: `/api/promotions/${p}/buildings/${picked.mainLot.building_id}/lots` },
      {
        name: 'a lot and its associated lots',
        method: 'GET',
        path: `/api/promotions/${p}/buildings/${picked.mainLot.building_id}/lots/${picked.mainLot.id}`,
      },
      {
        name: "a lot's pickers' choices",
        method: 'GET',
        path: `/api/promotions/${p}/buildings/${picked.mainLot.building_id}/lots/${picked.mainLot.id}/choices`,
      },
      { name: 'people menus', method: 'GET', path: `/api/promotions/${p}/people` },
      { name: 'planning', method: 'GET', path: `/api/planning?promotion_id=${p}` },
      { name: 'finances', method: 'GET', path: `/api/finances?promotion_id=${p}` },
      { name: 'thread list (`threads`)', method: 'GET', path: `/api/threads?promotion=${p}` },
      { name: 'thread search (`threads`)', method: 'GET', path: `/api/threads?promotion=${p}&search=lot` },
      { name: 'unread summary', method: 'GET', path: '/api/threads/promotions-unread-summary' },
      { name: 'FAQ (`questions`)', method: 'GET', path: `/api/promotions/${p}/questions` },
      { name: 'documents library (`files`)', method: 'GET', path: `/api/files?promotion=${p}` },
      { name: 'data-room log (`files_log`)', method: 'GET', path: `/api/files_log?promotion=${p}` },
      { name: 'data-room log people (`files_log/people`)', method: 'GET', path: `/api/files_log/people?promotion=${p}` },
      { name: 'progress albums', method: 'GET', path: `/api/photoGroups?promotion=${p}` },
      { name: 'campaigns (Marketing)', method: 'GET', path: `/api/campaigns?promotion=${p}&orderBy=price&order=desc` },
      { name: 'marketing reports', method: 'GET', path: `/api/promotions/${p}/marketing-reports` },
      { name: 'home page (notary)', method: 'GET', path: `/api/promotions/${p}/home`, asNotary: true },
      // The varied phase: a reader who sorts and pages, never the same page twice in a row.
      ...(
        [
          ['lots', '/api/lots', LOT_SORT_COLUMNS],
          ['candidacies', '/api/candidacies', CANDIDACY_SORTS],
          ['applications', '/api/applications', APPLICATION_SORTS],
        ] as const
      ).map(([name, route, sorts]) => {
        const paths = sorts.flatMap((column) =>
          ['asc', 'desc'].flatMap((order) => [1, 2].map((page) => `${route}?promotion=${p}&orderBy=${column}&order=${order}&page=${page}`)),
        );
        paths.push(`${route}?promotion=${p}&search=a`, `${route}?promotion=${p}&search=e&page=2`);
        const varied: Endpoint = {
          name: `${name}, varied (${paths.length} sorts, orders, pages, searches)`,
          method: 'GET',
          path: paths[0],
          paths,
        };
        return varied;
      }),
      {
        name: 'attributeLot (command)',
        method: 'POST',
        path: '/api/commands/attributeLot',
        body: command,
        remaining: () => picked.pairs.length - next,
        connections: 10,
      },
    ]
      .filter((e) => !values.only || values.only.split(',').some((o) => e.name.includes(o)))
      .filter((e) => {
        if (e.asNotary && !notaryHeaders) {
          console.warn(`${e.name}: skipped, promotion ${p} has no notary.`);
          return false;
        }
        if (!e.body || picked.pairs.length > 0) return true;
        console.warn(`${e.name}: skipped, no fresh (candidacy, lot) pair left in promotion ${p}; seed again (--seed).`);
        return false;
      }) as Endpoint[];

    // The floor, at 1 connection then at N.
    const floorBase = floor.lines.listening;
    const floorOne: number[] = [];
    for (let i = 0; i < ONE_CONNECTION_SAMPLES + 5; i++) floorOne.push((await call(floorBase, 'GET', '/floor')).ms);
    const floorLoad = await load(floorBase, { name: 'floor', method: 'GET', path: '/floor' }, {}, connections, duration);
    const floorP50One = median(floorOne.slice(5));
    const rows: BenchRow[] = [];
    for (const endpoint of endpoints) {
      // 1 connection: warm-up (plans, caches), then the recorded samples.
      const samples: number[] = [];
      const as = endpoint.asAdmin ? adminHeaders : endpoint.asNotary && notaryHeaders ? notaryHeaders : headers;
      const pathOf = (i: number) => (endpoint.paths ? endpoint.paths[i % endpoint.paths.length] : endpoint.path);
      for (let i = 0; i < 3; i++) await call(base, endpoint.method, pathOf(i), as, endpoint.body?.());
      await call(control, 'GET', '/record/on');
      for (let i = 0; i < Math.max(ONE_CONNECTION_SAMPLES, endpoint.paths?.length ?? 0); i++) {
        const answer = await call(base, endpoint.method, pathOf(i + 3), as, endpoint.body?.());
        if (answer.status >= 300) throw new Error(`${endpoint.name}: ${answer.status} ${answer.body.slice(0, 300)}`);
        samples.push(answer.ms);
      }
      await call(control, 'GET', '/record/off');
      const records = (JSON.parse((await call(control, 'GET', '/stats')).body) as { records: RequestRecord[] }).records;
      const plans = JSON.parse((await call(control, 'GET', '/explain')).body) as { planning: number; execution: number; replayed: number };
      const cpuBefore = { app: await appCpuMs(), postgres: await postgresCpuMs() };
      if (values.profile) await call(control, 'GET', '/profile/start');
      const result = await load(base, endpoint, as, endpoint.connections ?? connections, duration);
      const profile = values.profile ? (JSON.parse((await call(control, 'GET', '/profile/stop')).body) as CpuProfile) : undefined;
      const cpuAfter = { app: await appCpuMs(), postgres: await postgresCpuMs() };
      const served = Math.max(1, result.requests.total);
      const byKind = profile ? profileByKind(profile) : undefined;
      if (profile) {
        const file = path.join(values.out, `${endpoint.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
        await mkdir(values.out, { recursive: true });
        await writeFile(file, JSON.stringify(profile));
      }
      const row: BenchRow = {
        endpoint: endpoint.name,
        connections: endpoint.connections ?? connections,
        // Total over elapsed time: the per-second average misleads on a run cut short by `amount`.
        reqPerSec: result.requests.total / Math.max(result.duration, 0.001),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors + result.timeouts,
        statements: median(records.map((r) => r.statements.length)),
        sqlMs: median(records.map((r) => r.statements.reduce((sum, s) => sum + s.ms, 0))),
        httpP50One: median(samples),
        planningMs: plans.planning,
        executionMs: plans.execution,
        bytes: result.throughput.total / Math.max(1, result.requests.total),
        appCpuMs: (cpuAfter.app - cpuBefore.app) / served,
        postgresCpuMs: cpuAfter.postgres === null || cpuBefore.postgres === null ? null : (cpuAfter.postgres - cpuBefore.postgres) / served,
        ...(byKind
          ? { profile: byKind.map(({ kind, ms, share }) => ({ kind, ms: Number(ms.toFixed(1)), share: Number(share.toFixed(3)) })) }
          : {}),
        statements1: (records[records.length - 1]?.statements ?? []).map((s) => ({
          ms: Number(s.ms.toFixed(2)),
          text: s.text.replace(/\s+/g, ' ').slice(0, 300),
        })),
      };
      rows.push(row);
      console.log(
        `${row.endpoint}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.statements} statements, SQL ${row.sqlMs.toFixed(1)} ms, ` +
          `CPU per request ${row.appCpuMs.toFixed(2)} ms Node + ${row.postgresCpuMs?.toFixed(2) ?? '?'} ms PostgreSQL`,
      );
      for (const { kind, share } of row.profile ?? [])
        if (share >= 0.02) console.log(`    ${(share * 100).toFixed(0).padStart(3)} %  ${kind}`);
    }

    const phase = (name: string) => !values.only || values.only.split(',').includes(name);
    const sorts = phase('sorting') ? await sortsPhase({ base, control, headers, promotionId: p }) : undefined;
    if (phase('mixed') && values.profile) await call(control, 'GET', '/profile/start');
    const mixed = phase('mixed')
      ? await mixedPhase({
          base,
          control,
          users: Number(values.users),
          promotions: Number(values.promotions),
          writes: Number(values.writes),
          duration,
        })
      : undefined;
    if (mixed && values.profile) {
      await mkdir(values.out, { recursive: true });
      await writeFile(path.join(values.out, 'mixed.cpuprofile'), (await call(control, 'GET', '/profile/stop')).body);
    }
    if (mixed) {
      console.log(
        `mixed: ${mixed.users} users of ${mixed.promotions} promotions, ${mixed.reqPerSec.toFixed(0)} req/s, p50 ${mixed.p50} ms, ` +
          `p95 ${mixed.p95} ms, p99 ${mixed.p99} ms, ${(mixed.writeShare * 100).toFixed(0)} % writes, hit rate ${(mixed.hitRate * 100).toFixed(0)} % (${(mixed.joinedRate * 100).toFixed(0)} % joined); ` +
          `reads p50/p95/p99 ${mixed.reads.p50}/${mixed.reads.p95}/${mixed.reads.p99} ms, writes ${mixed.writes.p50}/${mixed.writes.p95}/${mixed.writes.p99} ms`,
      );
    }

    const meta = {
      date: new Date().toISOString(),
      database: pgliteDir ? `PGlite ${pgliteDir}` : url.replace(/\/\/[^@/]*@/, '//***@'),
      // The load average at the end tells whether something else shared the machine during the run.
      cores: os.cpus().length,
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
      connections,
      duration,
      answerCache: values['no-cache']
        ? 'off (--no-cache): every read runs its SQL'
        : 'on: a repeated read of a route served by version comes from memory',
      promotion: { id: p, lots: picked.lots, candidacies: picked.candidacies },
      user: { email: picked.broker, promotions: picked.promotions },
      floor: { reqPerSec: floorLoad.requests.average, p50: floorLoad.latency.p50, p99: floorLoad.latency.p99, httpP50One: floorP50One },
      seedSeconds,
      mixed,
    };
    const markdown = `${formatTable(meta, rows)}${sorts ? `\n${formatSorts(sorts)}\n` : ''}`;
    console.log(`\n${markdown}`);
    await mkdir(values.out, { recursive: true });
    await writeFile(path.join(values.out, 'latest.md'), markdown);
    await writeFile(path.join(values.out, 'latest.json'), `${JSON.stringify({ ...meta, rows, sorts }, null, 2)}\n`);
    console.log(`Written: ${path.relative(process.cwd(), path.join(values.out, 'latest.md'))} and latest.json`);
  } finally {
    floor.child.kill('SIGTERM');
    app.child.kill('SIGTERM');
    closeAgent();
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
