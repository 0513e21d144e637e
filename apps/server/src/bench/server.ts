/**
 * One process of the bench (npm run bench spawns it, so that the load generator never shares
 * its event loop): BENCH_MODE=floor is a bare Fastify answering a constant JSON, BENCH_MODE=app
 * is the application as main.ts builds it (DATABASE_URL, else PGlite in DATA_DIR/pglite), with
 * the production logger level. Both print one JSON line {"listening": url} once they serve.
 *
 * The app process also counts the SQL statements of each request and their time as the driver
 * sees it (send to answer, on loopback): pg_stat_statements needs shared_preload_libraries and
 * a server restart, which a shared machine may not allow. Every pg query is wrapped once; a
 * request runs in an AsyncLocalStorage context whose record the wrapper fills. A second
 * listener (BENCH control port) answers GET /stats with the records since the last reset.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { seedDemo } from '../db/seed/demo.js';
import { startJobs } from '../platform/jobs.js';
import { createLogger } from '../platform/log.js';
import { createMailer, MAIL_QUEUE } from '../platform/mail.js';
import { startMaintenance } from '../platform/maintenance.js';
import { prepareAnswerSerialisers } from '../platform/routes.js';
import { storageOf } from '../platform/storage.js';
import type { FloorMember } from './mixed.js';

export type Statement = { text: string; values?: unknown[]; ms: number };
export type RequestRecord = { method: string; url: string; status: number; ms: number; statements: Statement[] };

const announce = (url: string) => process.stdout.write(`${JSON.stringify({ listening: url })}\n`);

const floor = async () => {
  const app = Fastify({ logger: false });
  app.get('/floor', async () => ({ status: 'ok', data: [1, 2, 3] }));
  announce(await app.listen({ port: 0, host: '127.0.0.1' }));
};

type Capture = { statements: Statement[] };
const context = new AsyncLocalStorage<Capture>();

/**
 * Wraps pg's Client#query (promise and callback forms) and PGlite#query to time the statements
 * of the current request. PGlite's transactions query through their own object: statements
 * inside a PGlite transaction are not counted.
 */
const recordStatements = () => {
  wrapQuery(pg.Client.prototype);
  wrapQuery(PGlite.prototype);
};

type QueryMethod = (this: unknown, ...args: unknown[]) => unknown;

/** pg's and PGlite's query overloads differ: the wrapper handles both forms, so it reads either as a plain method. */
const wrapQuery = (proto: { query: unknown }) => {
  const original = proto.query as QueryMethod;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const capture = context.getStore();
    if (!capture) return original.apply(this, args);
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    // drizzle passes the parameters beside the config object, pg-boss inside it.
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : typeof config === 'string' ? undefined : config?.values;
    const started = performance.now();
    const done = () => capture.statements.push({ text, values, ms: performance.now() - started });
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => void;
      args[last] = (...a: unknown[]) => {
        done();
        callback(...a);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') {
      result.then(done, done);
    }
    return result;
  };
};

