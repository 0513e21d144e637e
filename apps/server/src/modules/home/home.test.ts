import { HOME_MESSAGES, MILESTONE_STEPS } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, candidates, files, promotions, tasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { createApplication, createCandidacy } from '../attribution/attribution.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const NOW = Date.now();
const inDays = (days: number) => new Date(NOW + days * 86_400_000);

const setUp = async () => {
  const db = ctx.database.db;
  const a = await createPromotion(db, { title: 'Les Hauts de Rolle' });
  const b = await createPromotion(db, { title: 'Le Clos de Nyon' });
  const { lots } = await createBuildingWithLots(db, a.id, [500_000, 600_000, 700_000]);
  const mainBroker = await createUser(db, 'broker', { promotionIds: [a.id], firstName: 'Paul', lastName: 'Principal' });
  await db.update(promotions).set({ brokerId: mainBroker.id }).where(eq(promotions.id, a.id));
  const ownBroker = await createUser(db, 'broker', {
    promotionIds: [a.id],
    firstName: 'Sophie',
    lastName: 'Conseil',
    phone: '021 555 00 00',
  });
  const candidate = await createUser(db, 'candidate', { promotionIds: [a.id] });
  const otherCandidate = await createUser(db, 'candidate', { promotionIds: [a.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [a.id] });
  const investor = await createUser(db, 'investor', { promotionIds: [a.id] });
  const broker = await createUser(db, 'broker', { promotionIds: [a.id] });
  const { candidate: row, candidacy } = await createCandidacy(db, a.id, { brokerId: ownBroker.id, firstName: 'Marie', lastName: 'Rochat' });
  await db.update(candidates).set({ userId: candidate.id }).where(eq(candidates.id, row.id));
  const application = await createApplication(db, {
    promotionId: a.id,
    lotId: lots[0].id,
    candidacy1Id: candidacy.id,
    status: 1,
    statusFrChecked: true,
    statusFr: 'Validé le 01/03/2026 10:00',
    statusAcChecked: true,
    statusFinChecked: true,
    promisePlannedAt: inDays(10),
    reservationSentAt: inDays(-20),
    reservationConfirmedAt: inDays(-15),
  });
  await db.insert(tasks).values([
    { promotionId: a.id, title: 'Préparer la promesse', endAt: inDays(3), assignedToId: notary.id, candidacyId: candidacy.id },
    { promotionId: a.id, title: 'Tâche faite', endAt: inDays(1), assignedToId: notary.id, doneAt: inDays(-1), candidacyId: candidacy.id },
    { promotionId: a.id, title: "Tâche d'un autre", endAt: inDays(1), assignedToId: broker.id, candidacyId: candidacy.id },
  ]);
  const h = async (u: { email: string }) => bearer(await signIn(ctx.app, u.email));
  return {
    db,
    a,
    b,
    lots,
    application,
    mainBroker,
    ownBroker,
    candidateH: await h(candidate),
    otherCandidateH: await h(otherCandidate),
    notaryH: await h(notary),
    investorH: await h(investor),
    brokerH: await h(broker),
  };
};

const home = (headers: Record<string, string>, promotionId: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotionId}/home`, headers });

describe('GET promotions/{id}/home (docs/product/home.md)', () => {
  it("gives a candidate his own broker, his application's milestones and next step with its date", async () => {
    const w = await setUp();
    const res = await home(w.candidateH, w.a.id);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.promotion).toMatchObject({ id: w.a.id, title: 'Les Hauts de Rolle' });
    expect(data.broker).toMatchObject({ id: w.ownBroker.id, full_name: 'Sophie Conseil', own: true, phone: '021 555 00 00' });
    expect(data.applications).toHaveLength(1);
    const [progress] = data.applications;
    expect(progress.milestones.map((m: { key: string; done: boolean }) => [m.key, m.done])).toEqual([
      ['FR', true],
      ['AC', true],
      ['FIN', true],
      ['SIGN PdV', false],
      ['SIGN', false],
    ]);
    expect(progress.next_step).toEqual({ label: MILESTONE_STEPS.SIGNPDV, date: inDays(10).toISOString() });
    // The form was validated: its link is no longer offered.
    expect(progress.reservation_form_path).toBeNull();
    expect(data).toMatchObject({ notary: null, status_cards: null });
  });

  it("offers the reservation form's link while it is sent and not validated", async () => {
    const w = await setUp();
    await w.db
      .update(applications)
      .set({ reservationConfirmedAt: null, statusFrChecked: false })
      .where(eq(applications.id, w.application.id));
    const [progress] = (await home(w.candidateH, w.a.id)).json().applications;
    expect(progress.reservation_form_path).toBe(`/candidate/form/${w.application.publicId}`);
    expect(progress.next_step).toEqual({ label: MILESTONE_STEPS.FR, date: null });
    expect(progress.reservation_form_state).toBe('sent');
  });

  it("names the broker's validation as the next step once the form is filled, and offers to edit it until then", async () => {
    const w = await setUp();
    await w.db
      .update(applications)
      .set({ reservationConfirmedAt: null, statusFrChecked: false, firstReservationAt: inDays(-2), statusFr: 'Rempli le 01/03/2026 10:00' })
      .where(eq(applications.id, w.application.id));
    const [filled] = (await home(w.candidateH, w.a.id)).json().applications;
    expect(filled.next_step).toEqual({ label: HOME_MESSAGES.formAwaitingValidation, date: null });
    expect(filled.reservation_form_state).toBe('filled');
    expect(filled.reservation_form_path).toBe(`/candidate/form/${w.application.publicId}`);

    // Confirmed by the broker: the form is behind even if its milestone was unticked by hand.
    await w.db
      .update(applications)
      .set({ reservationConfirmedAt: inDays(-1) })
      .where(eq(applications.id, w.application.id));
    const [confirmed] = (await home(w.candidateH, w.a.id)).json().applications;
    expect(confirmed.reservation_form_state).toBe('confirmed');
    expect(confirmed.next_step.label).toBe(MILESTONE_STEPS.SIGNPDV);
    expect(confirmed.reservation_form_path).toBeNull();
  });

  it("gives a candidate without candidacy the promotion's main broker and no application", async () => {
    const w = await setUp();
    const data = (await home(w.otherCandidateH, w.a.id)).json();
    expect(data.broker).toMatchObject({ id: w.mainBroker.id, own: false });
    expect(data.applications).toEqual([]);
  });

  it('gives the notary his open tasks and the coming signings', async () => {
    const w = await setUp();
    const data = (await home(w.notaryH, w.a.id)).json();
    expect(data.notary.tasks.map((t: { title: string }) => t.title)).toEqual(['Préparer la promesse']);
    expect(data.notary.tasks[0].candidate).toBe('Marie Rochat');
    expect(data.notary.tasks_total).toBe(1);
    expect(data.notary.signings).toEqual([
      { application_id: w.application.id, kind: 'promise', date: inDays(10).toISOString(), lot: 'A-101', candidate: 'Marie Rochat' },
    ]);
    expect(data.applications).toBeNull();
  });

  it("gives the investor the dashboard's four status cards", async () => {
    const w = await setUp();
    const cards = (await home(w.investorH, w.a.id)).json().status_cards;
    expect(cards.map((c: { key: string }) => c.key)).toEqual(['available', 'optioned', 'reserved', 'signed']);
    expect(cards.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(3);
  });

  it('shows the brochure (library file of type 3) when the reader may see it, and the home albums in the carousel', async () => {
    const w = await setUp();
    await w.db.insert(files).values({
      name: 'Brochure.pdf',
      mime: 'application/pdf',
      size: 10,
      storageKey: '00000000-0000-4000-8000-000000000001',
      owner: 'library',
      typeId: 3,
      promotionId: w.a.id,
      accessInvestor: true,
    });
    expect((await home(w.investorH, w.a.id)).json().brochure).toMatchObject({ name: 'Brochure.pdf' });
    expect((await home(w.candidateH, w.a.id)).json().brochure).toBeNull();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${w.a.id}/photoGroups`,
      headers: w.brokerH,
      payload: { name: 'Accueil', date: '2026-03-12', home_page: true },
    });
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${w.a.id}/photoGroups`,
      headers: w.brokerH,
      payload: { name: 'Pas sur l’accueil', date: '2026-03-13' },
    });
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    for (const group of [created.json().data, other.json().data]) {
      const body = multipartBody({ promotion_id: w.a.id, photo_group_id: group.id }, [
        { field: 'photos[]', filename: `${group.name}.png`, type: 'image/png', content: png },
      ]);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/promotions/${w.a.id}/photos`,
        headers: { ...w.brokerH, ...body.headers },
        payload: body.payload,
      });
    }
    const slides = (await home(w.candidateH, w.a.id)).json().slides;
    expect(slides.map((s: { name: string }) => s.name)).toEqual(['Accueil.png']);
    expect(slides[0].url_1300w).toMatch(/^\/api\/files\//);
  });

  it('answers 404 for another promotion and 403 to a broker', async () => {
    const w = await setUp();
    expect((await home(w.candidateH, w.b.id)).statusCode).toBe(404);
    expect((await home(w.brokerH, w.a.id)).statusCode).toBe(403);
  });
});
