import { PEOPLE_MESSAGES } from '@promovente/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidacies, candidates, logs, mailMessages, passwordResets, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { bearer, createAgency, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { INVITATION_LIFETIME_DAYS } from './people.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** Promotion A with an admin, a broker (its main broker), a main notary and a promoter; promotion B with its own notary. */
const setUp = async () => {
  const db = ctx.database.db;
  const a = await createPromotion(db, { title: 'Les Hauts de Rolle' });
  const b = await createPromotion(db, { title: 'Le Clos de Nyon' });
  const admin = await createUser(db, 'broker', { admin: true, firstName: 'Alice', lastName: 'Admin' });
  const broker = await createUser(db, 'broker', { promotionIds: [a.id], lastName: 'Courtier' });
  await db.update(promotions).set({ brokerId: broker.id }).where(eq(promotions.id, a.id));
  const notary = await createUser(db, 'notary', { promotionIds: [a.id], lastName: 'Aubert' });
  await db.update(promotionUsers).set({ main: true }).where(eq(promotionUsers.userId, notary.id));
  const secondNotary = await createUser(db, 'notary', { promotionIds: [a.id], lastName: 'Blanc' });
  const promoter = await createUser(db, 'promoter', { promotionIds: [a.id] });
  const notaryOfB = await createUser(db, 'notary', { promotionIds: [b.id], lastName: 'Zürcher' });
  const freeNotary = await createUser(db, 'notary', { lastName: 'Libre' });
  const adminH = bearer(await signIn(ctx.app, admin.email));
  const brokerH = bearer(await signIn(ctx.app, broker.email));
  return { db, a, b, admin, broker, notary, secondNotary, promoter, notaryOfB, freeNotary, adminH, brokerH };
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

const newNotary = {
  first_name: 'Claire',
  last_name: 'Morel',
  email: 'Claire.Morel@Notaires.ch',
  phone: '021 555 12 12',
  iban: 'CH93 0076 2011 6238 5295 7',
  bank_name: 'BCV',
  bank_holder: 'Étude Morel',
  address: 'Rue du Lac 4',
  zip: '1180',
  city: 'Rolle',
  secretary_gender: 'F',
  secretary_name: 'Léa Martin',
  secretary_email: 'lea.martin@notaires.ch',
  secretary_phone: '021 555 12 13',
};

describe('GET promotions/{id}/people (docs/product/promotion-administration.md#people-menus)', () => {
  it('lists the five kinds by name, the notaries with their main flag, and the main broker', async () => {
    const w = await setUp();
    const res = await call('GET', `/api/promotions/${w.a.id}/people`, w.brokerH);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.notaries.map((n: { id: number; main: boolean }) => [n.id, n.main])).toEqual([
      [w.notary.id, true],
      [w.secondNotary.id, false],
    ]);
    expect(data.brokers.map((p: { id: number }) => p.id)).toEqual([w.broker.id]);
    expect(data.promoters.map((p: { id: number }) => p.id)).toEqual([w.promoter.id]);
    expect(data).toMatchObject({ bankers: [], architects: [], main_broker_id: w.broker.id });
  });

  it('shows the invitations to admins only', async () => {
    const w = await setUp();
    const asBroker = (await call('GET', `/api/promotions/${w.a.id}/people`, w.brokerH)).json().data;
    expect(asBroker.promoters[0].invitation).toBeNull();
    const asAdmin = (await call('GET', `/api/promotions/${w.a.id}/people`, w.adminH)).json().data;
    expect(asAdmin.promoters[0].invitation).toEqual({ password_set: true, sent_at: null });
  });

  it('answers 404 for a promotion the broker is not a member of, and 403 to a notary', async () => {
    const w = await setUp();
    expect((await call('GET', `/api/promotions/${w.b.id}/people`, w.brokerH)).statusCode).toBe(404);
    const notaryH = bearer(await signIn(ctx.app, w.notary.email));
    expect((await call('GET', `/api/promotions/${w.a.id}/people`, notaryH)).statusCode).toBe(403);
  });
});

