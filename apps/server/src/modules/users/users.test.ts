import { MESSAGES, PROFILE_PHOTO } from '@promovente/shared';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS } from '../../platform/login-attempts.js';
import { bearer, createAgency, createPromotion, createUser, PASSWORD, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { awayFromWindowEnd } from '../../test/rate-limits.js';

// A rate-limit test may first wait up to a minute for a fresh 15-minute window (awayFromWindowEnd).
vi.setConfig({ testTimeout: 150_000 });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const multipart = (fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) =>
  multipartBody(fields, file ? [{ field: file.name, filename: 'photo.png', type: file.type, content: file.content }] : []);

describe('current promotion (docs/product/layout.md#promotion-picker)', () => {
  it('switches among the promotions the user is a member of, and answers 404 for another', async () => {
    const db = ctx.database.db;
    const [nyon, morges, geneve] = [
      await createPromotion(db, { title: 'Nyon' }),
      await createPromotion(db, { title: 'Morges' }),
      await createPromotion(db, { title: 'Genève' }),
    ];
    const broker = await createUser(db, 'broker', { promotionIds: [nyon.id, morges.id] });
    const token = await signIn(ctx.app, broker.email);

    const user = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json().data;
    // The first promotion by title is the current one until the user picks another; the picker pages them all.
    expect(user.promotion).toMatchObject({ id: morges.id, title: 'Morges', unread_messages: 0 });
    expect(user.promotions_count).toBe(2);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/user/promotions', headers: bearer(token) })).json();
    expect(list.data.map((p: { title: string }) => p.title)).toEqual(['Morges', 'Nyon']);
    expect(list).toMatchObject({ total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
    const found = (await ctx.app.inject({ method: 'GET', url: '/api/user/promotions?search=NYO', headers: bearer(token) })).json();
    expect(found.data.map((p: { id: number }) => p.id)).toEqual([nyon.id]);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/promotion',
      headers: bearer(token),
      payload: { promotion: nyon.id },
    });
    expect(put.json()).toEqual({ promotion_id: nyon.id });
    const get = await ctx.app.inject({ method: 'GET', url: '/api/user/promotion', headers: bearer(token) });
    expect(get.json()).toEqual({ promotion_id: nyon.id });
    const prefs = await ctx.app.inject({ method: 'GET', url: '/api/user/preferences', headers: bearer(token) });
    expect(prefs.json()).toEqual({ data: { selected_promotion: nyon.id } });

    const other = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/promotion',
      headers: bearer(token),
      payload: { promotion: geneve.id },
    });
    expect(other.statusCode).toBe(404);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/promotion',
      headers: bearer(token),
      payload: { promotion: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('lets an admin open every promotion', async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const admin = await createUser(db, 'broker', { admin: true });
    const token = await signIn(ctx.app, admin.email);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/promotion',
      headers: bearer(token),
      payload: { promotion: promotion.id },
    });
    expect(put.statusCode).toBe(200);
  });
});

