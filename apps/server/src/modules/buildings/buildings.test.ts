// Over 400 lines: the 'Lots' menu's suites (buildings, lots, hierarchy, deletes) share one promotion world and its helpers.
import { BUILDING_MESSAGES, buildingMainLotSchema } from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionLots, applications, buildings, candidacies, candidates, logs, lots, tasks } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

/** A promotion with one building of three main lots, an admin and a broker of the promotion. */
const setup = async () => {
  const promotion = await createPromotion(db());
  const { building, lots: rows } = await createBuildingWithLots(db(), promotion.id, [500_000, 700_000, 900_000]);
  const admin = await createUser(db(), 'broker', { admin: true });
  const broker = await createUser(db(), 'broker', { promotionIds: [promotion.id] });
  const base = `/api/promotions/${promotion.id}/buildings`;
  return {
    promotion,
    building,
    lots: rows,
    base,
    lotsUrl: `${base}/${building.id}/lots`,
    admin: await signIn(ctx.app, admin.email),
    broker: await signIn(ctx.app, broker.email),
  };
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });

const lotForm = (values: Record<string, unknown> = {}) => ({
  reference: 'B-201',
  lot_type_id: 5,
  floor_id: 4,
  raw_price: 450_000,
  ...values,
});

const historyOf = async (lotId: number) =>
  db().select({ column: actionLots.column, from: actionLots.from, to: actionLots.to }).from(actionLots).where(eq(actionLots.lotId, lotId));

const addLiveApplication = async (promotionId: number, lotId: number) => {
  const [candidate] = await db().insert(candidates).values({ promotionId, firstName: 'Anne', lastName: 'Martin' }).returning();
  const [candidacy] = await db().insert(candidacies).values({ promotionId, candidateId: candidate.id }).returning();
  await db().insert(applications).values({ promotionId, lotId, candidacy1Id: candidacy.id, status: 1 });
};

describe('buildings (docs/product/promotion-administration.md#lots-menu)', () => {
  it('lists the buildings with their lot counts, empty when none', async () => {
    const s = await setup();
    const list = await call('GET', s.base, s.broker);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: s.building.id, title: 'Bâtiment A', street: null, city: 'Rolle', zip: null, main_lots_count: 3, lots_count: 3 },
    ]);
    const empty = await createPromotion(db());
    expect((await call('GET', `/api/promotions/${empty.id}/buildings`, s.admin)).json().data).toEqual([]);
  });

  it('creates and updates a building (admins), title and city required and trimmed', async () => {
    const s = await setup();
    const created = await call('POST', s.base, s.admin, { title: '  Bâtiment B ', city: 'Nyon', street: 'Rue du Lac 2', zip: '1260' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: BUILDING_MESSAGES.buildingCreated,
      data: { title: 'Bâtiment B', city: 'Nyon', lots_count: 0 },
    });
    const id = created.json().data.id;
    const updated = await call('POST', `${s.base}/${id}`, s.admin, { title: 'Bâtiment C', city: 'Gland' });
    expect(updated.json()).toMatchObject({ message: BUILDING_MESSAGES.buildingUpdated, data: { id, title: 'Bâtiment C', street: null } });
    // A building without lots: the building, and no lot.
    const lotsOfNew = (await call('GET', `${s.base}/${id}/lots`, s.broker)).json().data;
    expect(lotsOfNew).toEqual({ building: expect.objectContaining({ id, main_lots_count: 0, lots_count: 0 }), lots: [] });

    const missing = await call('POST', s.base, s.admin, { title: ' ', city: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(BUILDING_MESSAGES.titleRequired);
    expect((await call('POST', s.base, s.admin, { title: 'X' })).json().message).toContain(BUILDING_MESSAGES.cityRequired);
  });

  it('refuses a non-admin broker every change (403), and another promotion its building (404)', async () => {
    const s = await setup();
    expect((await call('POST', s.base, s.broker, { title: 'B', city: 'Nyon' })).statusCode).toBe(403);
    expect((await call('POST', `${s.base}/${s.building.id}`, s.broker, { title: 'B', city: 'Nyon' })).statusCode).toBe(403);
    expect((await call('POST', s.lotsUrl, s.broker, lotForm())).statusCode).toBe(403);
    expect((await call('PUT', `${s.lotsUrl}/${s.lots[0].id}`, s.broker, { reference: 'Z' })).statusCode).toBe(403);
    expect((await call('DELETE', `${s.lotsUrl}/${s.lots[0].id}`, s.broker)).statusCode).toBe(403);

    const other = await createPromotion(db());
    const { building: foreign, lots: foreignLots } = await createBuildingWithLots(db(), other.id, [1]);
    expect((await call('POST', `${s.base}/${foreign.id}`, s.admin, { title: 'B', city: 'Nyon' })).statusCode).toBe(404);
    expect((await call('GET', `${s.base}/${foreign.id}/lots`, s.admin)).statusCode).toBe(404);
    expect((await call('GET', `${s.lotsUrl}/${foreignLots[0].id}`, s.admin)).statusCode).toBe(404);
    expect((await call('PUT', `${s.lotsUrl}/${s.lots[0].id}`, s.admin, { parent_id: foreignLots[0].id })).statusCode).toBe(404);
    expect((await call('POST', s.lotsUrl, s.admin, lotForm({ parent_id: foreignLots[0].id }))).statusCode).toBe(404);
    // A broker of the other promotion reads nothing of this one.
    expect((await call('GET', `/api/promotions/${other.id}/buildings`, s.broker)).statusCode).toBe(404);
  });
});