describe('the add-existing pickers (GET notaries, promoters, bankers, architects)', () => {
  it('pages the people of the type, by name, leaving out those already in the promotion', async () => {
    const w = await setUp();
    const all = (await call('GET', '/api/notaries', w.adminH)).json();
    expect(all.data.map((p: { id: number }) => p.id)).toEqual([w.notary.id, w.secondNotary.id, w.freeNotary.id, w.notaryOfB.id]);
    expect(all).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    const forA = (await call('GET', `/api/notaries?promotion=${w.a.id}`, w.adminH)).json();
    expect(forA.data.map((p: { id: number }) => p.id)).toEqual([w.freeNotary.id, w.notaryOfB.id]);
    const searched = (await call('GET', `/api/notaries?promotion=${w.a.id}&search=libr`, w.adminH)).json();
    expect(searched.data).toEqual([
      { id: w.freeNotary.id, full_name: `${w.freeNotary.firstName} Libre`, email: w.freeNotary.email, profile_picture: null },
    ]);
    const pastTheEnd = (await call('GET', '/api/notaries?page=9', w.adminH)).json();
    expect(pastTheEnd).toMatchObject({ current_page: 1, total: 4 });
  });

  it('is for admins only, and a missing promotion answers 404', async () => {
    const w = await setUp();
    expect((await call('GET', '/api/promoters', w.brokerH)).statusCode).toBe(403);
    expect((await call('GET', '/api/architects?promotion=999999', w.adminH)).statusCode).toBe(404);
  });
});

describe('add and remove (docs/product/promotion-administration.md#calls)', () => {
  it('attaches an existing notary and removes him; a second add changes nothing', async () => {
    const w = await setUp();
    const added = await call('POST', `/api/promotions/${w.a.id}/add-notary/${w.freeNotary.id}`, w.adminH);
    expect(added.statusCode).toBe(200);
    expect(added.json().data.notaries.map((n: { id: number }) => n.id)).toContain(w.freeNotary.id);
    expect((await call('POST', `/api/promotions/${w.a.id}/add-notary/${w.freeNotary.id}`, w.adminH)).statusCode).toBe(200);
    const removed = await call('POST', `/api/promotions/${w.a.id}/remove-notary/${w.freeNotary.id}`, w.adminH);
    expect(removed.json().data.notaries.map((n: { id: number }) => n.id)).not.toContain(w.freeNotary.id);
  });

  it('refuses a person of another type, and one who is not in the promotion, with 404', async () => {
    const w = await setUp();
    const wrongType = await call('POST', `/api/promotions/${w.a.id}/add-banker/${w.freeNotary.id}`, w.adminH);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json().message).toBe(PEOPLE_MESSAGES.notAPerson);
    const notHere = await call('POST', `/api/promotions/${w.a.id}/remove-notary/${w.notaryOfB.id}`, w.adminH);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(PEOPLE_MESSAGES.notAttached);
  });

  it('keeps the main broker and a broker who follows candidacies, with the reason', async () => {
    const w = await setUp();
    const main = await call('POST', `/api/promotions/${w.a.id}/remove-broker/${w.broker.id}`, w.adminH);
    expect(main.statusCode).toBe(409);
    expect(main.json().message).toBe(PEOPLE_MESSAGES.mainBroker);
    const agency = await createAgency(w.db);
    const other = await createUser(w.db, 'broker', { promotionIds: [w.a.id], agencyId: agency.id });
    const [candidate] = await w.db
      .insert(candidates)
      .values({ promotionId: w.a.id, firstName: 'Paul', lastName: 'Roth', email: 'paul@test.ch' })
      .returning();
    await w.db.insert(candidacies).values({ promotionId: w.a.id, candidateId: candidate.id, brokerId: other.id, agencyId: agency.id });
    const following = await call('POST', `/api/promotions/${w.a.id}/remove-broker/${other.id}`, w.adminH);
    expect(following.statusCode).toBe(409);
    expect(following.json().message).toBe(PEOPLE_MESSAGES.brokerHasCandidacies);
    const free = await createUser(w.db, 'broker', { promotionIds: [w.a.id] });
    expect((await call('POST', `/api/promotions/${w.a.id}/remove-broker/${free.id}`, w.adminH)).statusCode).toBe(200);
  });

  it('is refused to a broker without the admin flag (403), whatever the ids', async () => {
    const w = await setUp();
    expect((await call('POST', `/api/promotions/${w.a.id}/add-notary/${w.freeNotary.id}`, w.brokerH)).statusCode).toBe(403);
    expect((await call('POST', `/api/promotions/${w.a.id}/remove-promoter/${w.promoter.id}`, w.brokerH)).statusCode).toBe(403);
  });
});

