import { MESSAGES } from '@promovente/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages, users } from '../../db/schema/index.js';
import { bearer, createPromotion, createUser, PASSWORD, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const lastMail = async () => {
  const [mail] = await ctx.database.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
  return mail;
};

describe('POST login (spec part 1, 2.5 and 7)', () => {
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

  it('rate-limits attempts per account', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: broker.email, password: 'faux-faux-faux' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: broker.email, password: PASSWORD } });
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts });
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

describe('password reset (spec part 1, 2.5 and 8)', () => {
  it('e-mails a link whose token sets a new password once', async () => {
    const notary = await createUser(ctx.database.db, 'notary');
    const request = await ctx.app.inject({ method: 'POST', url: '/api/password/create', payload: { email: notary.email } });
    expect(request.statusCode).toBe(200);
    expect(request.json().message).toBe(MESSAGES.resetRequested);

    const mail = await lastMail();
    expect(mail.to).toEqual([notary.email]);
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
    const jobs = await ctx.database.db.execute(`select count(*)::int as n from pgboss.job where name = 'mail'` as never);
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });
});

describe('forced password change (spec part 1, 2.2)', () => {
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
