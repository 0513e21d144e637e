import { MESSAGES } from '@promovente/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { firstRowOf } from '../../db/rows.js';
import { mailMessages, users } from '../../db/schema/index.js';
import { LOGIN_LIMITS } from '../../platform/login-attempts.js';
import { bearer, createPromotion, createUser, PASSWORD, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { awayFromWindowEnd } from '../../test/rate-limits.js';

// A rate-limit test may first wait up to a minute for a fresh 15-minute window (awayFromWindowEnd).
vi.setConfig({ testTimeout: 150_000 });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** One sign-in attempt from `remoteAddress`, with optional extra headers. */
const attemptLogin = (email: string, password: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });

const statusesOf = async (attempts: (() => Promise<{ statusCode: number }>)[]) => {
  const statuses: number[] = [];
  for (const attempt of attempts) statuses.push((await attempt()).statusCode);
  return statuses;
};
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

const lastMail = async () => {
  const [mail] = await ctx.database.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
  return mail;
};

describe('POST login (docs/product/access.md#login and docs/product/calls.md#auth-and-user)', () => {
  it('answers an opaque token and the user, and the token opens GET user', async () => {
    const promotion = await createPromotion(ctx.database.db);
    const broker = await createUser(ctx.database.db, 'broker', { promotionIds: [promotion.id] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: broker.email.toUpperCase(), password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data).toMatchObject({ id: broker.id, type: 'broker', email: broker.email });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.preferences.selected_promotion).toBe(promotion.id);
  });

  it('refuses a wrong password or an unknown e-mail with the same French message', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    for (const payload of [
      { email: broker.email, password: 'mauvais-mot-de-passe' },
      { email: 'inconnu@test.ch', password: PASSWORD },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.wrongCredentials });
    }
  });

  it('validates the body with a French message', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'pas-un-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('E-mail invalide');
  });

  it('keeps the stored token hashed, and logout revokes it', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const stored = await ctx.database.db.execute(`select token_hash from auth_tokens` as never);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MESSAGES.pleaseSignIn });
  });
});