describe('the main notary (docs/product/promotion-administration.md#states)', () => {
  it('makes one notary main, the former one plain, and toggles him back off; the answer is the notaries', async () => {
    const w = await setUp();
    const url = (id: number) => `/api/promotions/${w.a.id}/update-notary-main/${id}`;
    const second = await call('PUT', url(w.secondNotary.id), w.adminH);
    expect(second.json().data.map((n: { id: number; main: boolean }) => [n.id, n.main])).toEqual([
      [w.notary.id, false],
      [w.secondNotary.id, true],
    ]);
    const off = await call('PUT', url(w.secondNotary.id), w.adminH);
    expect(off.json().data.every((n: { main: boolean }) => !n.main)).toBe(true);
    expect((await call('PUT', url(w.notaryOfB.id), w.adminH)).statusCode).toBe(404);
    expect((await call('PUT', url(w.secondNotary.id), w.brokerH)).statusCode).toBe(403);
  });
});

describe("the main broker ('Définir comme courtier principal', docs/product/promotion-administration.md#people-menus)", () => {
  it('names another broker of the promotion main; the former one stays a broker and may then be removed', async () => {
    const w = await setUp();
    const colleague = await createUser(w.db, 'broker', { promotionIds: [w.a.id], firstName: 'Marc', lastName: 'Suivant' });
    const url = (id: number) => `/api/promotions/${w.a.id}/update-broker-main/${id}`;

    const named = await call('PUT', url(colleague.id), w.adminH);
    expect(named.statusCode).toBe(200);
    expect(named.json().message).toBe(PEOPLE_MESSAGES.mainBrokerSet);
    expect(named.json().data.main_broker_id).toBe(colleague.id);
    expect(
      named
        .json()
        .data.brokers.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([w.broker.id, colleague.id].sort());
    const record = (await call('GET', `/api/promotions/${w.a.id}`, w.adminH)).json().data;
    expect(record.main_broker).toEqual({ id: colleague.id, full_name: 'Marc Suivant' });
    const [log] = await w.db.select().from(logs).where(eq(logs.promotionId, w.a.id));
    expect(log.title).toBe(`Courtier principal : Marc Suivant (à la place de ${w.broker.firstName} ${w.broker.lastName})`);

    // The new main broker cannot be removed; the former one, now an ordinary broker, can.
    const refused = await call('POST', `/api/promotions/${w.a.id}/remove-broker/${colleague.id}`, w.adminH);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PEOPLE_MESSAGES.mainBroker);
    expect((await call('POST', `/api/promotions/${w.a.id}/remove-broker/${w.broker.id}`, w.adminH)).statusCode).toBe(200);

    // Naming the main broker again changes nothing and writes no second log row.
    expect((await call('PUT', url(colleague.id), w.adminH)).json().data.main_broker_id).toBe(colleague.id);
    expect(await w.db.select().from(logs).where(eq(logs.promotionId, w.a.id))).toHaveLength(1);
  });

  it('answers 404 for a broker outside the promotion or another type, and 403 to a broker without the admin flag', async () => {
    const w = await setUp();
    const url = (id: number) => `/api/promotions/${w.a.id}/update-broker-main/${id}`;
    const outside = await createUser(w.db, 'broker', { promotionIds: [w.b.id] });
    const notHere = await call('PUT', url(outside.id), w.adminH);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(PEOPLE_MESSAGES.notAttached);
    expect((await call('PUT', url(w.notary.id), w.adminH)).statusCode).toBe(404);
    expect((await call('PUT', `/api/promotions/${w.b.id + 1000}/update-broker-main/${w.broker.id}`, w.adminH)).statusCode).toBe(404);
    expect((await call('PUT', url(w.broker.id), w.brokerH)).statusCode).toBe(403);
    const [promotion] = await w.db.select().from(promotions).where(eq(promotions.id, w.a.id));
    expect(promotion.brokerId).toBe(w.broker.id);
  });
});

