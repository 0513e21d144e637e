import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, logs, tasks } from '../db/schema/index.js';
import { addApplication, command, createCandidacyRow, salesDesk } from '../modules/candidacies/candidacies.fixtures.js';
import { createBuildingWithLots, createUser } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * An id taken from a query or a body is checked like a path id: one of another promotion
 * answers 404 exactly like one that does not exist, and nothing is stored.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const NOT_FOUND = { message: 'Page introuvable' };
const QUARTER = 15 * 60 * 1000;
/** A task date on a quarter of an hour, two days ahead. */
const inTwoDays = () => new Date(Math.ceil((Date.now() + 2 * 86_400_000) / QUARTER) * QUARTER).toISOString();

/** A promotion the broker works in, and another one with its own candidacy, application, lot and broker. */
const twoPromotions = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const own = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
  const ownApplication = await addApplication(db, {
    promotionId: desk.promotion.id,
    lotId: desk.lots[0].id,
    candidacy1Id: own.candidacy.id,
  });
  const foreign = await createCandidacyRow(db, desk.other.id, { brokerId: desk.outsider.id, agencyId: desk.leman.id });
  const { lots: foreignLots } = await createBuildingWithLots(db, desk.other.id, [500_000]);
  const foreignApplication = await addApplication(db, {
    promotionId: desk.other.id,
    lotId: foreignLots[0].id,
    candidacy1Id: foreign.candidacy.id,
  });
  return { desk, own, ownApplication, foreign, foreignLot: foreignLots[0], foreignApplication, broker: await desk.token(desk.broker) };
};

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('ids in the query of a list', () => {
  it('answer 404 on the candidacies list, its download, and the funnel, for another promotion or an unknown id', async () => {
    const s = await twoPromotions();
    const foreignFilters = [
      `candidat=${s.foreign.candidate.id}`,
      `candidacy=${s.foreign.candidacy.id}`,
      `application=${s.foreignApplication.id}`,
      `broker=${s.desk.outsider.id}`,
      `lot=${s.foreignLot.publicId}`,
    ];
    const unknownFilters = [
      'candidat=999999',
      'candidacy=999999',
      'application=999999',
      'broker=999999',
      'lot=00000000-0000-4000-8000-000000000000',
    ];
    for (const filter of [...foreignFilters, ...unknownFilters]) {
      for (const path of ['/api/candidacies', '/api/candidacies/download', '/api/applications']) {
        const response = await get(`${path}?promotion=${s.desk.promotion.id}&${filter}`, s.broker);
        expect([path, filter, response.statusCode, response.json()]).toEqual([path, filter, 404, NOT_FOUND]);
      }
    }
  });

  it('still narrow to an id of the promotion', async () => {
    const s = await twoPromotions();
    const own = [
      `candidat=${s.own.candidate.id}`,
      `candidacy=${s.own.candidacy.id}`,
      `application=${s.ownApplication.id}`,
      `broker=${s.desk.broker.id}`,
      `lot=${s.desk.lots[0].publicId}`,
    ];
    for (const filter of own) {
      const candidaciesPage = await get(`/api/candidacies?promotion=${s.desk.promotion.id}&${filter}`, s.broker);
      expect([filter, candidaciesPage.statusCode, candidaciesPage.json().data.map((r: { id: number }) => r.id)]).toEqual([
        filter,
        200,
        [s.own.candidacy.id],
      ]);
      const funnel = await get(`/api/applications?promotion=${s.desk.promotion.id}&${filter}`, s.broker);
      expect([filter, funnel.statusCode, funnel.json().total]).toEqual([filter, 200, 1]);
    }
  });

  it("answer 404 on the tasks screen and the notary's tasks", async () => {
    const s = await twoPromotions();
    for (const filter of [`broker=${s.desk.outsider.id}`, `candidat=${s.foreign.candidacy.id}`, 'candidat=999999']) {
      const response = await get(`/api/actions?promotion=${s.desk.promotion.id}&${filter}`, s.broker);
      expect([filter, response.statusCode, response.json()]).toEqual([filter, 404, NOT_FOUND]);
    }
    const notary = await s.desk.token(s.desk.notary);
    const notaryTasks = await get(`/api/promotions/${s.desk.promotion.id}/notary/actions?candidat=${s.foreign.candidacy.id}`, notary);
    expect([notaryTasks.statusCode, notaryTasks.json()]).toEqual([404, NOT_FOUND]);
    expect((await get(`/api/actions?promotion=${s.desk.promotion.id}&candidat=${s.own.candidacy.id}`, s.broker)).statusCode).toBe(200);
  });
});