describe("'Mon compte' (docs/product/access.md#account-screen)", () => {
  it('saves the profile and turns the photo into a 150x150 PNG', async () => {
    const promoter = await createUser(ctx.database.db, 'promoter');
    const token = await signIn(ctx.app, promoter.email);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const form = multipart(
      { first_name: 'Élodie', last_name: 'Favre', email: 'elodie.favre@test.ch' },
      { name: 'avatar_file', type: 'image/jpeg', content: photo },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: '200',
      message: MESSAGES.changesSaved,
      data: { full_name: 'Élodie Favre', email: 'elodie.favre@test.ch' },
    });

    const image = await ctx.app.inject({ method: 'GET', url: body.data.profile_picture });
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([150, 150, 'png']);
  });

  /** Sends a profile photo and answers the stored picture, decoded by pngjs (not by sharp, which wrote it). */
  const savedPicture = async (content: Buffer, type: string) => {
    const promoter = await createUser(ctx.database.db, 'promoter');
    const token = await signIn(ctx.app, promoter.email);
    const form = multipart({ first_name: 'Élodie', last_name: 'Favre', email: promoter.email }, { name: 'avatar_file', type, content });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const image = await ctx.app.inject({ method: 'GET', url: response.json().data.profile_picture });
    return PNG.sync.read(image.rawPayload);
  };
  const isRed = (png: PNG, x: number, y: number) => {
    const at = (y * png.width + x) * 4;
    return png.data[at] > 200 && png.data[at + 2] < 60;
  };

  it('turns a portrait phone photo upright before cropping it (EXIF orientation 6)', async () => {
    // Stored 200 x 100, red on the left and blue on the right, with "turn 90° clockwise to show":
    // upright, it is 100 x 200, red at the top.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 100, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const picture = await savedPicture(sideways, 'image/jpeg');
    expect([picture.width, picture.height]).toEqual([150, 150]);
    expect(isRed(picture, 110, 10)).toBe(true);
    expect(isRed(picture, 40, 140)).toBe(false);
  });

  it('accepts a WebP photo, what the picker offers, and stores it as the 150x150 PNG', async () => {
    expect(PROFILE_PHOTO.accept.split(',')).toContain('image/webp');
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    const picture = await savedPicture(webp, 'image/webp');
    expect([picture.width, picture.height]).toEqual([150, 150]);
    expect(isRed(picture, 75, 75)).toBe(true);
  });

  it("refuses another account's e-mail and a file that is not an image", async () => {
    const db = ctx.database.db;
    const taken = await createUser(db, 'banker');
    const promoter = await createUser(db, 'promoter');
    const token = await signIn(ctx.app, promoter.email);
    const duplicate = multipart({ first_name: 'A', last_name: 'B', email: taken.email });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...bearer(token), ...duplicate.headers },
      payload: duplicate.payload,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.emailAlreadyExists);

    const fake = multipart(
      { first_name: 'A', last_name: 'B', email: promoter.email },
      { name: 'avatar_file', type: 'image/png', content: Buffer.from('pas une image') },
    );
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { ...bearer(token), ...fake.headers },
      payload: fake.payload,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(PROFILE_PHOTO.refused);
  });

  it('requires the two passwords to match', async () => {
    const architect = await createUser(ctx.database.db, 'architect');
    const token = await signIn(ctx.app, architect.email);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { current_password: PASSWORD, password: 'secret-secret-1', password_confirmation: 'secret-secret-2' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.passwordsMustMatch);
  });
});