describe('sign-in limits: failures only (docs/decisions/005-rate-limits-in-the-database.md)', () => {
  const WRONG = 'mauvais-mot-de-passe';

  it("does not let an attacker's 50 wrong passwords from one address stop the owner signing in from his", async () => {
    await awayFromWindowEnd();
    const owner = await createUser(ctx.database.db, 'broker');
    const attacker = await statusesOf(times(50, () => () => attemptLogin(owner.email, WRONG, '198.51.100.7')));
    expect(attacker.slice(0, LOGIN_LIMITS.perAccountAndAddress).every((s) => s === 401)).toBe(true);
    expect(attacker.slice(LOGIN_LIMITS.perAccountAndAddress).every((s) => s === 429)).toBe(true);
    expect((await attemptLogin(owner.email, PASSWORD, '203.0.113.5')).statusCode).toBe(200);
  });

  it('never counts a successful sign-in', async () => {
    await awayFromWindowEnd();
    const broker = await createUser(ctx.database.db, 'broker');
    const successes = await statusesOf(times(LOGIN_LIMITS.perAddress + 5, () => () => attemptLogin(broker.email, PASSWORD)));
    expect(successes.every((s) => s === 200)).toBe(true);
    expect((await attemptLogin(broker.email, WRONG)).statusCode).toBe(401);
  });

  it('answers 429 with the French message, even to the right password, after 10 failures of one account from one address', async () => {
    await awayFromWindowEnd();
    const broker = await createUser(ctx.database.db, 'broker');
    const colleague = await createUser(ctx.database.db, 'broker');
    const failures = await statusesOf(times(LOGIN_LIMITS.perAccountAndAddress, () => () => attemptLogin(broker.email, WRONG)));
    expect(failures.every((s) => s === 401)).toBe(true);
    const blocked = await attemptLogin(broker.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts });
    // The address itself is not shut: another account signs in from it.
    expect((await attemptLogin(colleague.email, PASSWORD)).statusCode).toBe(200);
  });

  it('clears the counter of an account and address when a sign-in succeeds', async () => {
    await awayFromWindowEnd();
    const broker = await createUser(ctx.database.db, 'broker');
    const limit = LOGIN_LIMITS.perAccountAndAddress;
    const before = await statusesOf(times(limit - 1, () => () => attemptLogin(broker.email, WRONG)));
    expect((await attemptLogin(broker.email, PASSWORD)).statusCode).toBe(200);
    const after = await statusesOf(times(limit + 1, () => () => attemptLogin(broker.email, WRONG)));
    expect([...before, ...after.slice(0, limit)].every((s) => s === 401)).toBe(true);
    expect(after[limit]).toBe(429);
  });

  it('holds a higher ceiling per account across addresses, which a password reset reopens', { timeout: 120_000 }, async () => {
    await awayFromWindowEnd(120);
    const owner = await createUser(ctx.database.db, 'broker');
    const colleague = await createUser(ctx.database.db, 'broker');
    const perAddress = LOGIN_LIMITS.perAccountAndAddress;
    const addresses = LOGIN_LIMITS.perAccount / perAddress;
    const distributed = await statusesOf(
      times(LOGIN_LIMITS.perAccount, (i) => () => attemptLogin(owner.email, WRONG, `10.0.${Math.floor(i / perAddress)}.1`)),
    );
    expect(addresses).toBeGreaterThan(1);
    expect(distributed.every((s) => s === 401)).toBe(true);

    expect((await attemptLogin(owner.email, PASSWORD, '203.0.113.5')).statusCode).toBe(429);
    expect((await attemptLogin(colleague.email, PASSWORD, '203.0.113.5')).statusCode).toBe(200);

    await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: owner.email } });
    const token = /\/password\/update\/([A-Za-z0-9_-]+)/.exec((await lastMail()).text)?.[1];
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: owner.email, password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attemptLogin(owner.email, 'nouveau-secret-1', '203.0.113.5')).statusCode).toBe(200);
  });

  it('lets no more than 10 of 30 simultaneous guesses on one account from one address reach the password check', async () => {
    await awayFromWindowEnd();
    const broker = await createUser(ctx.database.db, 'broker');
    const answers = await Promise.all(times(30, () => attemptLogin(broker.email, WRONG, '198.51.100.7')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.perAccountAndAddress);
  });

  it('limits the failures from one address across accounts', async () => {
    await awayFromWindowEnd();
    const broker = await createUser(ctx.database.db, 'broker');
    const guesses = await statusesOf(
      times(LOGIN_LIMITS.perAddress, (i) => () => attemptLogin(`inconnu-${i}@test.ch`, WRONG, '198.51.100.7')),
    );
    expect(guesses.every((s) => s === 401)).toBe(true);
    expect((await attemptLogin(broker.email, PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    expect((await attemptLogin(broker.email, PASSWORD, '203.0.113.5')).statusCode).toBe(200);
  });
});

describe('forwarded addresses (TRUSTED_PROXIES)', () => {
  const WRONG = 'mauvais-mot-de-passe';
  const guessesFrom = (forwardedFor: (i: number) => string, app = ctx.app) =>
    statusesOf(
      times(
        LOGIN_LIMITS.perAddress + 1,
        (i) => () =>
          app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: `inconnu-${i}@test.ch`, password: WRONG },
            headers: { 'x-forwarded-for': forwardedFor(i) },
          }),
      ),
    );

  it('trusts no X-Forwarded-For by default: rotating it does not escape the per-address limit', async () => {
    await awayFromWindowEnd();
    expect(ctx.app.deps.config.TRUSTED_PROXIES).toEqual([]);
    const statuses = await guessesFrom((i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 401)).toBe(true);
    expect(statuses[LOGIN_LIMITS.perAddress]).toBe(429);
  });

  it('counts the forwarded address when the connection comes from a trusted proxy', async () => {
    await awayFromWindowEnd();
    // app.inject connects from 127.0.0.1: the proxy this application is told to trust.
    const proxied = await buildApp({ ...ctx.app.deps, config: { ...ctx.app.deps.config, TRUSTED_PROXIES: ['127.0.0.1'] } });
    try {
      const rotating = await guessesFrom((i) => `203.0.113.${i + 1}`, proxied);
      expect(rotating.every((s) => s === 401)).toBe(true);
      const oneClient = await guessesFrom(() => '198.51.100.7', proxied);
      expect(oneClient.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 401)).toBe(true);
      expect(oneClient[LOGIN_LIMITS.perAddress]).toBe(429);
      const broker = await createUser(ctx.database.db, 'broker');
      const other = await proxied.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: broker.email, password: PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('password reset (docs/product/access.md#password-reset and docs/product/errors.md#sign-in-and-account)', () => {
  it('e-mails a link whose token sets a new password once', async () => {
    const notary = await createUser(ctx.database.db, 'notary');
    const request = await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: notary.email } });
    expect(request.statusCode).toBe(200);
    expect(request.json().message).toBe(MESSAGES.resetRequested);

    const mail = await lastMail();
    expect(mail.to).toEqual([notary.email]);
    // An automatic e-mail about his own account: marked auto-generated, nothing to unsubscribe from.
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    const token = /\/password\/update\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const find = await ctx.app.inject({ method: 'GET', url: `/api/password/find/${token}` });
    expect(find.json()).toEqual({ data: { email: notary.email } });

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: notary.email, password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.passwordReset);
    await signIn(ctx.app, notary.email, 'nouveau-secret-1');

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: notary.email, password: 'encore-un-autre', token },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.invalidResetToken);
  });

  it('answers a malformed, unknown or over-long link with the plain invalid-link sentence, never validator wording', async () => {
    for (const token of ['abc', 'x'.repeat(201), 'inconnu-mais-assez-long']) {
      if (token.length <= 100) {
        // Longer path parameters are refused by the router itself (414) before any handler.
        const find = await ctx.app.inject({ method: 'GET', url: `/api/password/find/${token}` });
        expect(find.statusCode, token).toBe(404);
        expect(find.json()).toEqual({ message: MESSAGES.invalidResetToken });
      }
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { email: 'personne@test.ch', password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1', token },
      });
      expect(reset.statusCode, token).toBe(404);
      expect(reset.json()).toEqual({ message: MESSAGES.invalidResetToken });
    }
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: 'personne@test.ch' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.resetRequested);
    expect(await lastMail()).toBeUndefined();
  });

  it('refuses a confirmation that differs', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: 'a@test.ch', password: 'nouveau-secret-1', password_confirmation: 'autre-chose-1', token: 'x'.repeat(43) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.passwordsMustMatch);
  });
});