describe('lots of a building (docs/product/promotion-administration.md#validation)', () => {
  it("lists a building's main lots with their associated lots' count, and a lot with its associated lots", async () => {
    const s = await setup();
    const child = await call(
      'POST',
      s.lotsUrl,
      s.admin,
      lotForm({ reference: 'P-1', lot_type_id: 1, parent_id: s.lots[0].id, name_child: ' Place 1 ' }),
    );
    expect(child.statusCode).toBe(200);
    const list = (await call('GET', s.lotsUrl, s.broker)).json().data;
    expect(list.building).toMatchObject({ id: s.building.id, main_lots_count: 3, lots_count: 4 });
    expect(list.lots.map((l: { reference: string; children_count: number }) => [l.reference, l.children_count])).toEqual([
      ['A-101', 1],
      ['A-102', 0],
      ['A-103', 0],
    ]);
    const detail = (await call('GET', `${s.lotsUrl}/${s.lots[0].id}`, s.broker)).json().data;
    expect(detail.lot).toMatchObject({ reference: 'A-101', type: 'Appartement', status_text: 'Disponible', children_count: 1 });
    // A row answers the columns its table shows (issue 20, lean pages), as the lot's page has them.
    const shown = Object.keys(buildingMainLotSchema.shape);
    expect(list.lots[0]).toEqual(Object.fromEntries(shown.map((key) => [key, detail.lot[key]])));
    expect(detail.children).toMatchObject([{ reference: 'P-1', name_child: 'Place 1', type: 'Place de parc intérieure' }]);
    // The pickers' choices are their own read, made when one opens (issue 20: 300 KB at 2,000 lots).
    expect(detail).not.toHaveProperty('attachable');
    const choices = (await call('GET', `${s.lotsUrl}/${s.lots[0].id}/choices`, s.broker)).json().data;
    // Attachable: main lots without children, not itself.
    expect(choices.attachable.map((c: { reference: string }) => c.reference)).toEqual(['A-102', 'A-103']);
    expect(choices.move_targets.map((c: { reference: string }) => c.reference)).toEqual(['A-102', 'A-103']);
    expect(choices.attachable[0]).toEqual({
      id: s.lots[1].id,
      reference: 'A-102',
      building_id: s.building.id,
      building: 'Bâtiment A',
      type: 'Appartement',
    });
    const childPage = (await call('GET', `${s.lotsUrl}/${child.json().data.id}`, s.broker)).json().data;
    expect(childPage.parent).toMatchObject({ id: s.lots[0].id, reference: 'A-101', building: 'Bâtiment A' });
    // An associated lot's page attaches nothing and moves nothing of its own.
    const childChoices = (await call('GET', `${s.lotsUrl}/${child.json().data.id}/choices`, s.broker)).json().data;
    expect(childChoices).toEqual({ attachable: [], move_targets: [] });
    // A lot of another building or an unknown lot has no choices: 404.
    expect((await call('GET', `${s.lotsUrl}/999999/choices`, s.broker)).statusCode).toBe(404);
  });

  it('creates a lot with the defaults, trims the PPE fields and writes its history', async () => {
    const s = await setup();
    const created = await call('POST', s.lotsUrl, s.admin, lotForm({ lot_ppe: '  12 ', feuillet_ppe: ' 3456 ', exposure: 'Sud-Ouest' }));
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      reference: 'B-201',
      nb_rooms: 1,
      raw_price: 450_000,
      price_included: false,
      area_ppe: 0,
      area_jar: 0,
      lot_ppe: '12',
      feuillet_ppe: '3456',
      exposure: 'Sud-Ouest',
      status: 0,
      parent_id: null,
    });
    expect(await historyOf(created.json().data.id)).toEqual([{ column: 'created', from: null, to: 'B-201' }]);
    const [log] = await db().select().from(logs).where(eq(logs.lotId, created.json().data.id));
    expect(log.title).toBe('Lot B-201 créé');
  });

  it.each([
    [{ reference: '' }, BUILDING_MESSAGES.referenceRequired],
    [{ lot_type_id: '' }, BUILDING_MESSAGES.typeRequired],
    [{ floor_id: null }, BUILDING_MESSAGES.floorRequired],
    [{ lot_type_id: 99 }, BUILDING_MESSAGES.typeRequired],
    [{ raw_price: -1 }, BUILDING_MESSAGES.priceMin],
    [{ raw_price: 10.5 }, BUILDING_MESSAGES.priceMin],
    [{ nb_rooms: 0.5 }, BUILDING_MESSAGES.roomsMin],
    [{ nb_rooms: 2.25 }, BUILDING_MESSAGES.roomsStep],
    [{ area_hab: -3 }, BUILDING_MESSAGES.areaMin],
    [{ exposure: 'Nord-Nord' }, BUILDING_MESSAGES.exposureInvalid],
    [{ lot_type_id: 2, area_jar: 10 }, BUILDING_MESSAGES.parkingAreas],
    [{ lot_type_id: 4, area_ter: 1 }, BUILDING_MESSAGES.parkingAreas],
    [{ name_child: 'Cave' }, BUILDING_MESSAGES.childOnlyFields],
    [{ price_included: true }, BUILDING_MESSAGES.childOnlyFields],
  ])('refuses the lot %j with its French message', async (values, message) => {
    const s = await setup();
    const response = await call('POST', s.lotsUrl, s.admin, lotForm(values));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('accepts nb_rooms by halves and parking lots with zero outdoor areas', async () => {
    const s = await setup();
    expect((await call('POST', s.lotsUrl, s.admin, lotForm({ nb_rooms: '4.5' }))).json().data.nb_rooms).toBe(4.5);
    expect((await call('POST', s.lotsUrl, s.admin, lotForm({ reference: 'P-9', lot_type_id: 3, area_ppe: 14 }))).statusCode).toBe(200);
  });

  it('updates only the fields sent, one history row per changed field, and forces the outdoor areas to 0 for a parking type', async () => {
    const s = await setup();
    const url = `${s.lotsUrl}/${s.lots[1].id}`;
    await call('PUT', url, s.admin, { area_jar: 40, area_bal: 8 });
    const updated = await call('PUT', url, s.admin, { lot_type_id: 3, floor_id: 1, reference: 'A-102b' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      reference: 'A-102b',
      type: 'Box',
      floor: 'Rez-de-jardin',
      area_jar: 0,
      area_bal: 0,
      raw_price: 700_000,
    });
    const history = await historyOf(s.lots[1].id);
    expect(history).toEqual(
      expect.arrayContaining([
        { column: 'area_jar', from: '0', to: '40' },
        { column: 'lot_type_id', from: 'Appartement', to: 'Box' },
        { column: 'floor_id', from: 'RDC', to: 'Rez-de-jardin' },
        { column: 'reference', from: 'A-102', to: 'A-102b' },
        { column: 'area_jar', from: '40', to: '0' },
        { column: 'area_bal', from: '8', to: '0' },
      ]),
    );
    expect(history).toHaveLength(7);
    // Sending an outdoor area with a parking type is refused, not silently dropped.
    const refused = await call('PUT', url, s.admin, { area_ter: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BUILDING_MESSAGES.parkingAreas);
  });
});

describe('the price of a lot is never 0 CHF by accident (docs/product/promotion-administration.md#validation)', () => {
  const PRICE_REQUIRED = 'Le champ « Prix (CHF) » est requis.';
  const priceOf = async (lotId: number) => (await db().select({ price: lots.rawPrice }).from(lots).where(eq(lots.id, lotId)))[0].price;

  it.each([[''], ['   '], [null]])(
    "refuses an emptied price (%j) in 'Modifier le lot' with a French 400 naming 'Prix (CHF)'; the price and its history stay",
    async (emptied) => {
      const s = await setup();
      const url = `${s.lotsUrl}/${s.lots[0].id}`;
      expect((await call('PUT', url, s.admin, { raw_price: 857_500 })).statusCode).toBe(200);
      const history = await historyOf(s.lots[0].id);
      // The whole form, as the modal sends it, with the price field emptied.
      const response = await call('PUT', url, s.admin, lotForm({ reference: 'A-101', raw_price: emptied, title: 'Attique' }));
      expect([response.statusCode, response.json()]).toEqual([400, { message: PRICE_REQUIRED }]);
      expect(await priceOf(s.lots[0].id)).toBe(857_500);
      expect(await historyOf(s.lots[0].id)).toEqual(history);
    },
  );

  it('refuses a new lot, main or associated, whose price is left out or empty', async () => {
    const s = await setup();
    const { raw_price: _, ...withoutPrice } = lotForm();
    for (const values of [
      withoutPrice,
      lotForm({ raw_price: '' }),
      lotForm({ parent_id: s.lots[0].id, lot_type_id: 1, raw_price: null }),
    ]) {
      const response = await call('POST', s.lotsUrl, s.admin, values);
      expect([response.statusCode, response.json()]).toEqual([400, { message: PRICE_REQUIRED }]);
    }
    expect((await call('GET', s.lotsUrl, s.broker)).json().data.building.lots_count).toBe(3);
  });

  it("keeps 0 CHF when it is typed: an associated lot whose price is included in its main lot's", async () => {
    const s = await setup();
    const child = await call(
      'POST',
      s.lotsUrl,
      s.admin,
      lotForm({ reference: 'C-1', lot_type_id: 1, parent_id: s.lots[0].id, raw_price: '0', price_included: true }),
    );
    expect(child.statusCode).toBe(200);
    expect(child.json().data).toMatchObject({ raw_price: 0, price_included: true });
    const main = await call('PUT', `${s.lotsUrl}/${s.lots[1].id}`, s.admin, { raw_price: 0 });
    expect([main.statusCode, await priceOf(s.lots[1].id)]).toEqual([200, 0]);
  });
});

describe('texts a lot cannot store (docs/product/validation.md#texts)', () => {
  it.each([
    ['reference', 'Référence'],
    ['title', 'Titre'],
    ['lot_ppe', 'Lot PPE'],
    ['feuillet_ppe', 'Feuillet PPE'],
  ])('refuses a lone UTF-16 surrogate in the %s with a French 400 naming the field; nothing is written', async (field, label) => {
    const s = await setup();
    const url = `${s.lotsUrl}/${s.lots[0].id}`;
    for (const text of ['\uD800', 'A\uDFFF', '12\uD83D']) {
      const edited = await call('PUT', url, s.admin, { [field]: text });
      expect([edited.statusCode, edited.json()]).toEqual([400, { message: `Le champ « ${label} » contient un caractère interdit.` }]);
      const created = await call('POST', s.lotsUrl, s.admin, lotForm({ [field]: text }));
      expect([created.statusCode, created.json()]).toEqual([400, { message: `Le champ « ${label} » contient un caractère interdit.` }]);
    }
    expect(await historyOf(s.lots[0].id)).toEqual([]);
    expect((await call('GET', url, s.broker)).json().data.lot).toMatchObject({ reference: 'A-101', lot_ppe: null, feuillet_ppe: null });
    // A character written with a whole surrogate pair is a character like any other.
    expect((await call('PUT', url, s.admin, { title: 'Attique 🏠' })).json().data.title).toBe('Attique 🏠');
  });
});

describe('the lot hierarchy (docs/product/promotion-administration.md#states)', () => {
  it('attaches an existing main lot, moves it under another main lot, then dissociates it, with the history of each', async () => {
    const s = await setup();
    const [a, b, c] = s.lots;
    const url = `${s.lotsUrl}/${c.id}`;
    const attached = await call('PUT', url, s.admin, { parent_id: a.id });
    expect(attached.json()).toMatchObject({ message: BUILDING_MESSAGES.lotAttached, data: { parent_id: a.id } });
    await call('PUT', url, s.admin, { name_child: 'Cave 3', price_included: 1 });
    const moved = await call('PUT', url, s.admin, { parent_id: b.id });
    expect(moved.json()).toMatchObject({ message: BUILDING_MESSAGES.lotMoved, data: { parent_id: b.id, name_child: 'Cave 3' } });
    const dissociated = await call('PUT', url, s.admin, { parent_id: null });
    // A main lot has no name_child nor price_included: dissociating clears them.
    expect(dissociated.json()).toMatchObject({
      message: BUILDING_MESSAGES.lotDissociated,
      data: { parent_id: null, name_child: null, price_included: false },
    });
    expect((await historyOf(c.id)).filter((h) => h.column === 'parent_id')).toEqual([
      { column: 'parent_id', from: null, to: 'A-101' },
      { column: 'parent_id', from: 'A-101', to: 'A-102' },
      { column: 'parent_id', from: 'A-102', to: null },
    ]);
    const titles = (await db().select({ title: logs.title }).from(logs).where(eq(logs.lotId, c.id))).map((l) => l.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Lot A-103 associé au lot A-101', 'Lot A-103 déplacé sous le lot A-102', 'Lot A-103 dissocié du lot A-102']),
    );
  });

  it('refuses a parent that is the lot itself or an associated lot, and a lot with children becoming associated', async () => {
    const s = await setup();
    const [a, b, c] = s.lots;
    expect((await call('PUT', `${s.lotsUrl}/${a.id}`, s.admin, { parent_id: a.id })).json().message).toBe(BUILDING_MESSAGES.parentIsSelf);
    await call('PUT', `${s.lotsUrl}/${b.id}`, s.admin, { parent_id: a.id });
    const underChild = await call('PUT', `${s.lotsUrl}/${c.id}`, s.admin, { parent_id: b.id });
    expect(underChild.statusCode).toBe(422);
    expect(underChild.json().message).toBe(BUILDING_MESSAGES.parentNotMain);
    const withChildren = await call('PUT', `${s.lotsUrl}/${a.id}`, s.admin, { parent_id: c.id });
    expect(withChildren.statusCode).toBe(422);
    expect(withChildren.json().message).toBe(BUILDING_MESSAGES.hasChildren);
    expect((await call('POST', s.lotsUrl, s.admin, lotForm({ parent_id: b.id }))).json().message).toBe(BUILDING_MESSAGES.parentNotMain);
  });

  it('answers 404 for a lot named under another building of the promotion', async () => {
    const s = await setup();
    const { building: other } = await createBuildingWithLots(db(), s.promotion.id, [1]);
    expect((await call('GET', `${s.base}/${other.id}/lots/${s.lots[0].id}`, s.broker)).statusCode).toBe(404);
    expect((await call('DELETE', `${s.base}/${other.id}/lots/${s.lots[0].id}`, s.admin)).statusCode).toBe(404);
  });
});

describe('the lot history and status, as the sales lots screen reads them', () => {
  it('names the new history columns in French in GET lots/:id, and keeps the derived status of a lot under sale', async () => {
    const s = await setup();
    await addLiveApplication(s.promotion.id, s.lots[0].id);
    await ctx.database.db.update(lots).set({ status: 3 }).where(eq(lots.id, s.lots[0].id));
    await call('PUT', `${s.lotsUrl}/${s.lots[0].id}`, s.admin, { reference: 'A-101b', exposure: 'Sud' });
    await call('PUT', `${s.lotsUrl}/${s.lots[1].id}`, s.admin, { parent_id: s.lots[0].id });
    const lot = (await call('GET', `/api/lots/${s.lots[0].id}`, s.broker)).json().data;
    expect(lot.status_text).toBe('Réservé');
    expect(lot.action_lots.map((h: { column_text: string; to: string }) => [h.column_text, h.to])).toEqual(
      expect.arrayContaining([
        ['Référence', 'A-101b'],
        ['Exposition', 'Sud'],
      ]),
    );
    const child = (await call('GET', `/api/lots/${s.lots[1].id}`, s.broker)).json().data;
    expect(child.action_lots).toMatchObject([{ column_text: 'Lot principal', from: null, to: 'A-101b' }]);
  });
});

describe('deleting a lot', () => {
  it('is refused while the lot has a live application', async () => {
    const s = await setup();
    await addLiveApplication(s.promotion.id, s.lots[0].id);
    const refused = await call('DELETE', `${s.lotsUrl}/${s.lots[0].id}`, s.admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(BUILDING_MESSAGES.liveApplications);
    expect(await db().select().from(lots).where(eq(lots.id, s.lots[0].id))).toHaveLength(1);
  });

  it('deletes the lot and dissociates its associated lots, each with its history row', async () => {
    const s = await setup();
    const [a, b] = s.lots;
    await call('PUT', `${s.lotsUrl}/${b.id}`, s.admin, { parent_id: a.id, name_child: 'Box' });
    const deleted = await call('DELETE', `${s.lotsUrl}/${a.id}`, s.admin);
    expect(deleted.json()).toEqual({ message: BUILDING_MESSAGES.lotDeleted });
    expect(await db().select().from(lots).where(eq(lots.id, a.id))).toEqual([]);
    const [child] = await db().select().from(lots).where(eq(lots.id, b.id));
    expect(child).toMatchObject({ parentId: null, nameChild: null });
    expect((await historyOf(b.id)).slice(-2)).toEqual([
      { column: 'parent_id', from: 'A-101', to: null },
      { column: 'name_child', from: 'Box', to: null },
    ]);
    const [log] = await db()
      .select()
      .from(logs)
      .where(and(eq(logs.promotionId, s.promotion.id), eq(logs.title, 'Lot A-101 supprimé, 1 lot(s) associé(s) dissocié(s)')));
    expect(log.lotId).toBeNull();
  });
});

describe('deleting a building (DELETE promotions/{id}/buildings/{buildingId})', () => {
  it('deletes the building and all its lots in one transaction, with their history and tasks, and logs it', async () => {
    const s = await setup();
    const [a, b] = s.lots;
    await call('PUT', `${s.lotsUrl}/${b.id}`, s.admin, { parent_id: a.id });
    const [task] = await db()
      .insert(tasks)
      .values({ promotionId: s.promotion.id, title: 'Métrés', endAt: new Date(Date.now() + 86_400_000), lotId: a.id })
      .returning();
    const deleted = await call('DELETE', `${s.base}/${s.building.id}`, s.admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: BUILDING_MESSAGES.buildingDeleted });
    expect(await db().select().from(buildings).where(eq(buildings.id, s.building.id))).toEqual([]);
    expect(await db().select().from(lots).where(eq(lots.buildingId, s.building.id))).toEqual([]);
    expect(await db().select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    expect(await historyOf(b.id)).toEqual([]);
    const [log] = await db()
      .select()
      .from(logs)
      .where(and(eq(logs.promotionId, s.promotion.id), eq(logs.title, 'Immeuble Bâtiment A supprimé, 3 lot(s) supprimé(s)')));
    expect(log).toBeDefined();
    expect((await call('GET', s.base, s.broker)).json().data).toEqual([]);
  });

  it('dissociates an associated lot of another building whose main lot goes, with its history', async () => {
    const s = await setup();
    const other = (await call('POST', s.base, s.admin, { title: 'Bâtiment B', city: 'Rolle' })).json().data;
    const box = (await call('POST', `${s.base}/${other.id}/lots`, s.admin, lotForm({ reference: 'B-BOX', parent_id: s.lots[0].id }))).json()
      .data;
    expect((await call('DELETE', `${s.base}/${s.building.id}`, s.admin)).statusCode).toBe(200);
    const [kept] = await db().select().from(lots).where(eq(lots.id, box.id));
    expect(kept).toMatchObject({ parentId: null, buildingId: other.id });
    expect((await historyOf(box.id)).at(-1)).toEqual({ column: 'parent_id', from: 'A-101', to: null });
  });

  it('is refused with 409 naming the lots while any lot has a sales file, live or closed, and changes nothing', async () => {
    const s = await setup();
    await addLiveApplication(s.promotion.id, s.lots[2].id);
    await addLiveApplication(s.promotion.id, s.lots[0].id);
    await db().update(applications).set({ closedAt: new Date() }).where(eq(applications.lotId, s.lots[0].id));
    const refused = await call('DELETE', `${s.base}/${s.building.id}`, s.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUILDING_MESSAGES.buildingHasApplications(['A-101', 'A-103']));
    expect(refused.json().message).toBe('Cet immeuble a des dossiers de vente sur ses lots A-101, A-103 : il ne peut pas être supprimé.');
    expect(await db().select().from(lots).where(eq(lots.buildingId, s.building.id))).toHaveLength(3);

    // A deleted sales file (hidden) is shown nowhere: it does not keep the building.
    await db().update(applications).set({ hidden: true }).where(eq(applications.promotionId, s.promotion.id));
    expect((await call('DELETE', `${s.base}/${s.building.id}`, s.admin)).statusCode).toBe(200);
  });

  it('is refused to a non-admin broker (403) and answers 404 for another promotion or a missing building', async () => {
    const s = await setup();
    expect((await call('DELETE', `${s.base}/${s.building.id}`, s.broker)).statusCode).toBe(403);
    const other = await createPromotion(db());
    const { building: foreign } = await createBuildingWithLots(db(), other.id, [1]);
    expect((await call('DELETE', `${s.base}/${foreign.id}`, s.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/promotions/${other.id}/buildings/${s.building.id}`, s.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${s.base}/${s.building.id}`, s.broker)).statusCode).toBe(403);
    expect(await db().select().from(buildings).where(eq(buildings.id, foreign.id))).toHaveLength(1);
    expect(await db().select().from(lots).where(eq(lots.buildingId, s.building.id))).toHaveLength(3);
  });
});
