import { MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionLots, applications, candidacies, logs, lots, promotions as promotionTable } from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createApplication, createCandidacy } from './attribution.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const CRM = 1;
const OTHER = 2;

/** A promotion with three lots, a broker of agency 2 and one of his candidacies. */
const setup = async (promotionValues: Parameters<typeof createPromotion>[1] = {}) => {
  const db = ctx.database.db;
  await createAgency(db, 'Agence CRM', CRM);
  await createAgency(db, 'Agence du Léman', OTHER);
  const promotion = await createPromotion(db, promotionValues);
  const {
    lots: [lotA, lotB, lotC],
  } = await createBuildingWithLots(db, promotion.id, [750_000, 900_000, 1_250_000]);
  const broker = await createUser(db, 'broker', { agencyId: OTHER, promotionIds: [promotion.id] });
  const token = await signIn(ctx.app, broker.email);
  const { candidacy, candidate } = await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER });
  return { db, promotion, lotA, lotB, lotC, broker, token, candidacy, candidate };
};

const attribute = (token: string, candidacyId: number, fields: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/commands/attributeLot',
    headers: bearer(token),
    payload: { entity: 'candidacy', entity_id: candidacyId, additionnal_fields: fields },
  });

describe('attributeLot in a promotion that is not multi-agency (docs/product/validation.md#assign-lot)', () => {
  it('creates an application at priority 9 by default, the lot shows Optionné and the candidacy Client', async () => {
    const { db, promotion, lotA, token, candidacy, candidate, broker } = await setup();
    const response = await attribute(token, candidacy.id, { lot_id: lotA.id, promotion_id: promotion.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Lot attribué', data: { lot_id: lotA.id, priority: 9, status: 0 } });

    const [application] = await db.select().from(applications).where(eq(applications.lotId, lotA.id));
    expect(application).toMatchObject({ candidacy1Id: candidacy.id, candidacy2Id: null, status: 0, priority: 9 });
    expect(Date.now() - application.lastPriorityChange.getTime()).toBeLessThan(60_000);
    const [lot] = await db.select().from(lots).where(eq(lots.id, lotA.id));
    expect(lot.status).toBe(2);
    const [after] = await db.select().from(candidacies).where(eq(candidacies.id, candidacy.id));
    expect(after.status).toBe(3);

    const [history] = await db.select().from(logs);
    expect(history).toMatchObject({
      title: 'Lot A-101 attribué',
      executedOnTitle: `${candidate.firstName} ${candidate.lastName}`,
      executedById: broker.id,
      applicationId: application.id,
      lotId: lotA.id,
      candidacyId: candidacy.id,
    });
    const lotHistory = await db.select().from(actionLots).where(eq(actionLots.lotId, lotA.id));
    expect(lotHistory).toMatchObject([{ column: 'status', from: '0', to: '2', userId: broker.id }]);
    // The lot's 'Historique' names the pipeline's column in French, like the broker's own changes.
    const lotDetail = await ctx.app.inject({ method: 'GET', url: `/api/lots/${lotA.id}`, headers: bearer(token) });
    expect(lotDetail.json().data.action_lots).toMatchObject([{ column: 'status', column_text: 'Statut', from: '0', to: '2' }]);
  });

  it('takes the chosen priority among 1, 2, 3 and 9 and refuses another value', async () => {
    const { db, lotA, lotB, token, candidacy } = await setup();
    expect((await attribute(token, candidacy.id, { lot_id: lotA.id, priority: 2 })).statusCode).toBe(200);
    const bad = await attribute(token, candidacy.id, { lot_id: lotB.id, priority: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Priorité requise');
    const missingLot = await attribute(token, candidacy.id, { priority: 9 });
    expect(missingLot.statusCode).toBe(400);
    expect(missingLot.json().message).toBe('Lot requis');
    const rows = await db.select().from(applications);
    expect(rows.map((r) => r.priority)).toEqual([2]);
  });

  it('refuses a lot the candidacy already holds', async () => {
    const { lotA, token, candidacy } = await setup();
    expect((await attribute(token, candidacy.id, { lot_id: lotA.id })).statusCode).toBe(200);
    const again = await attribute(token, candidacy.id, { lot_id: lotA.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ce lot est déjà attribué à ce candidat');
  });

  it('accepts only the waiting list (priority 9) on a Réservé lot', async () => {
    const { db, promotion, lotA, token, candidacy, broker } = await setup();
    const { candidacy: holder } = await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: holder.id, status: 1, priority: 1 });
    const first = await attribute(token, candidacy.id, { lot_id: lotA.id, priority: 1 });
    expect(first.statusCode).toBe(422);
    expect(first.json().message).toBe('Ce lot est réservé ou signé : seule la priorité 9 (non prioritaire) est possible');
    const waiting = await attribute(token, candidacy.id, { lot_id: lotA.id, priority: 9 });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data.priority).toBe(9);
  });

  it("refuses an associated lot and a promotion_id that is not the candidacy's", async () => {
    const { db, lotA, lotB, token, candidacy, promotion } = await setup();
    await db.update(lots).set({ parentId: lotA.id }).where(eq(lots.id, lotB.id));
    const child = await attribute(token, candidacy.id, { lot_id: lotB.id });
    expect(child.statusCode).toBe(422);
    expect(child.json().message).toBe('Seul un lot principal peut être attribué');
    const mismatch = await attribute(token, candidacy.id, { lot_id: lotA.id, promotion_id: promotion.id + 1 });
    expect(mismatch.statusCode).toBe(404);
  });
});

describe('attributeLot in a multi-agency promotion (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built)', () => {
  it('takes the best free position and refuses a fourth candidate', async () => {
    const { db, promotion, lotA, token, broker } = await setup({ multiAgency: true });
    const others = [];
    for (let i = 0; i < 4; i += 1)
      others.push((await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER })).candidacy);
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: others[0].id, priority: 1 });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: others[1].id, priority: 3 });

    const second = await attribute(token, others[2].id, { lot_id: lotA.id, priority: 9 });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.priority).toBe(2);

    const fourth = await attribute(token, others[3].id, { lot_id: lotA.id });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(MESSAGES.lotAssignmentBlocked);
    expect(fourth.json().message).toBe("Impossible d'attribuer ce lot, déjà 3 candidats sont positionnés.");
  });

  it('puts a new candidate on the waiting list of a Réservé lot', async () => {
    const { db, promotion, lotA, token, candidacy, broker } = await setup({ multiAgency: true });
    const { candidacy: holder } = await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: holder.id, status: 1, priority: 1 });
    const response = await attribute(token, candidacy.id, { lot_id: lotA.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.priority).toBe(9);
  });

  it('lets exactly one of two brokers take the last free position at the same time', async () => {
    const { db, promotion, lotA, broker, token } = await setup({ multiAgency: true });
    const colleague = await createUser(db, 'broker', { agencyId: OTHER, promotionIds: [promotion.id] });
    const colleagueToken = await signIn(ctx.app, colleague.email);
    const make = async (brokerId: number) => (await createCandidacy(db, promotion.id, { brokerId, agencyId: OTHER })).candidacy;
    const [first, second, mine, theirs] = [await make(broker.id), await make(broker.id), await make(broker.id), await make(colleague.id)];
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: first.id, priority: 1 });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: second.id, priority: 2 });

    const answers = await Promise.all([
      attribute(token, mine.id, { lot_id: lotA.id }),
      attribute(colleagueToken, theirs.id, { lot_id: lotA.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)?.json().message).toBe(MESSAGES.lotAssignmentBlocked);

    const rows = await db.select().from(applications).where(eq(applications.lotId, lotA.id));
    expect(rows.map((r) => r.priority).sort()).toEqual([1, 2, 3]);
    expect(await db.select().from(logs)).toHaveLength(1);
  });
});

