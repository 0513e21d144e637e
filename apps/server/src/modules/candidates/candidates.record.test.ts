import type { CandidateRecordDetail } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