const application = async () => {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  recordStatements();
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE })
    : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  const sqlRows = async <T>(text: string, values?: unknown[]) => (await database.executor.executeSql(text, values)).rows as T[];
  // PGlite at demo size: seeded on its first start, like main.ts.
  if (database.kind === 'pglite' && (await sqlRows<{ n: number }>('select count(*)::int as n from promotions'))[0].n === 0) {
    await seedDemo(database.db, { scale: 1 });
  }
  const jobs = await startJobs(database, { log, pollingIntervalSeconds: config.OUTBOX_POLL_SECONDS, supervise: true });
  // The server's own maintenance, as main.ts runs it: the bench measures the server as it runs.
  await startMaintenance(database.db, log);
  const mailer = createMailer(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  await jobs.work(MAIL_QUEUE, (data: { id: number }, finalAttempt) => mailer.deliver(data.id, finalAttempt));
  // The answers' serialisers, their unions' validators compiled before the first request (platform/routes.ts).
  prepareAnswerSerialisers();
  const app = await buildApp({
    config: { ...config, WEB_DIST: '' },
    database,
    jobs,
    storage: storageOf(config),
    logger: log,
  });

  // Every request in its own capture, kept while recording is on (the 1-connection phase).
  let recording = false;
  let records: RequestRecord[] = [];
  const server = app.server;
  const handlers = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!recording) {
      for (const handler of handlers) handler(req, res);
      return;
    }
    const capture: Capture = { statements: [] };
    const started = performance.now();
    res.once('finish', () =>
      records.push({
        method: req.method ?? '',
        url: req.url ?? '',
        status: res.statusCode,
        ms: performance.now() - started,
        statements: capture.statements,
      }),
    );
    context.run(capture, () => {
      for (const handler of handlers) handler(req, res);
    });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  // The CPU profile of a load phase (npm run bench --profile), sampled in this process.
  const inspector = new Session();
  inspector.connect();
  const control = http.createServer(async (req, res) => {
    if (req.url === '/cpu') {
      const usage = process.cpuUsage();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ms: (usage.user + usage.system) / 1000 }));
      return;
    }
    if (req.url === '/profile/start') {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.post('Profiler.start');
      res.end('{}');
      return;
    }
    if (req.url === '/profile/stop') {
      const { profile } = await inspector.post('Profiler.stop');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(profile));
      return;
    }
    if (req.url === '/pick' || req.url === '/pick?typical') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(await pick(sqlRows, req.url.endsWith('?typical') ? 'typical' : 'largest')));
      return;
    }
    if (req.url?.startsWith('/floor-members')) {
      const promotions = Number(new URL(req.url, 'http://control').searchParams.get('promotions') ?? 20);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(await floorMembers(sqlRows, promotions)));
      return;
    }
    if (req.url === '/answers/clear') {
      app.answers.clear();
      res.setHeader('content-type', 'application/json');
      res.end('{}');
      return;
    }
    if (req.url === '/answers') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(app.answers.stats()));
      return;
    }
    if (req.url === '/explain') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(await explain(sqlRows, records[records.length - 1]?.statements ?? [])));
      return;
    }
    if (req.url === '/record/on') {
      records = [];
      recording = true;
    } else if (req.url === '/record/off') {
      recording = false;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url === '/stats' ? { records } : { recording }));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const address = control.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ control: `http://127.0.0.1:${address.port}`, database: database.kind })}\n`);
  announce(url);
};

type SqlRows = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/**
 * The realistic user and the rows the bench works on: the promotion with the most lots (or, for
 * 'typical', the promotion of median size among those with lots), its first broker (not an admin), its main notary (the home page), and for attributeLot distinct (candidacy, lot) pairs of that
 * broker's agency, main lots with no application between them yet.
 */
const pick = async (sqlRows: SqlRows, which: 'largest' | 'typical') => {
  const [promotion] = await sqlRows<{ id: number; lots: number }>(
    `with sizes as (select promotion_id as id, count(*)::int as lots from lots group by promotion_id)
     select id, lots from sizes order by lots desc, id
     offset ${which === 'typical' ? '(select count(*) / 2 from sizes)' : '0'} limit 1`,
  );
  const [broker] = await sqlRows<{ id: number; email: string; agency_id: number }>(
    `select u.id, u.email, u.agency_id from promotion_user pu join users u on u.id = pu.user_id
     where pu.promotion_id = $1 and u.type = 'broker' and not u.admin order by u.id limit 1`,
    [promotion.id],
  );
  const candidacies = await sqlRows<{ id: number }>(
    `select c.id from candidacies c where c.promotion_id = $1 and c.agency_id = $2
     order by c.id limit 2000`,
    [promotion.id, broker.agency_id],
  );
  // A multi-agency lot takes at most 3 ranked positions (lifecycle.positions.ts): its capacity.
  const lots = await sqlRows<{ id: number; capacity: number }>(
    `select l.id, case when p.multi_agency then 3 - (select count(*)::int from applications a
       where a.lot_id = l.id and not a.hidden and a.closed_at is null and a.priority < 9) else 1000 end as capacity
     from lots l join promotions p on p.id = l.promotion_id
     where l.promotion_id = $1 and l.parent_id is null and l.raw_status = 0 and l.status = 0 order by l.id`,
    [promotion.id],
  );
  const [counts] = await sqlRows<{ candidacies: number; promotions: number }>(
    `select (select count(*)::int from candidacies where promotion_id = $1) as candidacies,
            (select count(*)::int from promotion_user where user_id = $2) as promotions`,
    [promotion.id, broker.id],
  );
  const taken = new Set(
    (
      await sqlRows<{ pair: string }>(
        `select candidacy1_id || '-' || lot_id as pair from applications where promotion_id = $1
         union all select candidacy2_id || '-' || lot_id from applications where promotion_id = $1 and candidacy2_id is not null`,
        [promotion.id],
      )
    ).map((r) => r.pair),
  );
  // Each candidacy on a different lot in each round (a later run skips the pairs an earlier one made).
  const pairs: [number, number][] = [];
  for (let round = 0; round < lots.length && pairs.length < 20_000; round++) {
    candidacies.forEach((c, i) => {
      const lot = lots[(i + round) % lots.length];
      if (lot.capacity > 0 && !taken.has(`${c.id}-${lot.id}`)) {
        lot.capacity--;
        pairs.push([c.id, lot.id]);
      }
    });
  }
  // The 'Lots' menu's reads: the promotion's main lot with the most associated lots, and its building.
  const [mainLot] = await sqlRows<{ id: number; building_id: number }>(
    `select l.id, l.building_id from lots l where l.promotion_id = $1 and l.parent_id is null
     order by (select count(*) from lots c where c.parent_id = l.id) desc, l.id limit 1`,
    [promotion.id],
  );
  // The home page's reader: the promotion's main notary (home.read is for candidates, notaries and investors).
  const [notary] = await sqlRows<{ email: string }>(
    `select u.email from promotion_user pu join users u on u.id = pu.user_id
     where pu.promotion_id = $1 and u.type = 'notary' order by pu.main desc, u.id limit 1`,
    [promotion.id],
  );
  return { promotionId: promotion.id, lots: promotion.lots, ...counts, broker: broker.email, notary: notary?.email, pairs, mainLot };
};

/**
 * The mixed phase's floor (bench/mixed.ts): the `promotions` promotions with the most lots, biggest
 * first, each with its brokers (not admins) and, for each, a candidacy of his agency there to
 * comment on.
 */
const floorMembers = async (sqlRows: SqlRows, promotions: number): Promise<FloorMember[][]> => {
  const rows = await sqlRows<{ promotionId: number; lots: number; email: string; candidacyId: number | null }>(
    `with top as (
       select promotion_id as id, count(*)::int as lots from lots group by promotion_id order by count(*) desc, promotion_id limit $1
     )
     select t.id as "promotionId", t.lots, u.email,
       (select c.id from candidacies c where c.promotion_id = t.id and c.agency_id = u.agency_id order by c.id limit 1) as "candidacyId"
     from top t join promotion_user pu on pu.promotion_id = t.id join users u on u.id = pu.user_id
     where u.type = 'broker' and not u.admin
     order by t.lots desc, t.id, u.id`,
    [promotions],
  );
  const byPromotion = new Map<number, FloorMember[]>();
  for (const { promotionId, email, candidacyId } of rows) {
    if (candidacyId === null) continue;
    const members = byPromotion.get(promotionId) ?? [];
    members.push({ email, promotionId, candidacyId });
    byPromotion.set(promotionId, members);
  }
  return [...byPromotion.values()];
};

/**
 * Where the server's SQL time goes: each read statement of one request again under EXPLAIN
 * ANALYZE, with its parameters, for PostgreSQL's planning and execution times (writes are not
 * replayed).
 */
const explain = async (sqlRows: SqlRows, statements: Statement[]) => {
  let planning = 0;
  let execution = 0;
  let replayed = 0;
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.text)) continue;
    try {
      const [row] = await sqlRows<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
        `explain (analyze, format json) ${s.text}`,
        s.values,
      );
      const plan = row['QUERY PLAN'][0];
      planning += plan['Planning Time'];
      execution += plan['Execution Time'];
      replayed++;
    } catch (error) {
      console.error(`explain failed: ${(error as Error).message}: ${s.text.slice(0, 200)}`);
    }
  }
  return { planning, execution, replayed };
};

const mode = process.env.BENCH_MODE;
(mode === 'floor' ? floor() : application()).catch((error) => {
  console.error(error);
  process.exit(1);
});