describe('create and invite (docs/decisions/013-invitation-instead-of-default-password.md)', () => {
  it('shows an invitation sent again at the next read of the people menus, though they are served by version (migration 0031)', async () => {
    const w = await setUp();
    const res = await call('POST', `/api/promotions/${w.a.id}/notaries`, w.adminH, newNotary);
    const id = res.json().data.notaries.find((n: { email: string }) => n.email === 'claire.morel@notaires.ch').id as number;
    const sentAt = async () => {
      const people = await call('GET', `/api/promotions/${w.a.id}/people`, w.adminH);
      return { etag: people.headers.etag, sent: people.json().data.notaries.find((n: { id: number }) => n.id === id).invitation.sent_at };
    };
    const first = await sentAt();
    expect(first.sent).not.toBeNull();
    expect(await sentAt()).toEqual(first);
    // Written straight in the table, as another process would: the next read shows it.
    const later = new Date(Date.now() + 86_400_000);
    await w.db
      .insert(passwordResets)
      .values({ userId: id, tokenHash: 'x'.repeat(64), expiresAt: later, purpose: 'invitation', createdAt: later });
    const next = await sentAt();
    expect(next.etag).not.toBe(first.etag);
    expect(next.sent).not.toEqual(first.sent);
  });

  it('creates a notary without a password, attached, and queues his invitation in the same transaction', async () => {
    const w = await setUp();
    const res = await call('POST', `/api/promotions/${w.a.id}/notaries`, w.adminH, newNotary);
    expect(res.statusCode).toBe(200);
    const created = res.json().data.notaries.find((n: { email: string }) => n.email === 'claire.morel@notaires.ch');
    expect(created).toMatchObject({
      full_name: 'Claire Morel',
      main: false,
      iban: newNotary.iban,
      full_address: 'Rue du Lac 4, 1180 Rolle',
      secretary_gender: 'F',
      invitation: { password_set: false },
    });
    expect(created.invitation.sent_at).not.toBeNull();
    const [user] = await w.db.select().from(users).where(eq(users.id, created.id));
    expect(user).toMatchObject({ type: 'notary', passwordHash: null, numberConnections: 0 });
    const [mail] = await w.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
    expect(mail.to).toEqual(['claire.morel@notaires.ch']);
    expect(mail.subject).toBe('Promovente : votre accès à la promotion Les Hauts de Rolle');
    // An invitation cannot be unsubscribed from: automatic, without List-Unsubscribe.
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    expect(mail.text).toContain(
      'Alice Admin vous a ouvert un accès Promovente en tant que notaire de la promotion « Les Hauts de Rolle ».',
    );
    expect(mail.text).toMatch(/\/password\/update\/[\w-]{43}\?email=claire\.morel%40notaires\.ch/);
    const [reset] = await w.db.select().from(passwordResets).where(eq(passwordResets.userId, created.id));
    expect(reset.purpose).toBe('invitation');
    const days = (reset.expiresAt.getTime() - reset.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(INVITATION_LIFETIME_DAYS);
  });

  it('lets the invited person choose his password with the link, then sign in; the list says so', async () => {
    const w = await setUp();
    await call('POST', `/api/promotions/${w.a.id}/promoters`, w.adminH, { first_name: 'Marc', last_name: 'Bolay', email: 'marc@bolay.ch' });
    const [mail] = await w.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
    const token = /\/password\/update\/([\w-]+)\?/.exec(mail.text)?.[1];
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'marc@bolay.ch', password: 'x'.repeat(12) } }))
        .statusCode,
    ).toBe(401);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, email: 'marc@bolay.ch', password: 'Un-mot-de-passe-2026', password_confirmation: 'Un-mot-de-passe-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await signIn(ctx.app, 'marc@bolay.ch', 'Un-mot-de-passe-2026')).toBeTruthy();
    const list = (await call('GET', `/api/promotions/${w.a.id}/people`, w.adminH)).json().data;
    expect(list.promoters.find((p: { email: string }) => p.email === 'marc@bolay.ch').invitation.password_set).toBe(true);
    const again = await call(
      'POST',
      `/api/promotions/${w.a.id}/people/${list.promoters.find((p: { email: string }) => p.email === 'marc@bolay.ch').id}/invite`,
      w.adminH,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PEOPLE_MESSAGES.passwordAlreadySet);
  });

  it('sends the invitation again with a new link, the former one closed, within a limit', async () => {
    const w = await setUp();
    const created = (
      await call('POST', `/api/promotions/${w.a.id}/bankers`, w.adminH, {
        first_name: 'Eva',
        last_name: 'Keller',
        email: 'eva@banque.ch',
        bank_name: 'UBS',
      })
    ).json().data.bankers[0];
    expect(created.bank_name).toBe('UBS');
    const [first] = await w.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
    const firstToken = /\/password\/update\/([\w-]+)\?/.exec(first.text)?.[1];
    const again = await call('POST', `/api/promotions/${w.a.id}/people/${created.id}/invite`, w.adminH);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Invitation envoyée');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/password/find/${firstToken}` })).statusCode).toBe(404);
    const [second] = await w.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(1);
    const secondToken = /\/password\/update\/([\w-]+)\?/.exec(second.text)?.[1];
    expect((await ctx.app.inject({ method: 'GET', url: `/api/password/find/${secondToken}` })).json()).toEqual({
      data: { email: 'eva@banque.ch' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await call('POST', `/api/promotions/${w.a.id}/people/${created.id}/invite`, w.adminH)).statusCode);
    expect(statuses).toContain(429);
    expect((await call('POST', `/api/promotions/${w.b.id}/people/${created.id}/invite`, w.adminH)).statusCode).toBe(404);
  });

  it('validates each kind in French, and refuses an e-mail that has an account', async () => {
    const w = await setUp();
    const post = (kind: string, body: object) => call('POST', `/api/promotions/${w.a.id}/${kind}`, w.adminH, body);
    const noName = await post('notaries', { ...newNotary, first_name: '  ' });
    expect([noName.statusCode, noName.json().message]).toEqual([400, PEOPLE_MESSAGES.firstNameRequired]);
    const badMail = await post('promoters', { first_name: 'A', last_name: 'B', email: 'pas-un-mail' });
    expect([badMail.statusCode, badMail.json().message]).toEqual([400, 'E-mail invalide']);
    const noOffice = await post('architects', { first_name: 'A', last_name: 'B', email: 'a@b.ch' });
    expect([noOffice.statusCode, noOffice.json().message]).toEqual([400, PEOPLE_MESSAGES.officeNameRequired]);
    const badZip = await post('notaries', { ...newNotary, zip: 'Rolle' });
    expect([badZip.statusCode, badZip.json().message]).toEqual([400, 'Le code postal doit être numérique']);
    const taken = await post('promoters', { first_name: 'A', last_name: 'B', email: w.promoter.email.toUpperCase() });
    expect([taken.statusCode, taken.json().message]).toEqual([409, PEOPLE_MESSAGES.emailTaken]);
    const architect = await post('architects', {
      first_name: 'Rémy',
      last_name: 'Favre',
      email: 'remy@favre.ch',
      office_name: 'Favre Architectes',
    });
    expect(architect.json().data.architects[0]).toMatchObject({ office_name: 'Favre Architectes', full_name: 'Rémy Favre' });
    expect(
      (await call('POST', `/api/promotions/${w.a.id}/promoters`, w.brokerH, { first_name: 'A', last_name: 'B', email: 'c@d.ch' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('notary edit', () => {
  it("saves the details and answers the notary; another account's e-mail is refused", async () => {
    const w = await setUp();
    const url = `/api/promotions/${w.a.id}/notaries/${w.notary.id}`;
    const res = await call('PUT', url, w.adminH, { ...newNotary, email: 'aubert@notaires.ch' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Changements enregistrés',
      data: { id: w.notary.id, email: 'aubert@notaires.ch', main: true, city: 'Rolle' },
    });
    const taken = await call('PUT', url, w.adminH, { ...newNotary, email: w.secondNotary.email });
    expect(taken.statusCode).toBe(409);
    expect((await call('PUT', `/api/promotions/${w.a.id}/notaries/${w.notaryOfB.id}`, w.adminH, newNotary)).statusCode).toBe(404);
    const noLast = await call('PUT', url, w.adminH, { ...newNotary, last_name: '' });
    expect([noLast.statusCode, noLast.json().message]).toEqual([400, PEOPLE_MESSAGES.lastNameRequired]);
  });
});
