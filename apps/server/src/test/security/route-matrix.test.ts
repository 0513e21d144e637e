import { API_ROUTES } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands.js';
import { firstRowOf } from '../../db/rows.js';
import { createTestContext, type TestContext } from '../harness.js';
import { injectAny } from '../inject.js';
import { COMMAND_CALLS, ROUTE_CALLS } from './calls.js';
import { COMMAND_TABLE, cellsOf, type Expectation, meets, ROUTE_TABLE } from './expected-access.js';
import { buildWorld, PRINCIPALS, type Principal, type World } from './world.js';

/**
 * Route x principal matrix (issue 8): every registered API route and every command, called by
 * each of the 13 principals with real ids of promotion A, answers what expected-access.ts says.
 * The routes are the ones the application registers (an onRoute collector), so a new route
 * without a row fails here.
 */

const COMMAND_ROUTES = ['POST /api/app/executeCommand', 'POST /api/commands/:name'];

/** The refused principals first, so that an allowed call that removes a row comes last. */
const callOrder = (cells: Record<Principal, Expectation>) =>
  [...PRINCIPALS].sort((a, b) => Number(cells[a] === 'ok') - Number(cells[b] === 'ok'));

type Mismatch = { call: string; principal: Principal; expected: Expectation; status: number; body: string };

