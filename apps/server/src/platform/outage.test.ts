import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../test/fixtures.js';
import { withDatabase } from '../test/global-setup.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { request, type ServerDatabase, type ServerProcess, serverDatabase, signInDemo, startServer } from '../test/server-process.js';
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from './errors.js';

const UNAVAILABLE = { message: SERVICE_UNAVAILABLE };

describe('API answers are never cached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers Cache-Control: no-store on success, refusal, validation error and unknown API path', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const headers = bearer(await signIn(ctx.app, broker.email));
    const calls = [
      { method: 'GET' as const, url: '/api/user', headers, status: 200 },
      { method: 'GET' as const, url: '/api/user', headers: {}, status: 401 },
      { method: 'POST' as const, url: '/api/login', headers: {}, payload: { email: 'x' }, status: 400 },
      { method: 'GET' as const, url: '/api/nulle-part', headers: {}, status: 404 },
      { method: 'GET' as const, url: '/api/health', headers: {}, status: 200 },
    ];
    for (const { status, ...call } of calls) {
      const response = await ctx.app.inject(call);
      expect({ url: call.url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url: call.url,
        status,
        cache: 'no-store',
      });
    }
  });
});

describe('errors of an unreachable database are recognised', () => {
  it('knows the PostgreSQL, pool, socket and PGlite errors, through the cause Drizzle wraps them in', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const error of [
      coded('57P01'),
      coded('08006'),
      coded('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
      new Error('Failed query: select 1\nparams: : database "x" is not currently accepting connections'),
      new Error('Failed query: select 1', { cause: coded('57P01') }),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    for (const error of [coded('23505'), coded('22P02'), new Error('relation "x" does not exist'), 'Connection terminated']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const describeOnPglite = onPostgres ? () => {} : describe;
const describeOnPostgres = onPostgres ? describe : () => {};

describeOnPglite('a database that stops answering (the embedded database closed)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close().catch(() => {});
  });

  it('health and every route answer 503 in French, not 500', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const headers = bearer(await signIn(ctx.app, broker.email));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    await ctx.jobs.stop();
    await ctx.database.close();

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', ...UNAVAILABLE });
    for (const call of [
      { method: 'GET' as const, url: '/api/user', headers },
      { method: 'POST' as const, url: '/api/login', payload: { email: broker.email, password: 'x' } },
    ]) {
      const response = await ctx.app.inject(call);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
    }
  });
});

/** The application's own connections to its database, cut by the server (pg_terminate_backend). */
const terminateBackends = async (admin: pg.Client, database: string) => {
  const result = await admin.query(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return result.rows[0].n as number;
};

describeOnPostgres('connections terminated by PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 503 in French during the outage, then serves again within 2 s without a restart', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const headers = bearer(await signIn(ctx.app, broker.email));
    const url = ctx.database.url as string;
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await admin.connect();
    // Fill the pool so that every connection it holds is one the server then cuts.
    await Promise.all(Array.from({ length: 10 }, () => ctx.database.db.execute(sql`select pg_sleep(0.05)`)));
    try {
      // The outage: the database refuses new connections and cuts the open ones.
      await admin.query(`alter database ${name} allow_connections false`);
      const cut = await terminateBackends(admin, name);
      expect(cut).toBeGreaterThan(0);
      const calls = () =>
        Promise.all([
          ctx.app.inject({ method: 'GET', url: '/api/health' }),
          ctx.app.inject({ method: 'GET', url: '/api/user', headers }),
          ctx.app.inject({ method: 'GET', url: '/api/lots', headers }),
        ]);
      // At once (the pool's connections are cut), then once the pool has dropped them and has
      // to open new ones, which the database refuses.
      const during = await calls();
      await new Promise((resolve) => setTimeout(resolve, 300));
      during.push(...(await calls()));
      for (const response of during) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject(UNAVAILABLE);
        expect(response.body).not.toMatch(/terminat|57P|ECONN|pg_|at \//i);
      }
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    const back = Date.now();
    let health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    while (health.statusCode !== 200 && Date.now() - back < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    }
    const recoveredIn = Date.now() - back;
    expect(health.statusCode).toBe(200);
    expect(recoveredIn).toBeLessThan(2000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
  });
});

describeOnPostgres('connections terminated by PostgreSQL under the real server process', () => {
  let data: ServerDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    data = await serverDatabase('outage');
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await data.drop();
  });

  it('keeps running (the job queue loses its connections too), answers 503 for 2 s of outage, then serves again within 2 s', async () => {
    server = await startServer(data.env);
    const headers = await signInDemo(server.url);
    const name = new URL(data.url as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(data.url as string, 'postgres') });
    await admin.connect();
    const statuses: (number | string)[] = [];
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      expect(await terminateBackends(admin, name)).toBeGreaterThan(0);
      const until = Date.now() + 2000;
      while (Date.now() < until) {
        for (const path of ['/api/health', '/api/user', '/api/lots']) {
          const answer = await request(server.url, { path, headers }).answer;
          statuses.push('status' in answer ? answer.status : answer.error);
          if ('status' in answer) expect(JSON.parse(answer.body)).toMatchObject(UNAVAILABLE);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    const back = Date.now();
    let health = await request(server.url, { path: '/api/health' }).answer;
    while (!('status' in health && health.status === 200) && Date.now() - back < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = await request(server.url, { path: '/api/health' }).answer;
    }
    const recoveredIn = Date.now() - back;
    expect(new Set(statuses)).toEqual(new Set([503]));
    expect(server.child.exitCode).toBeNull();
    expect(recoveredIn).toBeLessThan(2000);
    const user = await request(server.url, { path: '/api/user', headers }).answer;
    expect('status' in user && user.status).toBe(200);
    console.info(
      `[outage postgres, real process] ${statuses.length} calls during 2 s of outage, all 503; health back ${recoveredIn} ms after`,
    );
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 120_000);
});