describe('POST askdemo', () => {
  it('keeps the request and queues the e-mails in the same transaction', async () => {
    await createUser(ctx.database.db, 'broker', { admin: true, email: 'direction@test.ch' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/askdemo',
      payload: { fullName: 'Claire Rochat', email: 'claire.rochat@bluewin.ch', phone: '+41 79 123 45 67' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.demoRequested);
    const mails = await ctx.database.db.select().from(mailMessages);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['claire.rochat@bluewin.ch', 'direction@test.ch']);
    expect(mails.map((m) => m.headers)).toEqual([{ 'Auto-Submitted': 'auto-generated' }, { 'Auto-Submitted': 'auto-generated' }]);
    const jobs = await firstRowOf<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
    expect(jobs?.n).toBe(2);
  });
});

describe('forced password change (docs/product/access.md#route-guard)', () => {
  it('lets a first-time candidate reach only his account until he sets a password', async () => {
    const promotion = await createPromotion(ctx.database.db);
    const candidate = await createUser(ctx.database.db, 'candidate', { numberConnections: 0, promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, candidate.email);
    const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(user.json().data.number_connections).toBe(0);
    const filters = await ctx.app.inject({ method: 'GET', url: '/api/app/filters', headers: bearer(token) });
    expect(filters.statusCode).toBe(403);
    expect(filters.json().message).toBe(MESSAGES.forcedPasswordBanner);

    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { password: 'mon-secret-2026', password_confirmation: 'mon-secret-2026' },
    });
    expect(change.json()).toEqual({ code: '200', message: MESSAGES.passwordChanged });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, candidate.id));
    expect(row.numberConnections).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/filters', headers: bearer(token) })).statusCode).toBe(200);
  });
});
