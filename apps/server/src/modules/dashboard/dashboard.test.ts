import { menuFor, salesYearMonths, swissMonthOf } from '@promovente/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { applications, buildings, candidacies, candidates, lots } from '../../db/schema/index.js';
import { bearer, createAgency, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** Noon UTC on the 15th of a 'YYYY-MM' month: the same month in Swiss time. */
const inMonth = (month: string) => new Date(`${month}-15T12:00:00Z`);

const FLOOR = { rdc: 2, first: 4, second: 5, third: 6 } as const;

/**
 * A multi-agency promotion with known lots, in two buildings:
 * L1 2.5 p. RDC 500k available (+ parking 40k not included, + cellar 30k included) = 540k
 * L2 3.5 p. RDC 700k PRS; L3 3.5 p. 1er 800k optioned by agency A; L4 4.5 p. 1er 900k reserved
 * by agency B (deposit in August); L5 4.5 p. 2ème 1'000k signed by agency A (deposit before June,
 * promise in June); L6 2.5 p. 2ème 600k sold by agency B (deposit in June, promise in September,
 * act in November); L7 (building B) 5.5 p. 3ème 400k available, with a deleted application.
 */
const buildPromotion = async (db: Db) => {
  const agencyA = await createAgency(db, 'Agence A');
  const agencyB = await createAgency(db, 'Agence B');
  const promotion = await createPromotion(db, { multiAgency: true, agencyIds: [agencyA.id, agencyB.id] });
  const [buildingA, buildingB] = await db
    .insert(buildings)
    .values([
      { promotionId: promotion.id, title: 'Bâtiment A', city: 'Rolle' },
      { promotionId: promotion.id, title: 'Bâtiment B', city: 'Rolle' },
    ])
    .returning();
  const lot = (reference: string, values: Partial<typeof lots.$inferInsert>) => ({
    promotionId: promotion.id,
    buildingId: buildingA.id,
    lotTypeId: 5,
    floorId: FLOOR.rdc,
    reference,
    ...values,
  });
  const [l1, , l3, l4, l5, l6, l7] = await db
    .insert(lots)
    .values([
      lot('A-1', { nbRooms: 2.5, floorId: FLOOR.rdc, rawPrice: 500_000 }),
      lot('A-2', { nbRooms: 3.5, floorId: FLOOR.rdc, rawPrice: 700_000, rawStatus: 1, status: 1 }),
      lot('A-3', { nbRooms: 3.5, floorId: FLOOR.first, rawPrice: 800_000, status: 2 }),
      lot('A-4', { nbRooms: 4.5, floorId: FLOOR.first, rawPrice: 900_000, status: 3 }),
      lot('A-5', { nbRooms: 4.5, floorId: FLOOR.second, rawPrice: 1_000_000, status: 4 }),
      lot('A-6', { nbRooms: 2.5, floorId: FLOOR.second, rawPrice: 600_000, status: 4 }),
      lot('B-1', { buildingId: buildingB.id, nbRooms: 5.5, floorId: FLOOR.third, rawPrice: 400_000 }),
    ])
    .returning();
  await db
    .insert(lots)
    .values([
      lot('P-1', { parentId: l1.id, lotTypeId: 1, rawPrice: 40_000 }),
      lot('C-1', { parentId: l1.id, lotTypeId: 4, rawPrice: 30_000, priceIncluded: true }),
    ]);

  const [c1, c2, c3, c4, c5] = await db
    .insert(candidates)
    .values(
      ['Favre', 'Rochat', 'Meylan', 'Pittet', 'Cuendet'].map((lastName) => ({ promotionId: promotion.id, firstName: 'Anne', lastName })),
    )
    .returning();
  const candidacy = (candidateId: number, agencyId: number) => ({ promotionId: promotion.id, candidateId, agencyId });
  const [ofA1, ofB1, ofA2, ofB2, ofA3] = await db
    .insert(candidacies)
    .values([
      candidacy(c1.id, agencyA.id),
      candidacy(c2.id, agencyB.id),
      candidacy(c3.id, agencyA.id),
      candidacy(c4.id, agencyB.id),
      candidacy(c5.id, agencyA.id),
    ])
    .returning();

  const months = salesYearMonths(swissMonthOf(new Date()));
  const beforeJune = inMonth(salesYearMonths(`${Number(months[0].slice(0, 4)) - 1}-06`)[3]);
  const application = (lotId: number, candidacy1Id: number, values: Partial<typeof applications.$inferInsert>) => ({
    promotionId: promotion.id,
    lotId,
    candidacy1Id,
    ...values,
  });
  await db.insert(applications).values([
    application(l3.id, ofA1.id, { status: 0, priority: 1 }),
    application(l4.id, ofB1.id, { status: 1, priority: 1, reservationDepositConfirmedAt: inMonth(months[2]) }),
    application(l5.id, ofA2.id, { status: 2, priority: 1, reservationDepositConfirmedAt: beforeJune, promiseSignedAt: inMonth(months[0]) }),
    application(l6.id, ofB2.id, {
      status: 3,
      priority: 1,
      reservationDepositConfirmedAt: inMonth(months[0]),
      promiseSignedAt: inMonth(months[3]),
      actOfPurchaseSignedAt: inMonth(months[5]),
    }),
    // Deleted: its deposit must not count.
    application(l7.id, ofA3.id, { status: 1, priority: 1, hidden: true, reservationDepositConfirmedAt: inMonth(months[1]) }),
  ]);

  const broker = await createUser(db, 'broker', { agencyId: agencyA.id, promotionIds: [promotion.id] });
  return { promotion, broker, buildingA, buildingB, months, agencyA };
};

type Figures = { count: number; amount: number };
type Breakdown = Record<string, Figures>;

const get = async (token: string, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/analytics/dashboard${query}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
};

const counts = (breakdown: Breakdown) => Object.fromEntries(Object.entries(breakdown).map(([status, f]) => [status, f.count]));

describe('GET analytics/dashboard (docs/product/dashboard.md#screens)', () => {
  it('answers the four status cards with lot counts, total prices and percentages of the main lots', async () => {
    const { broker, promotion } = await buildPromotion(ctx.database.db);
    const token = await signIn(ctx.app, broker.email);
    const { status, body } = await get(token);
    expect(status).toBe(200);
    const { data } = body;
    expect(data.promotion).toEqual({ id: promotion.id, title: promotion.title, multi_agency: true });
    expect(data.my_agency).toBe(false);
    expect(data.status_cards).toEqual([
      { key: 'available', status: 0, label: 'Disponibles', count: 2, amount: 940_000, percentage: 28.6 },
      { key: 'optioned', status: 2, label: 'Optionnés', count: 1, amount: 800_000, percentage: 14.3 },
      { key: 'reserved', status: 3, label: 'Réservés', count: 1, amount: 900_000, percentage: 14.3 },
      { key: 'signed', status: 4, label: 'Signés', count: 2, amount: 1_600_000, percentage: 28.6 },
    ]);
    // PRS has no card but is in the total and in the half-doughnut.
    expect(data.global_situation.statuses['1']).toEqual({ count: 1, amount: 700_000 });
    expect(data.global_situation.total).toEqual({ count: 7, amount: 4_940_000 });
  });

  it('counts parking lots (types below 5) as their own category after the rooms, never as rooms', async () => {
    const { broker, promotion, buildingB } = await buildPromotion(ctx.database.db);
    const parking = (reference: string, lotTypeId: number, nbRooms: number) => ({
      promotionId: promotion.id,
      buildingId: buildingB.id,
      floorId: FLOOR.rdc,
      reference,
      lotTypeId,
      nbRooms,
      rawPrice: 35_000,
    });
    await ctx.database.db
      .insert(lots)
      .values([parking('PP-1', 1, 0), parking('PP-2', 2, 1), parking('BX-1', 3, 0), parking('PM-1', 4, 2.5)]);
    const { data } = (await get(await signIn(ctx.app, broker.email))).body;
    expect(data.by_room.map((r: { nb_rooms: number | null; statuses: Breakdown }) => [r.nb_rooms, counts(r.statuses)])).toEqual([
      [2.5, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 1 }],
      [3.5, { 0: 0, 1: 1, 2: 1, 3: 0, 4: 0 }],
      [4.5, { 0: 0, 1: 0, 2: 0, 3: 1, 4: 1 }],
      [5.5, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 }],
      [null, { 0: 4, 1: 0, 2: 0, 3: 0, 4: 0 }],
    ]);
    expect(data.by_room[4].statuses['0']).toEqual({ count: 4, amount: 140_000 });
  });

  it('breaks the lots down by number of rooms and by floor in floor order', async () => {
    const { broker } = await buildPromotion(ctx.database.db);
    const { data } = (await get(await signIn(ctx.app, broker.email))).body;
    expect(data.by_room.map((r: { nb_rooms: number; statuses: Breakdown }) => [r.nb_rooms, counts(r.statuses)])).toEqual([
      [2.5, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 1 }],
      [3.5, { 0: 0, 1: 1, 2: 1, 3: 0, 4: 0 }],
      [4.5, { 0: 0, 1: 0, 2: 0, 3: 1, 4: 1 }],
      [5.5, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 }],
    ]);
    expect(data.by_room[0].statuses['0']).toEqual({ count: 1, amount: 540_000 });
    expect(data.by_floor.map((f: { title: string; floor: number; statuses: Breakdown }) => [f.title, f.floor, counts(f.statuses)])).toEqual(
      [
        ['RDC', 0, { 0: 1, 1: 1, 2: 0, 3: 0, 4: 0 }],
        ['1er', 1, { 0: 0, 1: 0, 2: 1, 3: 1, 4: 0 }],
        ['2ème', 2, { 0: 0, 1: 0, 2: 0, 3: 0, 4: 2 }],
        ['3ème', 3, { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 }],
      ],
    );
  });

  it('counts reserved and signed lots per month of the sales year, June to May', async () => {
    const { broker, months } = await buildPromotion(ctx.database.db);
    const { data } = (await get(await signIn(ctx.app, broker.email))).body;
    const evolution = data.sales_evolution;
    expect(evolution.current_month).toBe(swissMonthOf(new Date()));
    expect(evolution.months.map((m: { month: string }) => m.month)).toEqual(months);
    expect(evolution.months.map((m: { label: string }) => m.label)).toEqual([
      'Juin',
      'Juillet',
      'Août',
      'Septembre',
      'Octobre',
      'Novembre',
      'Décembre',
      'Janvier',
      'Février',
      'Mars',
      'Avril',
      'Mai',
    ]);
    expect(evolution.before).toEqual({ reserved: { count: 1, amount: 1_000_000 }, signed: { count: 0, amount: 0 } });
    const series = (kind: 'reserved' | 'signed') => evolution.months.map((m: Record<string, Figures>) => m[kind].count);
    // June: L6 reserved (L7's deleted application does not count in July); August: L4.
    expect(series('reserved')).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // June: L5's promise; September: L6's promise (the earlier of promise and act).
    expect(series('signed')).toEqual([1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(evolution.months[3].signed.amount).toBe(600_000);
  });

  it('narrows every figure with the filters', async () => {
    const { broker, buildingB } = await buildPromotion(ctx.database.db);
    const token = await signIn(ctx.app, broker.email);
    const cardCounts = (data: { status_cards: Figures[] }) => data.status_cards.map((c) => c.count);

    const byBuilding = (await get(token, `?buildings=${buildingB.id}`)).body.data;
    expect(cardCounts(byBuilding)).toEqual([1, 0, 0, 0]);
    expect(byBuilding.status_cards[0].percentage).toBe(100);
    expect(byBuilding.by_floor.map((f: { title: string }) => f.title)).toEqual(['3ème']);

    const byRooms = (await get(token, '?nb_rooms=4.5')).body.data;
    expect(cardCounts(byRooms)).toEqual([0, 0, 1, 1]);
    expect(byRooms.sales_evolution.before.reserved.count).toBe(1);
    expect(byRooms.sales_evolution.months[0].reserved.count).toBe(0);

    const byFloors = (await get(token, `?floors=${FLOOR.rdc}`)).body.data;
    expect(byFloors.global_situation.total).toEqual({ count: 2, amount: 1_240_000 });

    const byPrice = (await get(token, '?price_min=750000&price_max=950000')).body.data;
    expect(cardCounts(byPrice)).toEqual([0, 1, 1, 0]);
  });

  it("with 'Mon agence', counts the sales of the user's agency only, out of the whole stock", async () => {
    const { broker } = await buildPromotion(ctx.database.db);
    const { data } = (await get(await signIn(ctx.app, broker.email), '?showMyAgency=1')).body;
    expect(data.my_agency).toBe(true);
    expect(data.status_cards.map((c: Figures & { percentage: number }) => [c.count, c.amount, c.percentage])).toEqual([
      [2, 940_000, 28.6],
      [1, 800_000, 14.3],
      [0, 0, 0],
      [1, 1_000_000, 14.3],
    ]);
    expect(data.global_situation.total.count).toBe(7);
    const months = data.sales_evolution.months as Record<string, Figures>[];
    expect(months.map((m) => m.reserved.count)).toEqual(Array(12).fill(0));
    expect(months.map((m) => m.signed.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(data.sales_evolution.before.reserved.count).toBe(1);
  });

  it("ignores 'Mon agence' on a promotion that is not multi-agency", async () => {
    const db = ctx.database.db;
    const agency = await createAgency(db);
    const promotion = await createPromotion(db, { multiAgency: false });
    const broker = await createUser(db, 'broker', { agencyId: agency.id, promotionIds: [promotion.id] });
    const { status, body } = await get(await signIn(ctx.app, broker.email), '?showMyAgency=1');
    expect(status).toBe(200);
    expect(body.data.my_agency).toBe(false);
    expect(body.data.global_situation.total).toEqual({ count: 0, amount: 0 });
    expect(body.data.sales_evolution.months).toHaveLength(12);
  });

  it('answers every staff role of the route and refuses candidates', async () => {
    const db = ctx.database.db;
    const { promotion } = await buildPromotion(db);
    for (const type of ['notary', 'promoter', 'banker', 'architect', 'pilot', 'investor'] as const) {
      const user = await createUser(db, type, { promotionIds: [promotion.id] });
      const { status, body } = await get(await signIn(ctx.app, user.email));
      expect(status, type).toBe(200);
      expect(body.data.global_situation.total.count).toBe(7);
    }
    const candidate = await createUser(db, 'candidate', { promotionIds: [promotion.id] });
    const refused = await get(await signIn(ctx.app, candidate.email));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Accès refusé');
  });

  it('refuses the light investor, whose menu hides the dashboard, and answers the full investor (docs/product/layout.md#header-menu)', async () => {
    const db = ctx.database.db;
    const { promotion } = await buildPromotion(db);
    const light = await createUser(db, 'investor', { promotionIds: [promotion.id], restrictedAccess: 1 });
    const full = await createUser(db, 'investor', { promotionIds: [promotion.id] });
    const refused = await get(await signIn(ctx.app, light.email));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Accès refusé');
    // Refused before its query is read: an invalid filter answers him 403 too, never 400.
    expect((await get(await signIn(ctx.app, light.email), '?nb_rooms=abc')).status).toBe(403);
    const answered = await get(await signIn(ctx.app, full.email));
    expect(answered.status).toBe(200);
    expect(answered.body.data.global_situation.total.count).toBe(7);
    // The same rule hides the entry from his menu.
    expect(menuFor({ type: 'investor', restricted_access: 1 }).map((entry) => entry.route)).not.toContain('dashboard');
    expect(menuFor({ type: 'investor', restricted_access: 0 }).map((entry) => entry.route)).toContain('dashboard');
  });

  it("answers 404 for another promotion's id", async () => {
    const db = ctx.database.db;
    const { broker } = await buildPromotion(db);
    const other = await createPromotion(db, { title: 'Autre' });
    const { status } = await get(await signIn(ctx.app, broker.email), `?promotion=${other.id}`);
    expect(status).toBe(404);
  });

  it('refuses invalid filters with a French message', async () => {
    const { broker } = await buildPromotion(ctx.database.db);
    const token = await signIn(ctx.app, broker.email);
    const rooms = await get(token, '?nb_rooms=abc');
    expect(rooms.status).toBe(400);
    expect(rooms.body.message).toBe('Filtre invalide');
    const price = await get(token, '?price_min=-5');
    expect(price.status).toBe(400);
    expect(price.body.message).toBe('Prix invalide');
  });
});
