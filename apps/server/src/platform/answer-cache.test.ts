// Over 400 lines: the cache's suites (every reader's answer, versions per table, the clock, sharing, memory) share the route x principal matrix's world and its reads.
import { API_ROUTES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { applications, comments, lots, promotions, tasks } from '../db/schema/index.js';
import { ANSWER_READS } from '../routes.js';
import { PASSWORD } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { ROUTE_CALLS } from '../test/security/calls.js';
import { buildWorld, PRINCIPALS, type Principal, type World } from '../test/security/world.js';
import { isSession, tablesOf } from '../test/tables-of.js';
import { readsKeyOf } from './answer-reads.js';

/**
 * The answer cache (docs/architecture.md, 'The answer cache'): the routes that declare `cache`
 * answer from memory, by version, exactly what they would answer live, to each reader his own.
 */

/** The tables no version follows (migration 0017): a cached route must not read them. */
const UNVERSIONED = ['auth_tokens', 'rate_limit_hits', 'demo_requests', 'mail_messages'];

const CACHED = Object.entries(API_ROUTES)
  .filter(([, spec]) => spec.cache)
  .map(([name, spec]) => ({ name, key: `${spec.method} /api${spec.path}` }));

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx.close());

const read = async (principal: Principal, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(await world.headersOf(principal)), ...headers } });

