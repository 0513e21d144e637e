import { MESSAGES, PIPELINE_MESSAGES, REGISTRATION_MESSAGES, type RegistrationTarget } from '@promovente/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidacies, candidates, logs, notifications, promotions, promotionUsers } from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const UNKNOWN_TOKEN = '00000000-0000-4000-8000-000000000000';

/** A promotion with its main broker (agency A), a second broker and a notary. */
const setUp = async (values: { isDemo?: boolean; url?: string | null } = {}) => {
  const db = ctx.database.db;
  const agency = await createAgency(db);
  const promotion = await createPromotion(db, { url: 'https://hauts-de-rolle.ch', ...values, agencyIds: [agency.id] });
  const broker = await createUser(db, 'broker', { agencyId: agency.id, promotionIds: [promotion.id] });
  const broker2 = await createUser(db, 'broker', { agencyId: agency.id, promotionIds: [promotion.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [promotion.id] });
  const [withBroker] = await db.update(promotions).set({ brokerId: broker.id }).where(eq(promotions.id, promotion.id)).returning();
  return { promotion: withBroker, agency, broker, broker2, notary };
};

const payload = (token: string, overrides: Record<string, unknown> = {}) => ({
  last_name: 'Rochat',
  first_name: 'Sophie',
  email: 'Sophie.Rochat@exemple.ch',
  phone: '+41 79 555 12 34',
  address: 'Rue du Lac 4',
  city: 'Rolle',
  zip: '1180',
  comment: 'Intéressée par un 4.5 pièces avec balcon.',
  promotion_token: token,
  ...overrides,
});

const register = (body: unknown, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/registration', payload: body as object, remoteAddress });

const fetchTarget = (token: string, query = '', remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: `/api/registration/${token}${query}`, remoteAddress });

describe('GET /registration/{token}: the public page title (docs/product/registration.md#screens)', () => {
  it("answers the promotion's title and site without signing in", async () => {
    const { promotion } = await setUp();
    const response = await fetchTarget(promotion.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual<RegistrationTarget>({
      title: promotion.title,
      promotion: { title: promotion.title, url: 'https://hauts-de-rolle.ch' },
      lot: null,
    });
  });

  it("answers the lot's title when the link names one of the promotion's lots by public id", async () => {
    const { promotion } = await setUp();
    const { lots } = await createBuildingWithLots(ctx.database.db, promotion.id, [850_000]);
    const response = await fetchTarget(promotion.token, `?lot=${lots[0].publicId}`);
    expect(response.statusCode).toBe(200);
    const target = response.json().data as RegistrationTarget;
    expect(target.lot).toEqual({ public_id: lots[0].publicId, title: lots[0].reference, reference: lots[0].reference });
    expect(target.title).toBe(lots[0].reference);
    expect(REGISTRATION_MESSAGES.title(target.title)).toBe(`Créer un dossier sur le lot ${lots[0].reference}`);
  });

  it("answers 'Lien invalide' for an unknown token, a malformed one, a demo promotion and another promotion's lot", async () => {
    const { promotion } = await setUp();
    const demo = await createPromotion(ctx.database.db, { title: 'Démo', isDemo: true });
    const other = await createPromotion(ctx.database.db, { title: 'Autre' });
    const { lots: otherLots } = await createBuildingWithLots(ctx.database.db, other.id, [500_000]);
    for (const [token, query] of [
      [UNKNOWN_TOKEN, ''],
      ['pas-un-jeton', ''],
      [demo.token, ''],
      [promotion.token, `?lot=${otherLots[0].publicId}`],
      [promotion.token, '?lot=12'],
    ]) {
      const response = await fetchTarget(token, query);
      expect(response.statusCode, `${token}${query}`).toBe(404);
      expect(response.json()).toEqual({
        message: PIPELINE_MESSAGES.invalidLink,
        errors: [{ field: null, message: PIPELINE_MESSAGES.invalidLink }],
      });
    }
  });

  it('is rate-limited per address', async () => {
    const { promotion } = await setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await fetchTarget(promotion.token, '', '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await fetchTarget(promotion.token, '', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('POST /registration: candidate registration (docs/product/validation.md#registration and docs/product/calls.md#other-calls)', () => {
  it('creates the candidate and a Prospect candidacy with the message, notifies the brokers and logs it, without signing in', async () => {
    const { promotion, agency, broker, broker2, notary } = await setUp();
    const response = await register(payload(promotion.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { promotion: { url: 'https://hauts-de-rolle.ch' } }, message: PIPELINE_MESSAGES.registered });

    const db = ctx.database.db;
    const [candidate] = await db.select().from(candidates);
    expect(candidate).toMatchObject({
      firstName: 'Sophie',
      lastName: 'Rochat',
      email: 'sophie.rochat@exemple.ch',
      phone: '+41 79 555 12 34',
      address: 'Rue du Lac 4',
      city: 'Rolle',
      zip: '1180',
      promotionId: promotion.id,
    });
    const rows = await db.select().from(candidacies);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      promotionId: promotion.id,
      candidateId: candidate.id,
      status: 0,
      brokerId: broker.id,
      agencyId: agency.id,
      comment: 'Intéressée par un 4.5 pièces avec balcon.',
    });

    const sent = await db.select().from(notifications);
    expect(sent.map((n) => n.userId).sort()).toEqual([broker.id, broker2.id].sort());
    expect(sent.map((n) => n.userId)).not.toContain(notary.id);
    expect(sent[0]).toMatchObject({
      title: REGISTRATION_MESSAGES.notificationTitle,
      description: 'Sophie Rochat',
      promotionId: promotion.id,
    });

    const history = await db.select().from(logs);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      promotionId: promotion.id,
      executedById: null,
      executedOnTitle: 'Sophie Rochat',
      title: REGISTRATION_MESSAGES.logTitle,
      candidacyId: rows[0].id,
    });

    // The broker finds the new candidate in his candidates list.
    const token = await signIn(ctx.app, broker.email);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/candidacies?promotion=${promotion.id}`, headers: bearer(token) });
    expect(list.json().data.map((r: { candidate: { email: string } }) => r.candidate.email)).toContain('sophie.rochat@exemple.ch');
  });

  it('gives the same answer for a known e-mail, never duplicates the candidacy and never changes the known candidate', async () => {
    const { promotion, broker } = await setUp();
    const first = await register(payload(promotion.token));
    const again = await register(
      payload(promotion.token, { first_name: 'Autre', last_name: 'Nom', email: 'SOPHIE.rochat@exemple.ch', comment: 'Encore moi' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const db = ctx.database.db;
    expect(await db.select().from(candidates)).toHaveLength(1);
    const [candidate] = await db.select().from(candidates);
    expect(candidate).toMatchObject({ firstName: 'Sophie', lastName: 'Rochat' });
    const rows = await db.select().from(candidacies);
    expect(rows).toHaveLength(1);
    expect(rows[0].comment).toBe('Intéressée par un 4.5 pièces avec balcon.');
    // The brokers still read the new message; the history says it was a known candidate.
    const sent = await db.select().from(notifications).where(eq(notifications.userId, broker.id));
    expect(sent.map((n) => n.description)).toContain('Sophie Rochat : Encore moi');
    expect((await db.select().from(logs).orderBy(asc(logs.id))).map((l) => l.title)).toEqual([
      REGISTRATION_MESSAGES.logTitle,
      REGISTRATION_MESSAGES.logTitleAgain,
    ]);
  });

  it('keeps one candidate and one candidacy when the same e-mail registers several times at once', async () => {
    const { promotion } = await setUp();
    const answers = await Promise.all([1, 2, 3].map((i) => register(payload(promotion.token), `192.0.2.${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await ctx.database.db.select().from(candidates)).toHaveLength(1);
    expect(await ctx.database.db.select().from(candidacies)).toHaveLength(1);
  });

  it("gives a person known in another promotion this promotion's own record, and reads or links nothing from elsewhere (decision 008)", async () => {
    const { promotion } = await setUp();
    const other = await createPromotion(ctx.database.db, { title: 'Autre' });
    await register(payload(other.token));
    const db = ctx.database.db;
    const [elsewhere] = await db.select().from(candidates).where(eq(candidates.promotionId, other.id));
    await db.update(candidates).set({ householdIncome: 180_000 }).where(eq(candidates.id, elsewhere.id));
    const account = await createUser(db, 'candidate', { email: 'paul.favre@exemple.ch' });

    expect((await register(payload(promotion.token, { phone: '+41 79 000 00 00' }))).statusCode).toBe(200);
    expect(
      (await register(payload(promotion.token, { first_name: 'Paul', last_name: 'Favre', email: 'paul.favre@exemple.ch' }))).statusCode,
    ).toBe(200);

    const here = await db.select().from(candidates).where(eq(candidates.promotionId, promotion.id));
    expect(here).toHaveLength(2);
    const same = here.find((c) => c.email === elsewhere.email);
    expect(same?.id).not.toBe(elsewhere.id);
    expect(same?.householdIncome).toBeNull();
    const [untouched] = await db.select().from(candidates).where(eq(candidates.id, elsewhere.id));
    expect(untouched).toEqual({ ...elsewhere, householdIncome: 180_000, updatedAt: untouched.updatedAt });
    expect(untouched.phone).toBe(elsewhere.phone);
    const candidaciesHere = await db.select().from(candidacies).where(eq(candidacies.promotionId, promotion.id));
    expect(candidaciesHere.map((c) => c.candidateId).sort()).toEqual(here.map((c) => c.id).sort());
    // The account is linked when the reservation form sends the access, not by a public page.
    expect(here.find((c) => c.email === account.email)?.userId).toBeNull();
  });

  it("gives the same answer for a staff account's e-mail and creates nothing", async () => {
    const { promotion, broker } = await setUp();
    const response = await register(payload(promotion.token, { email: broker.email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(PIPELINE_MESSAGES.registered);
    expect(await ctx.database.db.select().from(candidates)).toHaveLength(0);
  });

  it("answers 'Lien invalide' for an unknown or malformed token and for a demo promotion (registration hidden for demo promotions)", async () => {
    await setUp();
    const demo = await createPromotion(ctx.database.db, { title: 'Démo', isDemo: true });
    for (const token of [UNKNOWN_TOKEN, 'abc', demo.token, '']) {
      const response = await register(payload(token));
      expect(response.statusCode, token).toBe(404);
      expect(response.json().message).toBe(PIPELINE_MESSAGES.invalidLink);
      expect(response.json().errors[0].message).toBe(PIPELINE_MESSAGES.invalidLink);
    }
    const missing = await register({ ...payload(''), promotion_token: undefined });
    expect(missing.json().message).toBe(PIPELINE_MESSAGES.invalidLink);
    expect(await ctx.database.db.select().from(candidacies)).toHaveLength(0);
  });

  it('requires the last name, first name and e-mail, in French, with every field error listed', async () => {
    const { promotion } = await setUp();
    const response = await register({ promotion_token: promotion.token, last_name: '  ', email: 'pas-un-email' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(REGISTRATION_MESSAGES.lastNameRequired);
    expect(body.errors).toEqual([
      { field: 'last_name', message: REGISTRATION_MESSAGES.lastNameRequired },
      { field: 'first_name', message: REGISTRATION_MESSAGES.firstNameRequired },
      { field: 'email', message: 'E-mail invalide' },
    ]);

    const zip = await register(payload(promotion.token, { zip: '12<34>' }));
    expect(zip.json().message).toBe(REGISTRATION_MESSAGES.invalidZip);
    const long = await register(payload(promotion.token, { comment: 'x'.repeat(2001) }));
    expect(long.json().message).toBe('Le message ne doit pas dépasser 2000 caractères');
    const empty = await register(undefined);
    expect(empty.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(candidates)).toHaveLength(0);
  });

  it('accepts the optional fields left empty', async () => {
    const { promotion } = await setUp({ url: null });
    const response = await register({
      last_name: 'Rochat',
      first_name: 'Sophie',
      email: 'sophie@exemple.ch',
      phone: '',
      promotion_token: promotion.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ promotion: { url: null } });
    const [candidate] = await ctx.database.db.select().from(candidates);
    expect(candidate.phone).toBeNull();
    const [candidacy] = await ctx.database.db.select().from(candidacies);
    expect(candidacy.comment).toBeNull();
  });

  it('answers 429 once an address has registered too often, before reading the form', async () => {
    const { promotion } = await setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await register(payload(promotion.token, { email: `c${i}@exemple.ch` }), '198.51.100.4')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await register({}, '198.51.100.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.tooManyAttempts);
    // Another address still registers.
    expect((await register(payload(promotion.token, { email: 'autre@exemple.ch' }), '198.51.100.5')).statusCode).toBe(200);
  });

  it('answers 429 once one e-mail has been registered too often', async () => {
    const { promotion } = await setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(payload(promotion.token), `192.0.2.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('GET /promotions/{id}/registration-link: the link staff hand out (docs/product/registration.md#registration-link)', () => {
  it('answers the public link to a broker of the promotion, and nothing for a demo promotion', async () => {
    const { promotion, broker } = await setUp();
    const demo = await createPromotion(ctx.database.db, { title: 'Démo', isDemo: true });
    await ctx.database.db.insert(promotionUsers).values({ promotionId: demo.id, userId: broker.id });
    const headers = bearer(await signIn(ctx.app, broker.email));

    const link = await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotion.id}/registration-link`, headers });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toEqual({
      token: promotion.token,
      path: `/candidate/register/${promotion.token}`,
      url: `http://localhost:3000/candidate/register/${promotion.token}`,
    });
    const hidden = await ctx.app.inject({ method: 'GET', url: `/api/promotions/${demo.id}/registration-link`, headers });
    expect(hidden.json()).toEqual({ data: null });
  });

  it("answers 404 for another promotion's id and 403 to other roles", async () => {
    const { promotion, notary } = await setUp();
    const other = await createPromotion(ctx.database.db, { title: 'Autre' });
    const outsider = await createUser(ctx.database.db, 'broker', { promotionIds: [other.id] });
    const outsiderHeaders = bearer(await signIn(ctx.app, outsider.email));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotion.id}/registration-link`, headers: outsiderHeaders }))
        .statusCode,
    ).toBe(404);
    const notaryHeaders = bearer(await signIn(ctx.app, notary.email));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotion.id}/registration-link`, headers: notaryHeaders }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotion.id}/registration-link` })).statusCode).toBe(401);
  });
});