describe('positions under load (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built, concurrency)', () => {
  it('gives positions 1, 2 and 3 once each when eight brokers attribute the same lot at once', async () => {
    const { db, promotion, lotA } = await setup({ multiAgency: true });
    const attempts = [];
    for (let i = 0; i < 8; i += 1) {
      const broker = await createUser(db, 'broker', { agencyId: OTHER, promotionIds: [promotion.id] });
      const { candidacy } = await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER });
      attempts.push({ token: await signIn(ctx.app, broker.email), candidacyId: candidacy.id });
    }
    const answers = await Promise.all(attempts.map((a) => attribute(a.token, a.candidacyId, { lot_id: lotA.id })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(5);
    const rows = await db.select().from(applications).where(eq(applications.lotId, lotA.id));
    expect(rows.map((r) => r.priority).sort()).toEqual([1, 2, 3]);
  });
});

describe('who may attribute a lot', () => {
  it('refuses other roles, brokers of another agency and candidacies of another promotion', async () => {
    const { db, promotion, lotA, candidacy } = await setup();
    const notary = await createUser(db, 'notary', { promotionIds: [promotion.id] });
    const notaryAnswer = await attribute(await signIn(ctx.app, notary.email), candidacy.id, { lot_id: lotA.id });
    expect(notaryAnswer.statusCode).toBe(403);

    const stranger = await createUser(db, 'broker', { agencyId: CRM, promotionIds: [promotion.id] });
    const strangerAnswer = await attribute(await signIn(ctx.app, stranger.email), candidacy.id, { lot_id: lotA.id });
    expect(strangerAnswer.statusCode).toBe(403);
    expect(strangerAnswer.json().message).toBe(MESSAGES.accessDenied);

    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const outsider = await createUser(db, 'broker', { agencyId: OTHER, promotionIds: [elsewhere.id] });
    const outsiderAnswer = await attribute(await signIn(ctx.app, outsider.email), candidacy.id, { lot_id: lotA.id });
    expect(outsiderAnswer.statusCode).toBe(404);
    expect(outsiderAnswer.json().message).toBe(MESSAGES.pageNotFound);
    expect(await db.select().from(applications)).toHaveLength(0);
  });

  it('answers 404 for a lot of another promotion', async () => {
    const { db, token, candidacy } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const {
      lots: [foreign],
    } = await createBuildingWithLots(db, elsewhere.id, [500_000]);
    const response = await attribute(token, candidacy.id, { lot_id: foreign.id });
    expect(response.statusCode).toBe(404);
  });

  it('needs a CRM-validated candidacy for agency 1 in a promotion synced to the CRM', async () => {
    const { db, promotion, lotA } = await setup({ crmUpdatedAt: new Date() });
    const crmBroker = await createUser(db, 'broker', { agencyId: CRM, promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, crmBroker.email);
    const { candidacy } = await createCandidacy(db, promotion.id, { brokerId: crmBroker.id, agencyId: CRM });
    const refused = await attribute(token, candidacy.id, { lot_id: lotA.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Ce candidat doit être validé dans le CRM avant de pouvoir lui attribuer un lot');
    await db.update(candidacies).set({ crmValidated: true }).where(eq(candidacies.id, candidacy.id));
    expect((await attribute(token, candidacy.id, { lot_id: lotA.id })).statusCode).toBe(200);
  });
});

describe('the partner (candidacy_2_id)', () => {
  it('links a partner of the same promotion, who becomes Client too', async () => {
    const { db, promotion, lotA, token, candidacy, candidate, broker } = await setup();
    const { candidacy: partner, candidate: partnerCandidate } = await createCandidacy(db, promotion.id, {
      agencyId: OTHER,
      brokerId: broker.id,
    });
    const response = await attribute(token, candidacy.id, { lot_id: lotA.id, candidacy_2_id: partner.id });
    expect(response.statusCode).toBe(200);
    const [application] = await db.select().from(applications);
    expect(application.candidacy2Id).toBe(partner.id);
    const [after] = await db.select().from(candidacies).where(eq(candidacies.id, partner.id));
    expect(after.status).toBe(3);
    const [history] = await db.select().from(logs);
    expect(history.executedOnTitle).toBe(
      `${candidate.firstName} ${candidate.lastName} et ${partnerCandidate.firstName} ${partnerCandidate.lastName}`,
    );
  });

  it('refuses the candidacy itself, a candidacy of another promotion and, for agency 1 after a CRM sync, a non-validated one', async () => {
    const { db, promotion, lotA, token, candidacy } = await setup();
    const self = await attribute(token, candidacy.id, { lot_id: lotA.id, candidacy_2_id: candidacy.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Le candidat ne peut pas être son propre partenaire');

    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const { candidacy: foreign } = await createCandidacy(db, elsewhere.id);
    expect((await attribute(token, candidacy.id, { lot_id: lotA.id, candidacy_2_id: foreign.id })).statusCode).toBe(404);

    await db.update(promotionTable).set({ crmUpdatedAt: new Date() });
    const crmBroker = await createUser(db, 'broker', { agencyId: CRM, promotionIds: [promotion.id] });
    const crmToken = await signIn(ctx.app, crmBroker.email);
    const { candidacy: own } = await createCandidacy(db, promotion.id, { agencyId: CRM, crmValidated: true });
    const { candidacy: unvalidated } = await createCandidacy(db, promotion.id, { agencyId: OTHER });
    const refused = await attribute(crmToken, own.id, { lot_id: lotA.id, candidacy_2_id: unvalidated.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Le partenaire doit être validé dans le CRM');
    expect(await db.select().from(applications)).toHaveLength(0);
  });
});

describe('GET /lots/for-attribution and GET /applications/partners (the assign-lot modal)', () => {
  it('lists the main lots with the position they would give and the lots already held', async () => {
    const { db, promotion, lotA, lotB, lotC, token, candidacy, broker } = await setup({ multiAgency: true });
    const [child] = await db
      .insert(lots)
      .values({ promotionId: promotion.id, buildingId: lotA.buildingId, parentId: lotA.id, lotTypeId: 1, floorId: 1, reference: 'P-1' })
      .returning();
    const others = [];
    for (let i = 0; i < 4; i += 1)
      others.push((await createCandidacy(db, promotion.id, { brokerId: broker.id, agencyId: OTHER })).candidacy);
    for (const [i, priority] of [1, 2, 3].entries()) {
      await createApplication(db, { promotionId: promotion.id, lotId: lotB.id, candidacy1Id: others[i].id, priority });
    }
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: candidacy.id, priority: 1 });
    await createApplication(db, { promotionId: promotion.id, lotId: lotC.id, candidacy1Id: others[3].id, priority: 1, status: 1 });

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/lots/for-attribution?candidacy_id=${candidacy.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ candidacy_id: candidacy.id, promotion_id: promotion.id, multi_agency: true });
    expect(data.lots.map((l: { id: number }) => l.id)).not.toContain(child.id);
    const byRef = Object.fromEntries(data.lots.map((l: { reference: string }) => [l.reference, l]));
    expect(byRef['A-101']).toMatchObject({ already_held: true, best_available_priority: 2, waiting_list_only: false });
    expect(byRef['A-102']).toMatchObject({ already_held: false, best_available_priority: null, waiting_list_only: false });
    expect(byRef['A-103']).toMatchObject({ already_held: false, best_available_priority: 2, waiting_list_only: true, price: 1_250_000 });
  });

  it('answers 404 for a candidacy of another promotion and 403 to other roles', async () => {
    const { db, promotion, token } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const { candidacy: foreign } = await createCandidacy(db, elsewhere.id, { agencyId: OTHER });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/lots/for-attribution?candidacy_id=${foreign.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    const promoter = await createUser(db, 'promoter', { promotionIds: [promotion.id] });
    const promoterAnswer = await ctx.app.inject({
      method: 'GET',
      url: `/api/lots/for-attribution?candidacy_id=${foreign.id}`,
      headers: bearer(await signIn(ctx.app, promoter.email)),
    });
    expect(promoterAnswer.statusCode).toBe(403);
    const invalid = await ctx.app.inject({ method: 'GET', url: '/api/lots/for-attribution?candidacy_id=abc', headers: bearer(token) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Identifiant invalide : candidature');
  });

  it('offers partners other than the candidacy, CRM-validated only for agency 1 after a sync', async () => {
    const { db, promotion, token, candidacy } = await setup();
    const { candidacy: validated } = await createCandidacy(db, promotion.id, { crmValidated: true, lastName: 'Aebi' });
    const { candidacy: plain } = await createCandidacy(db, promotion.id, { lastName: 'Zurcher' });
    const list = async (authToken: string, candidacyId: number, search = '') =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/applications/partners?candidacy_id=${candidacyId}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
          headers: bearer(authToken),
        })
      )
        .json()
        .data.map((p: { id: number }) => p.id);

    expect(await list(token, candidacy.id)).toEqual([validated.id, plain.id]);
    expect(await list(token, candidacy.id, 'zurch')).toEqual([plain.id]);

    await db.update(promotionTable).set({ crmUpdatedAt: new Date() });
    const crmBroker = await createUser(db, 'broker', { agencyId: CRM, promotionIds: [promotion.id] });
    const crmToken = await signIn(ctx.app, crmBroker.email);
    const { candidacy: own } = await createCandidacy(db, promotion.id, { agencyId: CRM, crmValidated: true, lastName: 'Berset' });
    expect(await list(crmToken, own.id)).toEqual([validated.id]);
  });
});