describe('the answer cache (docs/architecture.md, "The answer cache")', () => {
  it('serves the lists, the menus, the home page, the albums, the dashboard, the planning, a building, the notifications and GET user by version', () => {
    expect(CACHED.map(({ name }) => name).sort()).toEqual(
      [
        'countNotifications',
        'getBuildingLot',
        'getBuildingLotChoices',
        'getDashboard',
        'getFilterOptions',
        'getHome',
        'getPlanning',
        'getUnreadSummary',
        'getUser',
        'listApplications',
        'listBrokerOptions',
        'listBuildingLots',
        'listBuildings',
        'listCampaigns',
        'listCandidacies',
        'listCandidates',
        'listFaqQuestions',
        'listLibrary',
        'listLogs',
        'listLots',
        'listMarketingReports',
        'listNotifications',
        'listNotaryTasks',
        'listPhotoGroups',
        'listPromotionPeople',
        'listPromotions',
        'listTasks',
        'listThreads',
        'listUserPromotions',
        'readLibraryLog',
        'readLibraryLogPeople',
      ].sort(),
    );
    for (const { key } of CACHED) expect(ROUTE_CALLS[key], key).toBeDefined();
  });

  it('gives every reader of the route x principal matrix his own answer, the one he gets live, writes nothing, and reads no unversioned table nor one its route does not name (migration 0027)', async () => {
    // One minute for the whole test: the answers are made at the start of the minute (platform/clock.ts).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const live = new Map<string, { status: number; body: string }>();
    const unversionedReads: string[] = [];
    const undeclaredReads: string[] = [];
    // A read served from memory would skip what its handler writes: a cached route writes nothing.
    const writes: string[] = [];
    for (const { name, key } of CACHED) {
      const declared = readsKeyOf(ANSWER_READS[name as keyof typeof ANSWER_READS]).split(',');
      for (const principal of PRINCIPALS) {
        ctx.app.answers.clear();
        const { url } = ROUTE_CALLS[key](world, principal);
        const headers = await world.headersOf(principal);
        let response: Awaited<ReturnType<typeof read>> | undefined;
        const statements = await ctx.captureQueries(async () => {
          response = await ctx.app.inject({ method: 'GET', url, headers });
        });
        live.set(`${key} ${principal}`, { status: response!.statusCode, body: response!.body });
        for (const { sql } of statements.filter((statement) => !isSession(statement.sql))) {
          if (/\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i.test(sql))
            writes.push(`${key} as ${principal}: ${sql.slice(0, 60)}`);
          const table = UNVERSIONED.find((name) => new RegExp(`\\b${name}\\b`).test(sql));
          if (table) unversionedReads.push(`${key} as ${principal} reads ${table}`);
          for (const read of tablesOf(sql)) {
            const line = `${name} reads ${read}`;
            if (!declared.includes(read) && !undeclaredReads.includes(line)) undeclaredReads.push(line);
          }
        }
      }
    }
    expect(writes).toEqual([]);
    expect(unversionedReads).toEqual([]);
    expect(undeclaredReads).toEqual([]);

    // Every reader fills the cache, then reads again: from memory, his own answer.
    ctx.app.answers.clear();
    for (const { key } of CACHED) for (const principal of PRINCIPALS) await read(principal, ROUTE_CALLS[key](world, principal).url);
    const before = ctx.app.answers.stats();
    const wrong: string[] = [];
    for (const { key } of CACHED) {
      for (const principal of PRINCIPALS) {
        const response = await read(principal, ROUTE_CALLS[key](world, principal).url);
        const expected = live.get(`${key} ${principal}`)!;
        if (response.statusCode !== expected.status || response.body !== expected.body) wrong.push(`${key} as ${principal}`);
      }
    }
    expect(wrong).toEqual([]);
    const served = ctx.app.answers.stats().hits - before.hits;
    // Refusals (401, 403, 404) are never kept; every 200 of the second round came from memory.
    const answered = [...live.values()].filter(({ status }) => status === 200).length;
    expect(answered).toBeGreaterThan(30);
    expect(served).toBe(answered);
  }, 300_000);

  it('answers a repeat read from memory and an If-None-Match with a 304, each in the one statement of the session', async () => {
    ctx.app.answers.clear();
    const url = `/api/lots?promotion=${world.promotion.id}`;
    const first = await read('broker', url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const headers = await world.headersOf('broker');
    let again: Awaited<ReturnType<typeof read>> | undefined;
    expect(await ctx.countQueries(async () => (again = await ctx.app.inject({ method: 'GET', url, headers })))).toBe(1);
    expect(again!.body).toBe(first.body);
    expect(again!.headers.etag).toBe(etag);

    let notModified: Awaited<ReturnType<typeof read>> | undefined;
    const statements = await ctx.countQueries(
      async () => (notModified = await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } })),
    );
    expect(statements).toBe(1);
    expect(notModified!.statusCode).toBe(304);
    expect(notModified!.body).toBe('');
  });

  it('shows a change at the next read, whoever made it: a route, or a job writing straight to the database', async () => {
    ctx.app.answers.clear();
    const url = `/api/lots?promotion=${world.promotion.id}`;
    const lot = world.rows.lots[0];
    const priceOf = (body: string) => (JSON.parse(body).data as { id: number; price: number }[]).find((row) => row.id === lot.id)?.price;
    const first = await read('broker', url);
    const before = priceOf(first.body);
    expect(before).toBeDefined();

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lots/${lot.id}`,
      headers: await world.headersOf('broker'),
      payload: { id: lot.id, price: 777_000 },
    });
    expect(changed.statusCode).toBe(200);
    const afterRoute = await read('broker', url, { 'if-none-match': first.headers.etag as string });
    expect(afterRoute.statusCode).toBe(200);
    expect(priceOf(afterRoute.body)).toBe(777_000);

    // Another reader of the promotion sees it too.
    expect(priceOf((await read('admin', url)).body)).toBe(777_000);

    await ctx.database.db.update(lots).set({ rawPrice: 888_000 }).where(eq(lots.id, lot.id));
    expect(priceOf((await read('broker', url)).body)).toBe(888_000);
  });

  it('keeps the answers of the routes that do not read what a write changed: a comment leaves the lots and the funnel, not the candidacies (migration 0027)', async () => {
    ctx.app.answers.clear();
    const urls = {
      lots: `/api/lots?promotion=${world.promotion.id}`,
      funnel: `/api/applications?promotion=${world.promotion.id}`,
      candidacies: `/api/candidacies?promotion=${world.promotion.id}`,
    };
    const first = Object.fromEntries(
      await Promise.all(Object.entries(urls).map(async ([list, url]) => [list, (await read('broker', url)).headers.etag as string])),
    );
    const commented = await ctx.app.inject({
      method: 'POST',
      url: '/api/commands/createComment',
      headers: await world.headersOf('broker'),
      payload: { entity: 'candidacy', entity_id: world.rows.main.candidacy.id, additionnal_fields: { comment: 'Rappeler lundi' } },
    });
    expect(commented.statusCode).toBe(200);
    const again = async (list: keyof typeof urls) => read('broker', urls[list], { 'if-none-match': first[list] });
    expect((await again('lots')).statusCode).toBe(304);
    expect((await again('funnel')).statusCode).toBe(304);
    const candidacies = await again('candidacies');
    expect(candidacies.statusCode).toBe(200);
    expect(candidacies.headers.etag).not.toBe(first.candidacies);
    // The same comment, written by a job straight to the database, is seen the same way.
    const before = (await read('broker', urls.candidacies)).headers.etag as string;
    await ctx.database.db.insert(comments).values({
      promotionId: world.promotion.id,
      candidacyId: world.rows.main.candidacy.id,
      comment: 'Relance automatique',
      createdById: world.user.broker.id,
    });
    expect((await read('broker', urls.candidacies, { 'if-none-match': before })).statusCode).toBe(200);
    expect((await read('broker', urls.lots, { 'if-none-match': first.lots })).statusCode).toBe(304);
  });

  it("keeps every reader's answers through another's sign-in, and shows a reader his own new count of connections (migration 0028)", async () => {
    ctx.app.answers.clear();
    const url = `/api/lots?promotion=${world.promotion.id}`;
    const lotsBefore = await read('broker', url);
    const signIn = () =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: world.user.notary.email, password: PASSWORD } });
    expect((await signIn()).statusCode).toBe(200);
    // Another's sign-in: the broker's page stays valid.
    expect((await read('broker', url, { 'if-none-match': lotsBefore.headers.etag as string })).statusCode).toBe(304);
    // His own: GET user answers the new count, from a new key.
    const token = (await signIn()).json().token as string;
    const first = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    const count = first.json().data.number_connections as number;
    const again = (await signIn()).json().token as string;
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${again}`, 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.number_connections).toBe(count + 1);
  });

  it("computes the clock's flags at the minute it is made: a task due in the minute turns late at the next one", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 26, 9, 0, 10) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    ctx.app.answers.clear();
    const lot = world.rows.lots[1];
    const [task] = await ctx.database.db
      .insert(tasks)
      .values({
        promotionId: world.promotion.id,
        lotId: lot.id,
        title: 'Rappeler le notaire',
        endAt: new Date(Date.UTC(2026, 10, 26, 9, 0, 30)),
      })
      .returning();
    const url = `/api/lots?promotion=${world.promotion.id}`;
    const statusOf = (body: string) =>
      (JSON.parse(body).data as { id: number; tasks: { id: number; time_status: string }[] }[])
        .find((row) => row.id === lot.id)
        ?.tasks.find((item) => item.id === task.id)?.time_status;

    const first = await read('broker', url);
    expect(statusOf(first.body)).toBe('today');
    // 09:00:40, past the task's instant but in the same minute: the answer of 09:00, from memory.
    vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 0, 40));
    const { hits, misses } = ctx.app.answers.stats();
    const same = await read('broker', url);
    expect(same.body).toBe(first.body);
    // One hit for the read, no miss (the key without the minute, looked up first, is not one).
    expect(ctx.app.answers.stats()).toMatchObject({ hits: hits + 1, misses });
    // 09:01:05: the answer of 09:01 sees it late, and names another ETag.
    vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 1, 5));
    const next = await read('broker', url, { 'if-none-match': first.headers.etag as string });
    expect(next.statusCode).toBe(200);
    expect(statusOf(next.body)).toBe('late');
  });

  it('keeps an answer that read no clock across minutes, under an ETag without the minute (issue 20)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 26, 9, 0, 10) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    ctx.app.answers.clear();
    const first = await read('broker', '/api/user');
    expect(first.statusCode).toBe(200);
    vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 7, 5));
    const hits = ctx.app.answers.stats().hits;
    const later = await read('broker', '/api/user');
    expect(later.body).toBe(first.body);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(ctx.app.answers.stats().hits).toBe(hits + 1);
    const revalidated = await read('broker', '/api/user', { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps an answer that holds signed links for its minute only: every reader gets links valid for four minutes at least (the albums)', async () => {
    const start = Date.UTC(2026, 10, 26, 9, 0, 50);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    ctx.app.answers.clear();
    const { url } = ROUTE_CALLS['GET /api/photoGroups'](world, 'broker');
    const expiries = (body: string) => [...body.matchAll(/expires=(\d+)/g)].map((match) => Number(match[1]) * 1000);
    const first = await read('broker', url);
    expect(first.statusCode).toBe(200);
    expect(expiries(first.body).length).toBeGreaterThan(0);
    // Made at the start of its minute: valid five minutes from then.
    for (const expires of expiries(first.body)) expect(expires).toBe(Date.UTC(2026, 10, 26, 9, 5, 0));
    vi.setSystemTime(start + 9_000);
    const same = await read('broker', url);
    expect(same.headers.etag).toBe(first.headers.etag);
    vi.setSystemTime(start + 10_000);
    const next = await read('broker', url);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    for (const expires of expiries(next.body)) expect(expires - (start + 10_000)).toBeGreaterThanOrEqual(240_000);
  });

  it("keeps an answer that names when its clock's flags change until the minute of the first: a priority's deadline in the funnel (issue 20)", async () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 10, 26, 9, 0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const db = ctx.database.db;
    const { application } = world.rows;
    const [promotionBefore] = await db.select().from(promotions).where(eq(promotions.id, world.promotion.id));
    const [applicationBefore] = await db.select().from(applications).where(eq(applications.id, application.id));
    onTestFinished(async () => {
      vi.useRealTimers();
      await db
        .update(promotions)
        .set({ multiAgency: promotionBefore.multiAgency, reservationTimeout: promotionBefore.reservationTimeout })
        .where(eq(promotions.id, world.promotion.id));
      await db
        .update(applications)
        .set({ priority: applicationBefore.priority, lastPriorityChange: applicationBefore.lastPriorityChange })
        .where(eq(applications.id, application.id));
    });
    // Priority 1 in a multi-agency promotion with 5 days to reserve: its deadline is in two days.
    await db.update(promotions).set({ multiAgency: true, reservationTimeout: 5 }).where(eq(promotions.id, world.promotion.id));
    await db
      .update(applications)
      .set({ priority: 1, lastPriorityChange: new Date(start - 3 * day) })
      .where(eq(applications.id, application.id));
    const deadline = start + 2 * day;
    ctx.app.answers.clear();
    const url = `/api/applications?promotion=${world.promotion.id}`;
    const flagsOf = (body: string) => {
      const row = (
        JSON.parse(body).data as { id: number; deadline: string; deadline_is_in_less_than_one_day: boolean; is_over_deadline: boolean }[]
      ).find((r) => r.id === application.id);
      return row && [row.deadline, row.deadline_is_in_less_than_one_day, row.is_over_deadline];
    };

    const first = await read('broker', url);
    expect(flagsOf(first.body)).toEqual([new Date(deadline).toISOString(), false, false]);
    // Six hours later, nothing it shows has changed: the same answer, from memory, and a 304.
    vi.setSystemTime(start + 6 * 3_600_000);
    const { hits, misses } = ctx.app.answers.stats();
    const later = await read('broker', url);
    expect(later.body).toBe(first.body);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(ctx.app.answers.stats()).toMatchObject({ hits: hits + 1, misses });
    expect((await read('broker', url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // The deadline is under a day away from 09:00:10.001; within that minute, the answer of 09:00
    // (a flag moves at most one minute after its instant, as in an answer of the minute).
    vi.setSystemTime(deadline - day + 30_000);
    expect((await read('broker', url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // From 09:01 on: made again, under another ETag.
    vi.setSystemTime(deadline - day + 50_000);
    const underADay = await read('broker', url, { 'if-none-match': first.headers.etag as string });
    expect(underADay.statusCode).toBe(200);
    expect(flagsOf(underADay.body)).toEqual([new Date(deadline).toISOString(), true, false]);
    expect(underADay.headers.etag).not.toBe(first.headers.etag);
    // And from the minute of the deadline on, over it; the same as a live read.
    vi.setSystemTime(deadline + 60_000);
    const over = await read('broker', url);
    expect(flagsOf(over.body)).toEqual([new Date(deadline).toISOString(), false, true]);
    ctx.app.answers.clear();
    expect((await read('broker', url)).body).toBe(over.body);
  });

  it('makes an answer once for the reads of the same reader that arrive while it is made (issue 20)', async () => {
    const headers = { broker: await world.headersOf('broker'), promoter: await world.headersOf('promoter') };
    const get = (principal: keyof typeof headers) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: headers[principal] });
    const ownStatements = async (work: () => Promise<unknown>) =>
      (await ctx.captureQueries(work)).filter((statement) => !isSession(statement.sql)).length;
    ctx.app.answers.clear();
    const alone = await ownStatements(() => get('broker'));
    expect(alone).toBeGreaterThan(0);
    ctx.app.answers.clear();
    const before = ctx.app.answers.stats();
    let answers: Awaited<ReturnType<typeof get>>[] = [];
    const together = await ownStatements(async () => {
      answers = await Promise.all([get('broker'), get('broker'), get('broker')]);
    });
    expect(together).toBe(alone);
    // The two later reads waited for the answer in the making (or, had it been made before their
    // session was read, found it kept).
    const after = ctx.app.answers.stats();
    expect(after.joined - before.joined + after.hits - before.hits).toBe(2);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    // Another reader makes his own.
    ctx.app.answers.clear();
    const two = await ownStatements(() => Promise.all([get('broker'), get('promoter')]));
    expect(two).toBe(2 * alone);
  });

  it('shares a failure with the reads that waited for it, then makes the answer again; keeps nothing shared when off', async () => {
    const { createAnswerCache } = await import('./answer-cache.js');
    const cache = createAnswerCache(1);
    let runs = 0;
    const failing = () => {
      runs += 1;
      return new Promise<never>((_, reject) => setTimeout(() => reject(new Error('panne')), 5));
    };
    const outcomes = await Promise.allSettled([cache.once('key', failing), cache.once('key', failing)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    const made = await cache.once('key', async () => {
      runs += 1;
      return cache.set('key', 'W/"1"', '{}');
    });
    expect([runs, made.json]).toEqual([2, '{}']);
    // Off (0 MB, --no-cache): every read makes its own answer.
    const off = createAnswerCache(0);
    let offRuns = 0;
    const make = async () => {
      offRuns += 1;
      return off.set('key', 'W/"1"', '{}');
    };
    await Promise.all([off.once('key', make), off.once('key', make)]);
    expect(offRuns).toBe(2);
  });

  it('keeps answers within its memory, the least recently used leaving first', async () => {
    const { createAnswerCache } = await import('./answer-cache.js');
    const cache = createAnswerCache(1);
    const big = 'x'.repeat(100_000);
    for (let index = 0; index < 20; index += 1) cache.set(`key ${index}`, `W/"${index}"`, big);
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(entries).toBeGreaterThan(2);
    expect(cache.get('key 0')).toBeUndefined();
    expect(cache.get('key 19')?.json).toBe(big);
    // Off (0 MB): nothing is kept, the answer is still sent.
    const off = createAnswerCache(0);
    expect(off.set('key', 'W/"x"', big).json).toBe(big);
    expect(off.stats().entries).toBe(0);
  });
});
