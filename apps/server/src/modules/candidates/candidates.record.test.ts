import type { CandidateRecordDetail } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floors, lots } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { addApplication, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

/** A VIP candidacy of the Léman agency with a reserved application whose FR and AC are reached. */
const scene = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const { candidate, candidacy } = await createCandidacyRow(db, desk.promotion.id, {
    agencyId: desk.leman.id,
    brokerId: desk.broker.id,
    vip: true,
    candidate: { firstName: 'Thomas', lastName: 'Berset', gender: 'M', job: 'Ingénieur' },
  });
  const application = await addApplication(db, {
    promotionId: desk.promotion.id,
    lotId: desk.lots[1].id,
    candidacy1Id: candidacy.id,
    status: 1,
    priority: 1,
    statusFrChecked: true,
    statusAcChecked: true,
  });
  return { desk, candidate, candidacy, application };
};

describe('GET /candidates/{id}: the candidate record page (docs/product/candidate-record.md#fields)', () => {
  it('answers the candidacies with their promotion, VIP flag and applications with the five checkpoints', async () => {
    const { desk, candidate, candidacy, application } = await scene();
    const res = await get(`/api/candidates/${candidate.id}`, await desk.token(desk.broker));
    expect(res.statusCode).toBe(200);
    const record = res.json().data as CandidateRecordDetail;
    expect(record).toMatchObject({ id: candidate.id, full_name: 'Thomas Berset', job: 'Ingénieur', gender: 'M' });
    expect(record.candidacies).toHaveLength(1);
    expect(record.candidacies[0]).toMatchObject({
      id: candidacy.id,
      vip: true,
      can_edit: true,
      promotion: { id: desk.promotion.id, title: 'Les Hauts de Rolle' },
    });
    expect(record.candidacies[0].applications).toEqual([
      expect.objectContaining({
        id: application.id,
        status: 1,
        status_FR_checked: true,
        status_AC_checked: true,
        status_FIN_checked: false,
        status_SIGNPDV_checked: false,
        status_SIGN_checked: false,
      }),
    ]);
  });

  it("lists the application's lot with reference, title, rooms, living area, total price and floor title", async () => {
    const { desk, candidate } = await scene();
    const db = ctx.database.db;
    const lot = desk.lots[1];
    await db.update(lots).set({ title: 'Appartement traversant', areaHab: 98.5 }).where(eq(lots.id, lot.id));
    // An associated parking whose price is not included, and a cellar whose price is: only the first adds up.
    for (const [reference, rawPrice, priceIncluded] of [
      ['P-12', 45_000, false],
      ['C-12', 8_000, true],
    ] as const) {
      await db.insert(lots).values({
        promotionId: desk.promotion.id,
        buildingId: lot.buildingId,
        parentId: lot.id,
        lotTypeId: lot.lotTypeId,
        floorId: 1,
        reference,
        rawPrice,
        priceIncluded,
      });
    }
    const [floor] = await db.select({ title: floors.title }).from(floors).where(eq(floors.id, lot.floorId));
    const res = await get(`/api/candidates/${candidate.id}`, await desk.token(desk.broker));
    expect(res.statusCode).toBe(200);
    const record = res.json().data as CandidateRecordDetail;
    expect(record.candidacies[0].applications[0].lot).toEqual({
      id: lot.id,
      reference: 'A-102',
      public_id: lot.publicId,
      title: 'Appartement traversant',
      nb_rooms: 3.5,
      area_hab: 98.5,
      total_price: 1_295_000,
      floor: floor.title,
    });
  });

  it("shows another agency's broker the record read only (can_edit false), as the candidacies' agency rule says", async () => {
    const { desk, candidate } = await scene();
    const res = await get(`/api/candidates/${candidate.id}`, await desk.token(desk.rival));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.candidacies[0].can_edit).toBe(false);
  });

  it('answers 404 to a broker of another promotion and 403 to the roles the page is not for', async () => {
    const { desk, candidate } = await scene();
    expect((await get(`/api/candidates/${candidate.id}`, await desk.token(desk.outsider))).statusCode).toBe(404);
    expect((await get(`/api/candidates/${candidate.id}`, await desk.token(desk.notary))).statusCode).toBe(403);
  });
});