describe('ids in the body of a command', () => {
  const counts = async () => ({
    tasks: (await ctx.database.db.select().from(tasks)).length,
    applications: (await ctx.database.db.select().from(applications)).length,
    logs: (await ctx.database.db.select().from(logs)).length,
  });

  it("createAction: another promotion's promotion_id, candidacy, lot or application answers 404 and stores nothing", async () => {
    const s = await twoPromotions();
    const before = await counts();
    const form = { title: 'Rappeler', end_at: inTwoDays(), type: 0, broker_id: s.desk.broker.id };
    for (const target of [
      { promotion_id: s.desk.other.id, candidacy_id: s.own.candidacy.id },
      { candidacy_id: s.foreign.candidacy.id },
      { lot_id: s.foreignLot.id },
      { application_id: s.foreignApplication.id },
      { candidacy_id: 999_999 },
    ]) {
      const response = await command(ctx.app, s.broker, 'createAction', 'promotion', s.desk.promotion.id, { ...form, ...target });
      expect([target, response.statusCode, response.json()]).toEqual([target, 404, NOT_FOUND]);
    }
    expect(await counts()).toEqual(before);
  });

  it('createAction: an assignee of another promotion is refused and nothing is stored', async () => {
    const s = await twoPromotions();
    const before = await counts();
    const response = await command(ctx.app, s.broker, 'createAction', 'promotion', s.desk.promotion.id, {
      title: 'Rappeler',
      end_at: inTwoDays(),
      type: 0,
      broker_id: s.desk.outsider.id,
      candidacy_id: s.own.candidacy.id,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });

  it("attributeLot: another promotion's promotion_id, lot or partner answers 404 and stores nothing", async () => {
    const s = await twoPromotions();
    const fresh = await createCandidacyRow(ctx.database.db, s.desk.promotion.id, { brokerId: s.desk.broker.id, agencyId: s.desk.leman.id });
    const before = await counts();
    for (const fields of [
      { lot_id: s.desk.lots[1].id, promotion_id: s.desk.other.id },
      { lot_id: s.foreignLot.id },
      { lot_id: s.desk.lots[1].id, candidacy_2_id: s.foreign.candidacy.id },
      { lot_id: 999_999 },
    ]) {
      const response = await command(ctx.app, s.broker, 'attributeLot', 'candidacy', fresh.candidacy.id, fields);
      expect([fields, response.statusCode, response.json()]).toEqual([fields, 404, NOT_FOUND]);
    }
    expect(await counts()).toEqual(before);
  });

  it("the command's target itself: another promotion's entity_id answers 404 like an unknown one", async () => {
    const s = await twoPromotions();
    const before = await counts();
    const foreign = await command(ctx.app, s.broker, 'createComment', 'candidacy', s.foreign.candidacy.id, { comment: 'Bonjour' });
    const unknown = await command(ctx.app, s.broker, 'createComment', 'candidacy', 999_999, { comment: 'Bonjour' });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, NOT_FOUND]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);
    expect(await counts()).toEqual(before);
  });
});

describe('an outsider', () => {
  it('cannot name his own promotion as a filter of a promotion he does not belong to', async () => {
    const s = await twoPromotions();
    const outsider = await createUser(ctx.database.db, 'broker', { promotionIds: [s.desk.other.id] });
    const token = await s.desk.token(outsider);
    const response = await get(`/api/candidacies?promotion=${s.desk.promotion.id}`, token);
    expect([response.statusCode, response.json()]).toEqual([404, NOT_FOUND]);
  });
});