let ctx: TestContext;
let world: World;
const registered: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push(`${method} ${route.url}`);
    },
  });
  world = await buildWorld(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

/** The API routes to cover: every entry of the catalogue (docs/architecture.md, 'The API catalogue'). */
const CATALOGUE = Object.values(API_ROUTES).map((spec) => `${spec.method} /api${spec.path}`);

/** What the application registers under /api: Fastify's automatic HEAD of a GET follows the GET's row. */
const registeredApiRoutes = () =>
  registered.filter((key) => {
    const [method, url] = key.split(' ');
    if (!url.startsWith('/api')) return false;
    return !(method === 'HEAD' && registered.includes(`GET ${url}`));
  });
const apiRoutes = () => CATALOGUE;

/**
 * The successful writes that change nothing a cached answer reads (migration 0017 leaves their
 * tables out): a demo request, a password reset's link, a notification's read mark, a session
 * closed, the selected promotion (which the cache's key holds, not the data), a sign-in (its
 * count of connections is in its reader's key, its instant in no answer: migration 0028). And the
 * people calls of the matrix, which attach to A a person the world already made a member of it
 * (a 200 that changes no row: nothing to version).
 */
const WRITES_WITHOUT_VERSION = new Set([
  'POST /api/askdemo',
  'POST /api/logout',
  'POST /api/login',
  'PUT /api/user/promotion',
  'POST /api/password/create',
  'PUT /api/notifications/:id/read',
  'POST /api/promotions/:id/add-architect/:userId',
  'POST /api/promotions/:id/add-banker/:userId',
  'POST /api/promotions/:id/add-broker/:userId',
  'POST /api/promotions/:id/add-notary/:userId',
  'POST /api/promotions/:id/add-promoter/:userId',
]);

/** The sum of every version (migration 0017): any change of versioned data raises it. */
const totalVersion = async () =>
  Number(
    (await firstRowOf<{ total: string }>(ctx.database.db, sql`select coalesce(sum(version), 0)::text as total from data_versions`))?.total,
  );

/** The successful writes that raised no version, which the answer cache would not see. */
const unversionedWrites = new Set<string>();

const send = async (
  method: string,
  principal: Principal,
  request: { url: string; payload?: unknown; headers?: Record<string, string> },
  call: string,
) => {
  const headers = { ...(await world.headersOf(principal)), ...request.headers };
  const before = method === 'GET' ? 0 : await totalVersion();
  const response = await injectAny(ctx.app, {
    method: method as 'GET',
    url: request.url,
    payload: request.payload as string | undefined,
    headers,
  });
  if (method !== 'GET' && response.statusCode < 300) {
    if ((await totalVersion()) === before && !WRITES_WITHOUT_VERSION.has(call)) unversionedWrites.add(call);
    // A call that changed rows leaves new ones for the next principal.
    await world.refresh();
  }
  return response;
};

describe('route x principal matrix', () => {
  it('has one row for every registered route and command, and none for a route or command that is gone', () => {
    const routes = apiRoutes();
    expect([...registeredApiRoutes()].sort(), 'the registered routes are the catalogue').toEqual([...routes].sort());
    const rows = ROUTE_TABLE.map(([key]) => key);
    expect(routes.length).toBeGreaterThan(50);
    expect(
      routes.filter((key) => !rows.includes(key)),
      'routes without a row in expected-access.ts',
    ).toEqual([]);
    expect(
      rows.filter((key) => !routes.includes(key)),
      'rows of expected-access.ts for routes that are not registered',
    ).toEqual([]);
    expect(
      rows.filter((key, index) => rows.indexOf(key) !== index),
      'routes with two rows',
    ).toEqual([]);
    expect(
      routes.filter((key) => !ROUTE_CALLS[key] && !COMMAND_ROUTES.includes(key)),
      'routes without a call in calls.ts',
    ).toEqual([]);

    const commands = [...COMMANDS.keys()];
    const commandRows = COMMAND_TABLE.map(([name]) => name);
    expect(
      commands.filter((name) => !commandRows.includes(name)),
      'commands without a row in expected-access.ts',
    ).toEqual([]);
    expect(
      commandRows.filter((name) => !commands.includes(name)),
      'rows of expected-access.ts for commands that do not exist',
    ).toEqual([]);
    expect(
      commands.filter((name) => !COMMAND_CALLS[name]),
      'commands without a call in calls.ts',
    ).toEqual([]);
  });

  it('answers every route and command as the table says, for each principal', async () => {
    const mismatches: Mismatch[] = [];
    let calls = 0;
    let allowed = 0;
    let allowedSucceeded = 0;
    const check = (call: string, principal: Principal, expected: Expectation, response: { statusCode: number; body: string }) => {
      calls += 1;
      if (expected === 'ok') {
        allowed += 1;
        if (response.statusCode < 300) allowedSucceeded += 1;
      }
      if (!meets(expected, response.statusCode)) {
        mismatches.push({ call, principal, expected, status: response.statusCode, body: response.body.slice(0, 160) });
      }
    };

    for (const [key, row] of ROUTE_TABLE) {
      if (row === 'cmd') continue;
      const call = ROUTE_CALLS[key];
      if (!call) continue;
      const [method] = key.split(' ');
      const cells = cellsOf(key, row);
      for (const principal of callOrder(cells)) {
        check(key, principal, cells[principal], await send(method, principal, call(world, principal), key));
      }
    }

    for (const [name, row] of COMMAND_TABLE) {
      const call = COMMAND_CALLS[name];
      if (!call) continue;
      const cells = cellsOf(name, row);
      for (const principal of callOrder(cells)) {
        const target = call(world, principal);
        const generic = await send('POST', principal, { url: '/api/app/executeCommand', payload: { name, params: target } }, name);
        check(`executeCommand ${name}`, principal, cells[principal], generic);
        const named = await send('POST', principal, { url: `/api/commands/${name}`, payload: call(world, principal) }, name);
        check(`commands/${name}`, principal, cells[principal], named);
      }
    }

    const routes = ROUTE_TABLE.filter(([, row]) => row !== 'cmd').length;
    console.info(
      `route x principal matrix: ${calls} calls, ${routes} routes (+ their HEAD) and ${COMMAND_TABLE.length} commands through both command routes, ${PRINCIPALS.length} principals; ${allowed} allowed calls of which ${allowedSucceeded} answered 2xx (the others a rule's 4xx); ${mismatches.length} answers unlike the table`,
    );
    const report = mismatches.map((m) => `${m.call} as ${m.principal}: expected ${m.expected}, got ${m.status} ${m.body}`);
    expect(report, 'answers unlike expected-access.ts').toEqual([]);
    // Every write a reader could see raised a version, so that no cached answer outlives it
    // (docs/architecture.md, 'Versions of the data').
    expect([...unversionedWrites].sort(), 'successful writes that raised no version').toEqual([]);
  }, 600_000);
});
