import { MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, candidates, lots } from '../../db/schema/index.js';
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

/** A promotion with two lots and a broker of agency 2 (docs/product/lots.md#screens: 'attribute lot' from a lot row). */
const setup = async (promotionValues: Parameters<typeof createPromotion>[1] = {}) => {
  const db = ctx.database.db;
  await createAgency(db, 'Agence CRM', CRM);
  await createAgency(db, 'Agence du Léman', OTHER);
  const promotion = await createPromotion(db, promotionValues);
  const {
    lots: [lotA, lotB],
  } = await createBuildingWithLots(db, promotion.id, [750_000, 900_000]);
  const broker = await createUser(db, 'broker', { agencyId: OTHER, promotionIds: [promotion.id] });
  const token = await signIn(ctx.app, broker.email);
  return { db, promotion, lotA, lotB, broker, token };
};

const picker = (token: string, lotId: number | string, search?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/attribution/candidacies?lot_id=${lotId}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    headers: bearer(token),
  });

const attribute = (token: string, candidacyId: number, fields: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/commands/attributeLot',
    headers: bearer(token),
    payload: { entity: 'candidacy', entity_id: candidacyId, additionnal_fields: fields },
  });

describe('GET /attribution/candidacies (the lot row picker, docs/product/lots.md#screens and docs/product/validation.md#assign-lot)', () => {
  it("offers the broker's agency candidacies of the lot's promotion, those holding the lot marked", async () => {
    const { db, promotion, lotA, lotB, broker, token } = await setup();
    const { candidacy: holder } = await createCandidacy(db, promotion.id, { agencyId: OTHER, brokerId: broker.id, lastName: 'Aebi' });
    const { candidacy: free } = await createCandidacy(db, promotion.id, { agencyId: OTHER, lastName: 'Berset' });
    const { candidacy: partnerOnly } = await createCandidacy(db, promotion.id, { agencyId: OTHER, lastName: 'Chappuis' });
    await createCandidacy(db, promotion.id, { agencyId: CRM, lastName: 'Autre-agence' });
    const { candidate: hiddenPerson } = await createCandidacy(db, promotion.id, { agencyId: OTHER, lastName: 'Masqué' });
    await db.update(candidates).set({ hidden: true }).where(eq(candidates.id, hiddenPerson.id));
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    await createCandidacy(db, elsewhere.id, { agencyId: OTHER, lastName: 'Ailleurs' });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: holder.id, priority: 2 });
    await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: free.id, candidacy2Id: partnerOnly.id });
    // A released application (hidden) does not hold the lot any more.
    await createApplication(db, { promotionId: promotion.id, lotId: lotB.id, candidacy1Id: free.id, hidden: true });

    const response = await picker(token, lotA.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      promotion_id: promotion.id,
      multi_agency: false,
      has_more: false,
      lot: { id: lotA.id, reference: 'A-101', price: 750_000, best_available_priority: 1, waiting_list_only: false },
    });
    expect(data.candidacies.map((c: { id: number; already_held: boolean }) => [c.id, c.already_held])).toEqual([
      [holder.id, true],
      [free.id, true],
      [partnerOnly.id, true],
    ]);
    expect(data.candidacies[0]).toMatchObject({ full_name: expect.stringContaining('Aebi'), status_text: 'Prospect' });

    const onB = (await picker(token, lotB.id)).json().data;
    expect(onB.candidacies.map((c: { already_held: boolean }) => c.already_held)).toEqual([false, false, false]);
    expect((await picker(token, lotB.id, 'bers')).json().data.candidacies.map((c: { id: number }) => c.id)).toEqual([free.id]);
  });

  it('offers only CRM-validated candidacies to agency 1 in a promotion synced to the CRM (docs/product/access.md#who-may-do-what)', async () => {
    const { db, promotion, lotA } = await setup({ crmUpdatedAt: new Date() });
    const crmBroker = await createUser(db, 'broker', { agencyId: CRM, promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, crmBroker.email);
    const { candidacy: validated } = await createCandidacy(db, promotion.id, { agencyId: CRM, crmValidated: true });
    await createCandidacy(db, promotion.id, { agencyId: CRM, crmValidated: false });
    const ids = (await picker(token, lotA.id)).json().data.candidacies.map((c: { id: number }) => c.id);
    expect(ids).toEqual([validated.id]);
  });

  it('shows the full multi-agency lot, whose attribution is refused with the spec message', async () => {
    const { db, promotion, lotA, broker, token } = await setup({ multiAgency: true });
    const make = async () => (await createCandidacy(db, promotion.id, { agencyId: OTHER, brokerId: broker.id })).candidacy;
    for (const priority of [1, 2, 3]) {
      await createApplication(db, { promotionId: promotion.id, lotId: lotA.id, candidacy1Id: (await make()).id, priority });
    }
    const newcomer = await make();
    const data = (await picker(token, lotA.id)).json().data;
    expect(data).toMatchObject({ multi_agency: true, lot: { best_available_priority: null, waiting_list_only: false } });
    expect(data.candidacies.find((c: { id: number }) => c.id === newcomer.id)).toMatchObject({ already_held: false });
    const refused = await attribute(token, newcomer.id, { lot_id: lotA.id, promotion_id: promotion.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Impossible d'attribuer ce lot, déjà 3 candidats sont positionnés.");
    expect(refused.json().message).toBe(MESSAGES.lotAssignmentBlocked);
  });

  it('lets the attributeLot command take the chosen candidacy: the lot becomes Optionné', async () => {
    const { db, promotion, lotA, broker, token } = await setup();
    const { candidacy } = await createCandidacy(db, promotion.id, { agencyId: OTHER, brokerId: broker.id });
    const { candidacy: partner } = await createCandidacy(db, promotion.id, { agencyId: CRM });
    const [offered] = (await picker(token, lotA.id)).json().data.candidacies;
    expect(offered.id).toBe(candidacy.id);
    const response = await attribute(token, offered.id, { lot_id: lotA.id, priority: 2, candidacy_2_id: partner.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Lot attribué', data: { lot_id: lotA.id, priority: 2 } });
    const [lot] = await db.select().from(lots).where(eq(lots.id, lotA.id));
    expect(lot.status).toBe(2);
    const after = (await picker(token, lotA.id)).json().data;
    expect(after.lot).toMatchObject({ status: 2, status_text: 'Optionné', best_available_priority: 1 });
    expect(after.candidacies).toMatchObject([{ id: candidacy.id, already_held: true }]);
    expect(await db.select().from(applications)).toHaveLength(1);
  });

  it('answers at most 50 candidacies and says when the search should narrow, in the same queries', async () => {
    const { db, promotion, lotA, token } = await setup();
    await createCandidacy(db, promotion.id, { agencyId: OTHER, lastName: 'Seul' });
    const one = await ctx.countQueries(async () => {
      const data = (await picker(token, lotA.id)).json().data;
      expect(data.candidacies).toHaveLength(1);
      expect(data.has_more).toBe(false);
    });
    for (let i = 0; i < 51; i += 1) await createCandidacy(db, promotion.id, { agencyId: OTHER, lastName: `Nom${i}` });
    const many = await ctx.countQueries(async () => {
      const data = (await picker(token, lotA.id)).json().data;
      expect(data.candidacies).toHaveLength(50);
      expect(data.has_more).toBe(true);
    });
    expect(many).toBe(one);
  });

  it('answers an empty list to a broker without agency', async () => {
    const { db, promotion, lotA } = await setup();
    await createCandidacy(db, promotion.id, { agencyId: OTHER });
    const loner = await createUser(db, 'broker', { agencyId: null, promotionIds: [promotion.id] });
    const data = (await picker(await signIn(ctx.app, loner.email), lotA.id)).json().data;
    expect(data.candidacies).toEqual([]);
  });

  it('answers 404 for a lot of another promotion or none, 403 to other roles, 400 and 422 for bad lots', async () => {
    const { db, promotion, lotA, lotB, token } = await setup();
    const elsewhere = await createPromotion(db, { title: 'Ailleurs' });
    const {
      lots: [foreign],
    } = await createBuildingWithLots(db, elsewhere.id, [500_000]);
    const outside = await picker(token, foreign.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(MESSAGES.pageNotFound);
    expect((await picker(token, 999_999)).statusCode).toBe(404);

    const promoter = await createUser(db, 'promoter', { promotionIds: [promotion.id] });
    const promoterAnswer = await picker(await signIn(ctx.app, promoter.email), lotA.id);
    expect(promoterAnswer.statusCode).toBe(403);
    expect(promoterAnswer.json().message).toBe(MESSAGES.accessDenied);

    const invalid = await picker(token, 'abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Identifiant invalide : lot');

    await db.update(lots).set({ parentId: lotA.id }).where(eq(lots.id, lotB.id));
    const child = await picker(token, lotB.id);
    expect(child.statusCode).toBe(422);
    expect(child.json().message).toBe('Seul un lot principal peut être attribué');
  });
});
