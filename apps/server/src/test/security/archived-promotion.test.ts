import { MESSAGES } from '@promovente/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';
import { injectAny } from '../inject.js';
import { COMMAND_CALLS, ROUTE_CALLS } from './calls.js';
import { hashPromotion } from './cross-promotion.world.js';
import { COMMAND_TABLE, cellsOf, ROUTE_TABLE } from './expected-access.js';
import { buildWorld, PRINCIPALS, type Principal, type World } from './world.js';

/**
 * An archived promotion is read-only for everyone (issue 18, item 17;
 * docs/product/promotion-administration.md#archived-promotion). Promotion A of the route matrix
 * is archived, then every route and every command is called by each principal its row allows,
 * with A's real ids: every read answers as a read does (never 409, never 5xx), no change
 * succeeds (the allowed callers get 409 'Cette promotion est archivée ...' or their rule's 4xx),
 * and the rows of A are the same afterwards.
 */

/** Writes that change no promotion's data: the caller's own session, profile, marks and notifications, a new promotion, another one's archive. */
const NOT_THE_PROMOTION = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/password/create',
  'POST /api/password/reset',
  'POST /api/askdemo',
  'PUT /api/user/promotion',
  'POST /api/user/update',
  'PUT /api/user/password',
  'PUT /api/notifications/:id/read',
  'PUT /api/user/notifications',
  'POST /api/unsubscribe/:token',
  'PUT /api/threads/:id/markAsRead',
  'POST /api/brokers/:id/assistants/:assistantId',
  'DELETE /api/brokers/:id/assistants/:assistantId',
  'POST /api/promotions',
  'PUT /api/promotions/:id/archive',
  'PUT /api/promotions/:id/restore',
]);

/** The tables a read or a session may write (accounts, read marks, the data-room log, the outbox): not A's data. */
const NOT_DATA = new Set(['users', 'assistants', 'notifications', 'thread_reads', 'library_accesses', 'mail_messages']);
const dataHash = async (ctx: TestContext, promotionId: number) =>
  Object.fromEntries(Object.entries(await hashPromotion(ctx.database.db, promotionId)).filter(([table]) => !NOT_DATA.has(table)));

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
  const archived = await ctx.app.inject({
    method: 'PUT',
    url: `/api/promotions/${world.promotion.id}/archive`,
    headers: await world.headersOf('admin'),
  });
  expect(archived.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = async (method: string, principal: Principal, request: { url: string; payload?: unknown; headers?: Record<string, string> }) =>
  injectAny(ctx.app, {
    method: method as 'GET',
    url: request.url,
    payload: request.payload as string | undefined,
    headers: { ...(await world.headersOf(principal)), ...request.headers },
  });

const allowed = (key: string, cells: string) => {
  const expected = cellsOf(key, cells);
  return PRINCIPALS.filter((principal) => expected[principal] === 'ok');
};

describe('an archived promotion', () => {
  it('answers every read to each principal allowed, never 409 nor 5xx', async () => {
    const problems: string[] = [];
    let reads = 0;
    for (const [key, row] of ROUTE_TABLE) {
      if (row === 'cmd' || !key.startsWith('GET ')) continue;
      const call = ROUTE_CALLS[key];
      if (!call) continue;
      for (const principal of allowed(key, row)) {
        reads += 1;
        const response = await send('GET', principal, call(world, principal));
        if (response.statusCode === 409 || response.statusCode >= 500) {
          problems.push(`${key} as ${principal}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(reads).toBeGreaterThan(100);
    expect(problems, 'reads refused in an archived promotion').toEqual([]);
  }, 600_000);

  it('refuses every change by every route and command (409 in French, or a rule of the call), and its rows stay as they were', async () => {
    // Taken here: the reads before may have stored generated downloads (files of owner 'export'), which are no data of A.
    const before = await dataHash(ctx, world.promotion.id);
    const problems: string[] = [];
    let refusedAsArchived = 0;
    const judge = (label: string, response: { statusCode: number; body: string; json: () => { message?: string } }) => {
      if (response.statusCode >= 500) problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      else if (response.statusCode < 300) problems.push(`${label}: changed the archived promotion (${response.statusCode})`);
      else if (response.statusCode === 409 && response.json().message === MESSAGES.promotionArchived) refusedAsArchived += 1;
    };
    for (const [key, row] of ROUTE_TABLE) {
      if (row === 'cmd' || key.startsWith('GET ') || NOT_THE_PROMOTION.has(key)) continue;
      const call = ROUTE_CALLS[key];
      if (!call) continue;
      const [method] = key.split(' ');
      for (const principal of allowed(key, row)) judge(`${key} as ${principal}`, await send(method, principal, call(world, principal)));
    }
    for (const [name, row] of COMMAND_TABLE) {
      const call = COMMAND_CALLS[name];
      if (!call) continue;
      for (const principal of allowed(name, row)) {
        const generic = await send('POST', principal, {
          url: '/api/app/executeCommand',
          payload: { name, params: call(world, principal) },
        });
        judge(`executeCommand ${name} as ${principal}`, generic);
        judge(
          `commands/${name} as ${principal}`,
          await send('POST', principal, { url: `/api/commands/${name}`, payload: call(world, principal) }),
        );
      }
    }
    console.info(`archived promotion: ${refusedAsArchived} changes refused with '${MESSAGES.promotionArchived}'`);
    expect(problems, 'changes of an archived promotion').toEqual([]);
    expect(refusedAsArchived).toBeGreaterThan(100);
    expect(await dataHash(ctx, world.promotion.id)).toEqual(before);
  }, 600_000);
});
