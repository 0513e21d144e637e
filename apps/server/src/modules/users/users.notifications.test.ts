import { EMAIL_NOTIFICATION_MESSAGES, MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const wants = async (userId: number) =>
  (await ctx.database.db.select({ wanted: users.emailNotifications }).from(users).where(eq(users.id, userId)))[0].wanted;
const tokenOf = async (userId: number) =>
  (await ctx.database.db.select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, userId)))[0].token;

describe("'Recevoir les notifications par e-mail' on 'Mon compte' (docs/product/access.md#account-screen)", () => {
  it('is on for every user, and each user turns it off and on again for himself', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const me = async () => (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json().data;
    expect((await me()).email_notifications).toBe(true);

    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: bearer(token),
      payload: { email_notifications: false },
    });
    expect(off.json()).toEqual({ email_notifications: false, message: MESSAGES.changesSaved });
    expect((await me()).email_notifications).toBe(false);
    await ctx.app.inject({ method: 'PUT', url: '/api/user/notifications', headers: bearer(token), payload: { email_notifications: true } });
    expect(await wants(broker.id)).toBe(true);
  });

  it('refuses a value that is not yes or no in French, and anyone not signed in', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const token = await signIn(ctx.app, broker.email);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: bearer(token),
      payload: { email_notifications: 'non' },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Indiquez si vous souhaitez recevoir les notifications par e-mail']);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/user/notifications', payload: { email_notifications: false } });
    expect(anonymous.statusCode).toBe(401);
    expect(await wants(broker.id)).toBe(true);
  });
});

describe('the unsubscribe link of the notification e-mails (RFC 8058 one-click, no sign-in)', () => {
  it("turns the e-mails off with the mail provider's one-click POST, as a form or multipart, and again gives the same answer", async () => {
    const [anne, paul] = [await createUser(ctx.database.db, 'broker'), await createUser(ctx.database.db, 'candidate')];
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${await tokenOf(anne.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([form.statusCode, form.json()]).toEqual([200, { message: EMAIL_NOTIFICATION_MESSAGES.unsubscribed }]);
    expect(await wants(anne.id)).toBe(false);
    // Only the token's user: the others keep theirs.
    expect(await wants(paul.id)).toBe(true);

    const multipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${await tokenOf(paul.id)}`,
      ...multipartBody({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(multipart.statusCode).toBe(200);
    expect(await wants(paul.id)).toBe(false);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${await tokenOf(paul.id)}` });
    expect([again.statusCode, again.json().message]).toEqual([200, EMAIL_NOTIFICATION_MESSAGES.unsubscribed]);
  });

  it('answers 404 in French for a token that is unknown or not a token, and changes nobody', async () => {
    const anne = await createUser(ctx.database.db, 'broker');
    for (const token of ['3f0c6a86-3e0b-4d53-9a55-4b1e3f0d2a11', 'pas-un-jeton', "1' or '1'='1"]) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${encodeURIComponent(token)}` });
      expect([response.statusCode, response.json()]).toEqual([404, { message: EMAIL_NOTIFICATION_MESSAGES.invalidLink }]);
    }
    expect(await wants(anne.id)).toBe(true);
  });

  it('sends a browser that opens the address (GET) to the confirmation page, changing nothing', async () => {
    const anne = await createUser(ctx.database.db, 'broker');
    const token = await tokenOf(anne.id);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect([response.statusCode, response.headers.location]).toEqual([303, `/unsubscribe/${token}`]);
    expect(await wants(anne.id)).toBe(true);
  });

  it('gives every user his own token', async () => {
    const [a, b] = [await createUser(ctx.database.db, 'broker'), await createUser(ctx.database.db, 'broker')];
    expect(await tokenOf(a.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await tokenOf(a.id)).not.toBe(await tokenOf(b.id));
  });
});