describe('PUT user/password (issue 8, defect 6)', () => {
  const changePassword = (token: string, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/user/password', headers: bearer(token), payload });
  const NEW = { password: 'nouveau-secret-1', password_confirmation: 'nouveau-secret-1' };

  it('asks for the current password and refuses a wrong one with a French message', async () => {
    const architect = await createUser(ctx.database.db, 'architect');
    const token = await signIn(ctx.app, architect.email);

    const missing = await changePassword(token, NEW);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: MESSAGES.currentPasswordRequired });
    const wrong = await changePassword(token, { current_password: 'pas-le-bon-1', ...NEW });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: MESSAGES.currentPasswordWrong });
    // Neither changed anything.
    await signIn(ctx.app, architect.email, PASSWORD);

    const right = await changePassword(token, { current_password: PASSWORD, ...NEW });
    expect(right.json()).toEqual({ code: '200', message: MESSAGES.passwordChanged });
    await signIn(ctx.app, architect.email, NEW.password);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: architect.email, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
  });

  it('signs out every other session of the user and keeps the current one', async () => {
    const promoter = await createUser(ctx.database.db, 'promoter');
    const stranger = await createUser(ctx.database.db, 'promoter');
    const current = await signIn(ctx.app, promoter.email);
    const otherDevice = await signIn(ctx.app, promoter.email);
    const strangerToken = await signIn(ctx.app, stranger.email);

    expect((await changePassword(current, { current_password: PASSWORD, ...NEW })).statusCode).toBe(200);

    const revoked = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(otherDevice) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: MESSAGES.pleaseSignIn });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(current) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(strangerToken) })).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in', async () => {
    await awayFromWindowEnd();
    const notary = await createUser(ctx.database.db, 'notary');
    const token = await signIn(ctx.app, notary.email);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i += 1) {
      expect((await changePassword(token, { current_password: `faux-${i}`, ...NEW })).statusCode).toBe(400);
    }
    const blocked = await changePassword(token, { current_password: PASSWORD, ...NEW });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts });
  });

  it("lets a candidate's forced first change go without the e-mailed password, and signs out his other sessions", async () => {
    const promotion = await createPromotion(ctx.database.db);
    const candidate = await createUser(ctx.database.db, 'candidate', { numberConnections: 0, promotionIds: [promotion.id] });
    const current = await signIn(ctx.app, candidate.email);
    const earlier = await signIn(ctx.app, candidate.email);

    const change = await changePassword(current, NEW);
    expect(change.json()).toEqual({ code: '200', message: MESSAGES.passwordChanged });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(earlier) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/filters', headers: bearer(current) })).statusCode).toBe(200);

    // Once his own password is set, changing it again asks for it.
    const again = await changePassword(current, { password: 'encore-un-autre', password_confirmation: 'encore-un-autre' });
    expect(again.json()).toEqual({ message: MESSAGES.currentPasswordRequired });
  });
});

describe('assistants (docs/product/access.md#account-screen and docs/product/access.md#who-may-do-what)', () => {
  it("adds an assistant among the promotion's brokers; only an admin removes one", async () => {
    const db = ctx.database.db;
    const agency = await createAgency(db);
    const promotion = await createPromotion(db, { agencyIds: [agency.id] });
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const broker = await createUser(db, 'broker', { agencyId: agency.id, promotionIds: [promotion.id] });
    const colleague = await createUser(db, 'broker', { agencyId: agency.id, promotionIds: [promotion.id] });
    const stranger = await createUser(db, 'broker', { promotionIds: [elsewhere.id] });
    const admin = await createUser(db, 'broker', { admin: true, promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, broker.email);

    const brokers = await ctx.app.inject({ method: 'GET', url: '/api/brokers', headers: bearer(token) });
    expect(
      brokers
        .json()
        .data.map((b: { id: number }) => b.id)
        .sort(),
    ).toEqual([broker.id, colleague.id, admin.id].sort());

    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/brokers/${broker.id}/assistants/${colleague.id}`,
      headers: bearer(token),
    });
    expect(added.json().data.map((a: { id: number }) => a.id)).toEqual([colleague.id]);
    const outsider = await ctx.app.inject({
      method: 'POST',
      url: `/api/brokers/${broker.id}/assistants/${stranger.id}`,
      headers: bearer(token),
    });
    expect(outsider.statusCode).toBe(404);
    const forSomeoneElse = await ctx.app.inject({
      method: 'POST',
      url: `/api/brokers/${colleague.id}/assistants/${broker.id}`,
      headers: bearer(token),
    });
    expect(forSomeoneElse.statusCode).toBe(404);

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/brokers/${broker.id}/assistants/${colleague.id}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accessDenied);
    const adminToken = await signIn(ctx.app, admin.email);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/brokers/${broker.id}/assistants/${colleague.id}`,
      headers: bearer(adminToken),
    });
    expect(removed.json()).toEqual({ data: [] });
  });

  it('is refused to other roles', async () => {
    const notary = await createUser(ctx.database.db, 'notary');
    const token = await signIn(ctx.app, notary.email);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/brokers/${notary.id}/assistants/1`, headers: bearer(token) });
    expect(response.statusCode).toBe(403);
  });
});
