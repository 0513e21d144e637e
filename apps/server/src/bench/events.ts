/**
 * npm run bench:events -w @promovente/server -- [--streams 200] [--changes 100] [--idle 1000] [--database URL]
 *
 * The live events measured (issue 21; docs/performance.md#live-events): two server processes on
 * one PostgreSQL database (`promovente_events_bench`, migrated and seeded with the demo on its
 * first run), --streams event streams open on the second, and --changes lot price changes made
 * through the first, one every 100 ms. It reports the time from a change's request to its event
 * on every stream of the other process (p50, p99, the worst), the change's own answer time, then
 * opens --idle streams on one process and reports its memory per stream and its CPU while they
 * are idle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { START_NODE_ARGS } from '../deploy/start-command.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'demo-2026';

type Server = { child: ChildProcess; url: string };

const startProcess = async (env: NodeJS.ProcessEnv, port: number): Promise<Server> => {
  const child = spawn(process.execPath, [...START_NODE_ARGS, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready when its health answers.
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the process on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) return { child, url };
    if (waited > 60_000) throw new Error(`the process on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const signIn = async (url: string, email: string) => {
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
};

/** An open stream that calls `onLots` with the arrival time of each lots event. */
const openStream = (url: string, token: string, onLots: (at: number) => void) =>
  new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` }, agent: false });
    request.once('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (chunk.includes('"what":"lots"')) onLots(performance.now());
      });
      resolve(request);
    });
    request.once('error', reject);
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A process's resident memory (kB) and CPU time (ms), from /proc. */
const usageOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rssKb: rss, cpuMs: (ticks * 1000) / 100 };
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '200' },
      changes: { type: 'string', default: '100' },
      idle: { type: 'string', default: '1000' },
      database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/promovente_events_bench' },
    },
  });
  const streamCount = Number(values.streams);
  const changeCount = Number(values.changes);
  const idleCount = Number(values.idle);

  // The database, created, migrated and seeded on the first run (the seed runs the migrations).
  const url = new URL(values.database);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  const env = {
    ...process.env,
    DATABASE_URL: values.database,
    FILE_URL_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: path.join(os.tmpdir(), 'promovente-events-bench'),
    ANSWER_CACHE_MB: '64',
  };
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  const tables = await client.query("select count(*)::int as n from information_schema.tables where table_name = 'promotions'");
  const seeded = tables.rows[0].n > 0 && (await client.query('select count(*)::int as n from promotions')).rows[0].n > 0;
  if (!seeded) {
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ['--import', 'tsx', 'src/db/seed/cli.ts'], { cwd: SERVER_DIR, env, stdio: 'inherit' });
      seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the seed exited with ${code}`))));
    });
  }
  // An available lot of a promotion of the demo broker and promoter, whose price the changes move
  // (a multi-agency promotion's prices are fixed).
  const { rows } = await client.query<{ id: number; price: number }>(
    `select l.id, l.raw_price as price from lots l join promotions p on p.id = l.promotion_id
      where not p.multi_agency and l.status = 0
        and p.id in (select pu.promotion_id from promotion_user pu join users u on u.id = pu.user_id where u.email = 'courtier@demo.ch')
        and p.id in (select pu.promotion_id from promotion_user pu join users u on u.id = pu.user_id where u.email = 'promoteur@demo.ch')
      order by l.id limit 1`,
  );
  await client.end();
  const lot = rows[0];
  if (!lot) throw new Error('no available lot in a promotion of the demo broker and promoter');

  const writer = await startProcess(env, 3301);
  const pusher = await startProcess(env, 3302);
  const children = [writer.child, pusher.child];
  try {
    // The streams of the second process: the promotion's broker, promoter and an admin, in turn.
    const readers = await Promise.all(['courtier@demo.ch', 'promoteur@demo.ch', 'admin@demo.ch'].map((email) => signIn(pusher.url, email)));
    const writerToken = await signIn(writer.url, 'courtier@demo.ch');
    const arrivals: number[][] = Array.from({ length: streamCount }, () => []);
    const streams = await Promise.all(
      Array.from({ length: streamCount }, (_, i) => openStream(pusher.url, readers[i % readers.length], (at) => arrivals[i].push(at))),
    );

    const sent: number[] = [];
    const answered: number[] = [];
    for (let i = 0; i < changeCount; i++) {
      const price = lot.price + ((i % 2) + 1) * 1000;
      const started = performance.now();
      sent.push(started);
      const answer = await fetch(`${writer.url}/api/lots/${lot.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${writerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: lot.id, price }),
      });
      if (!answer.ok) throw new Error(`change ${i}: ${answer.status} ${await answer.text()}`);
      answered.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // Each change's event on each stream: the first lots event after the change was sent.
    const latencies: number[] = [];
    let missing = 0;
    for (const times of arrivals) {
      for (const [i, at] of sent.entries()) {
        const next = sent[i + 1] ?? Number.POSITIVE_INFINITY;
        const arrival = times.find((time) => time >= at && time < next + 1000);
        if (arrival === undefined) missing += 1;
        else latencies.push(arrival - at);
      }
    }
    latencies.sort((a, b) => a - b);
    answered.sort((a, b) => a - b);
    for (const stream of streams) stream.destroy();
    console.log(`\nLive events: ${changeCount} changes through process 1, ${streamCount} streams on process 2`);
    console.log(
      `  change to event: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, worst ${(latencies.at(-1) ?? 0).toFixed(1)} ms; ${latencies.length} events, ${missing} missing`,
    );
    console.log(`  the change's own answer: p50 ${percentile(answered, 50).toFixed(1)} ms, p99 ${percentile(answered, 99).toFixed(1)} ms`);

    // Idle streams on one process: memory per stream, CPU while nothing changes (after 10 s for
    // the first phase's connections to close and its garbage to be collected).
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const pid = pusher.child.pid ?? 0;
    const quietMs = 30_000;
    // The process's own background (the job queue's polling, its heartbeat) without streams,
    // once its first minute's work is done (measured right after it, a window read 22 ms per
    // second, the next one 1.7).
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const baseline = await usageOf(pid);
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const before = await usageOf(pid);
    const idle: http.ClientRequest[] = [];
    for (let i = 0; i < idleCount; i += 100) {
      idle.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, idleCount - i) }, (_, j) =>
            openStream(pusher.url, readers[(i + j) % readers.length], () => {}),
          ),
        )),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const opened = await usageOf(pid);
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const after = await usageOf(pid);
    for (const stream of idle) stream.destroy();
    console.log(`\n${idleCount} idle streams on one process`);
    console.log(
      `  memory: ${(before.rssKb / 1024).toFixed(0)} MB before, ${(opened.rssKb / 1024).toFixed(0)} MB with them: ${((opened.rssKb - before.rssKb) / idleCount).toFixed(1)} kB per stream`,
    );
    const perSecond = (ms: number) => (ms / (quietMs / 1000)).toFixed(1);
    console.log(
      `  CPU while idle: ${perSecond(after.cpuMs - opened.cpuMs)} ms per second with them (pings every 25 s, the session check every minute), ${perSecond(before.cpuMs - baseline.cpuMs)} ms per second without (the job queue's polling, the heartbeat)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))),
    );
  }
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
