// Over 400 lines: access, preview, apply, round trip and real or hostile grids share one world and the grid builders.
import {
  MESSAGES,
  PRICE_GRID_MESSAGES,
  type PriceGridApplyEvent,
  type PriceGridApplyResult,
  type PriceGridPreview,
} from '@promovente/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionLots, buildings, logs, lots, priceGridImports } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  fixtureFile,
  type GridLine,
  gridUpload,
  gridWorkbook,
  measured,
  newLots,
  ODS_TYPE,
  repeated,
  SHEET_END,
  SHEET_START,
  workbookOfSheet,
  zipOf,
} from './price-grid.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const setup = async () => {
  const promotion = await createPromotion(db(), { title: 'Les Hauts de Rolle' });
  const { building, lots: existing } = await createBuildingWithLots(db(), promotion.id, [800_000, 650_000, 720_000]);
  const admin = await createUser(db(), 'broker', { admin: true });
  const broker = await createUser(db(), 'broker', { promotionIds: [promotion.id] });
  return {
    promotion,
    building,
    existing,
    admin: await signIn(ctx.app, admin.email),
    adminId: admin.id,
    broker: await signIn(ctx.app, broker.email),
  };
};

const preview = async (token: string, promotionId: number, content: Buffer, filename?: string, type?: string) => {
  const body = gridUpload(content, filename, type);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/promotions/${promotionId}/price-grid/preview`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const previewOk = async (token: string, promotionId: number, lines: GridLine[]) => {
  const response = await preview(token, promotionId, await gridWorkbook(lines));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PriceGridPreview;
};

const apply = (token: string, promotionId: number, importId: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/promotions/${promotionId}/price-grid/${importId}/apply`, headers: bearer(token) });

const eventsOf = (body: string) =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as PriceGridApplyEvent);

const applyOk = async (token: string, promotionId: number, importId: number) => {
  const response = await apply(token, promotionId, importId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/x-ndjson');
  const events = eventsOf(response.body);
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`apply did not finish: ${response.body}`);
  return { events, result: last.result as PriceGridApplyResult };
};

/** A line of the grid for lot A-10x of the fixtures (Bâtiment A, Appartement), every column as the export writes it. */
const lineOf = (reference: string, values: GridLine = {}): GridLine => ({
  Lot: reference,
  Titre: '',
  Immeuble: 'Bâtiment A',
  Étage: 'Rez-de-jardin',
  Type: 'Appartement',
  Pièces: 2.5,
  'Surface habitable (m²)': 0,
  'Surface PPE (m²)': 0,
  Exposition: '',
  'Prix (CHF)': 800_000,
  'Lot PPE': '',
  'Feuillet PPE': '',
  ...values,
});

describe('POST /promotions/:id/price-grid/preview: who may import', () => {
  it('is for admins only: a broker of the promotion gets 403, nobody signed in 401', async () => {
    const s = await setup();
    const file = await gridWorkbook(newLots(1));
    expect((await preview(s.broker, s.promotion.id, file)).statusCode).toBe(403);
    const anonymous = gridUpload(file);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${s.promotion.id}/price-grid/preview`,
      headers: anonymous.headers,
      payload: anonymous.payload,
    });
    expect(response.statusCode).toBe(401);
    expect((await preview(s.admin, s.promotion.id, file)).statusCode).toBe(200);
  });

  it('answers 404 for a promotion that does not exist', async () => {
    const s = await setup();
    const response = await preview(s.admin, 999_999, await gridWorkbook(newLots(1)));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.pageNotFound);
  });

  it('judges the file by its content: a PDF named .xlsx, a text, no file, or a workbook without the Lot column are refused in French', async () => {
    const s = await setup();
    const pdf = await preview(s.admin, s.promotion.id, Buffer.from('%PDF-1.4\n%\n'), 'grille.xlsx');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toBe(PRICE_GRID_MESSAGES.notXlsx);
    const zipNotWorkbook = await preview(s.admin, s.promotion.id, Buffer.from('PK\u0003\u0004nothing of a workbook'), 'grille.xlsx');
    expect(zipNotWorkbook.statusCode).toBe(422);
    expect(zipNotWorkbook.json().message).toBe(PRICE_GRID_MESSAGES.unreadable);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${s.promotion.id}/price-grid/preview`,
      headers: bearer(s.admin),
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().message).toBe(PRICE_GRID_MESSAGES.noFile);
    const noKey = await preview(s.admin, s.promotion.id, await gridWorkbook([{ Titre: 'x' }], ['Titre', 'Prix (CHF)']));
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().message).toBe("Colonnes manquantes : Lot (les colonnes de la 'Liste des lots')");
    const empty = await preview(s.admin, s.promotion.id, await gridWorkbook([]));
    expect(empty.json().message).toBe(PRICE_GRID_MESSAGES.empty);
  });
});

describe('the preview: lots to create, to change (before -> after) and refused rows', () => {
  it('answers the counts and each section, and changes nothing yet', async () => {
    const s = await setup();
    const data = await previewOk(s.admin, s.promotion.id, [
      lineOf('A-101'),
      lineOf('A-102', { 'Prix (CHF)': 640_000, Étage: 'RDC', 'Prix total (CHF)': 1, Statut: 'Signé' }),
      ...newLots(2),
      lineOf('A-109', { Immeuble: 'Tour C' }),
      lineOf('A-110', { Pièces: 0.5, 'Prix (CHF)': -1 }),
      lineOf('A-101', { 'Prix (CHF)': 1 }),
    ]);
    expect(data.counts).toEqual({ rows: 7, create: 2, change: 1, unchanged: 1, refused: 3 });
    expect(data.creations.map((c) => [c.line, c.lot.reference, c.lot.floor, c.lot.raw_price])).toEqual([
      [4, 'P-0001', 'RDC', 500_000],
      [5, 'P-0002', '1er', 501_000],
    ]);
    expect(data.changes).toEqual([
      {
        line: 3,
        lot_id: s.existing[1].id,
        reference: 'A-102',
        changes: [
          { field: 'nb_rooms', label: 'Pièces', from: '3.5', to: '2.5' },
          { field: 'raw_price', label: 'Prix', from: '650000', to: '640000' },
        ],
      },
    ]);
    expect(data.refused).toEqual([
      { line: 6, reference: 'A-109', column: 'Immeuble', reason: "Immeuble inconnu : « Tour C » ; créez-le d'abord dans le menu Lots" },
      {
        line: 7,
        reference: 'A-110',
        column: 'Pièces, Prix (CHF)',
        reason: 'Le nombre de pièces doit être au moins 1, par demi-pièce (1 ; 1,5 ; 2 ; ...) ; Le prix doit être supérieur ou égal à 0',
      },
      { line: 8, reference: 'A-101', column: 'Lot', reason: 'Référence en double : déjà à la ligne 2' },
    ]);
    const stored = await db().select().from(lots).where(eq(lots.promotionId, s.promotion.id));
    expect(stored).toHaveLength(3);
    expect(stored.find((l) => l.reference === 'A-102')?.rawPrice).toBe(650_000);
  });
});

describe('POST /promotions/:id/price-grid/:importId/apply', () => {
  it('applies the preview in one transaction: lots created and changed, the lot history and one log row written', async () => {
    const s = await setup();
    const data = await previewOk(s.admin, s.promotion.id, [lineOf('A-102', { 'Prix (CHF)': 640_000, Pièces: 3.5 }), ...newLots(3)]);
    const { events, result } = await applyOk(s.admin, s.promotion.id, data.id);
    expect(result).toEqual({
      created: 3,
      changed: 1,
      unchanged: 0,
      refused: [],
      message: 'Grille appliquée : 3 lots créés, 1 lot modifié',
    });
    expect(events.filter((e) => e.type === 'progress').at(-1)).toEqual({ type: 'progress', phase: 'write', processed: 4, total: 4 });

    const rows = await db().select().from(lots).where(eq(lots.promotionId, s.promotion.id)).orderBy(asc(lots.reference));
    expect(rows.map((l) => [l.reference, l.rawPrice, l.buildingId])).toEqual([
      ['A-101', 800_000, s.building.id],
      ['A-102', 640_000, s.building.id],
      ['A-103', 720_000, s.building.id],
      ['P-0001', 500_000, s.building.id],
      ['P-0002', 501_000, s.building.id],
      ['P-0003', 502_000, s.building.id],
    ]);
    expect(rows.find((l) => l.reference === 'P-0002')).toMatchObject({
      floorId: 4,
      lotTypeId: 5,
      nbRooms: 3.5,
      exposure: 'Sud',
      lotPpe: '2',
      parentId: null,
    });

    // The history reads through the lot record like a price change of the lots screen.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/lots/${s.existing[1].id}`, headers: bearer(s.admin) });
    // Newest first, then the last written first: the price after the floor.
    expect(
      detail.json().data.action_lots.map((h: { column_text: string; from: string; to: string }) => [h.column_text, h.from, h.to]),
    ).toEqual([
      ['Prix', '650000', '640000'],
      ['Étage', 'RDC', 'Rez-de-jardin'],
    ]);
    const created = await db().select().from(actionLots).where(eq(actionLots.column, 'created'));
    expect(created).toHaveLength(3);
    expect(created.every((h) => h.userId === s.adminId)).toBe(true);
    const [log] = await db().select().from(logs).where(eq(logs.promotionId, s.promotion.id));
    expect(log.title).toBe('Grille appliquée : 3 lots créés, 1 lot modifié (grille.xlsx)');
  });

  it('applies a preview once: the second apply answers 409', async () => {
    const s = await setup();
    const data = await previewOk(s.admin, s.promotion.id, newLots(1));
    await applyOk(s.admin, s.promotion.id, data.id);
    const again = await apply(s.admin, s.promotion.id, data.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRICE_GRID_MESSAGES.alreadyApplied);
    expect(await db().$count(lots, eq(lots.reference, 'P-0001'))).toBe(1);
  });

  it('checks the rows again against the lots as they are: a lot reserved since the preview is refused, the rest applied', async () => {
    const s = await setup();
    const data = await previewOk(s.admin, s.promotion.id, [lineOf('A-101', { 'Prix (CHF)': 810_000 }), ...newLots(1)]);
    expect(data.counts.change).toBe(1);
    await db().update(lots).set({ status: 3 }).where(eq(lots.id, s.existing[0].id));
    const { result } = await applyOk(s.admin, s.promotion.id, data.id);
    expect(result.created).toBe(1);
    expect(result.changed).toBe(0);
    expect(result.refused).toEqual([
      {
        line: 2,
        reference: 'A-101',
        column: 'Prix',
        reason: 'Lot réservé : un lot engagé dans une vente ne se modifie pas par import (son prix se négocie dans le dossier de vente)',
      },
    ]);
    expect(result.message).toBe('Grille appliquée : 1 lot créé, 0 lot modifié, 1 ligne refusée');
    const [lot] = await db().select().from(lots).where(eq(lots.id, s.existing[0].id));
    expect(lot.rawPrice).toBe(800_000);
  });

  it('refuses an expired preview, a broker (403), and answers 404 for another promotion and its imports', async () => {
    const s = await setup();
    const data = await previewOk(s.admin, s.promotion.id, newLots(1));
    expect((await apply(s.broker, s.promotion.id, data.id)).statusCode).toBe(403);

    const other = await createPromotion(db(), { title: 'Ailleurs' });
    await db().insert(buildings).values({ promotionId: other.id, title: 'Bâtiment A', city: 'Nyon' });
    const foreign = await previewOk(s.admin, other.id, newLots(1));
    const missing = await apply(s.admin, s.promotion.id, 999_999);
    expect(missing.statusCode).toBe(404);
    const crossed = await apply(s.admin, s.promotion.id, foreign.id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual(missing.json());
    expect(await db().$count(lots, eq(lots.promotionId, other.id))).toBe(0);

    await db()
      .update(priceGridImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(priceGridImports.id, data.id));
    const expired = await apply(s.admin, s.promotion.id, data.id);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(PRICE_GRID_MESSAGES.expired);
  });

  it('removes the expired previews of the promotion when its next grid is read', async () => {
    const s = await setup();
    const old = await previewOk(s.admin, s.promotion.id, newLots(1));
    await db()
      .update(priceGridImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(priceGridImports.id, old.id));
    const fresh = await previewOk(s.admin, s.promotion.id, newLots(1));
    const ids = (await db().select({ id: priceGridImports.id }).from(priceGridImports)).map((r) => r.id);
    expect(ids).toEqual([fresh.id]);
  });
});

describe("round trip: 'Liste des lots' exported, then imported back", () => {
  it('changes nothing and refuses nothing, parkings and boxes of 0 rooms included', async () => {
    const s = await setup();
    // Every column of the grid filled on one lot, and a sold lot: unchanged rows are no refusal.
    // A title a spreadsheet would take as a formula leaves with an apostrophe and comes back without.
    await db()
      .update(lots)
      .set({ title: '=Attique 5.5', exposure: 'Sud-Est', areaHab: 143.25, areaPpe: 150, lotPpe: '7.1', feuilletPpe: '2201' })
      .where(eq(lots.id, s.existing[0].id));
    await db().update(lots).set({ status: 4 }).where(eq(lots.id, s.existing[2].id));
    // Parkings and boxes sold on their own have 0 rooms, as the demo's (the lot form asks at least 1 of a new lot).
    await db()
      .insert(lots)
      .values([
        {
          promotionId: s.promotion.id,
          buildingId: s.building.id,
          lotTypeId: 1,
          floorId: 2,
          reference: 'P-1',
          nbRooms: 0,
          rawPrice: 40_000,
        },
        {
          promotionId: s.promotion.id,
          buildingId: s.building.id,
          lotTypeId: 3,
          floorId: 2,
          reference: 'BX-1',
          nbRooms: 0,
          rawPrice: 55_000,
        },
      ]);
    const signedUrl = await ctx.app.inject({
      method: 'GET',
      url: `/api/lots/download?promotion=${s.promotion.id}`,
      headers: bearer(s.admin),
    });
    const file = await ctx.app.inject({ method: 'GET', url: signedUrl.json().data.url });
    expect(file.statusCode).toBe(200);

    const response = await preview(s.admin, s.promotion.id, file.rawPayload, 'Liste des lots - Les Hauts de Rolle.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect(data.refused).toEqual([]);
    expect(data.counts).toEqual({ rows: 5, create: 0, change: 0, unchanged: 5, refused: 0 });
    const { result } = await applyOk(s.admin, s.promotion.id, data.id);
    expect(result).toMatchObject({ created: 0, changed: 0, unchanged: 5, refused: [] });
    expect(await db().$count(actionLots, and(eq(actionLots.promotionId, s.promotion.id)))).toBe(0);
  });
});

describe('a grid of 5,000 lots', () => {
  it('previews and applies within a budget generous for CI, its progress in steps', async () => {
    const s = await setup();
    const lines = [...newLots(4_990), ...['A-101', 'A-102', 'A-103'].map((ref, i) => lineOf(ref, { 'Prix (CHF)': 900_000 + i }))];
    const file = await gridWorkbook(lines);

    let started = performance.now();
    const response = await preview(s.admin, s.promotion.id, file);
    const previewMs = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect(data.counts).toMatchObject({ rows: 4_993, create: 4_990, change: 3, refused: 0 });

    started = performance.now();
    const { events, result } = await applyOk(s.admin, s.promotion.id, data.id);
    const applyMs = performance.now() - started;
    expect(result).toMatchObject({ created: 4_990, changed: 3 });
    const writes = events.filter((e) => e.type === 'progress' && e.phase === 'write');
    expect(writes.length).toBeGreaterThanOrEqual(5);
    expect(await db().$count(lots, eq(lots.promotionId, s.promotion.id))).toBe(4_993);
    // A created row each, and per changed field: A-101 its price, A-102 and A-103 floor, rooms and price.
    expect(await db().$count(actionLots, eq(actionLots.promotionId, s.promotion.id))).toBe(4_990 + 7);
    console.info(
      `price grid of 5,000 rows (${Math.round(file.length / 1024)} KB): preview ${Math.round(previewMs)} ms, apply ${Math.round(applyMs)} ms`,
    );
    expect(previewMs).toBeLessThan(20_000);
    expect(applyMs).toBeLessThan(20_000);
  }, 60_000);
});

describe('a price cell that holds no price refuses its row, never read as 0 CHF (issue 18)', () => {
  it('an empty price, a formula saved without its result and a formula error (openpyxl) are refused rows; the apply changes only the valid row', async () => {
    const s = await setup();
    const response = await preview(s.admin, s.promotion.id, await fixtureFile('empty-and-formulas.openpyxl.xlsx'));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect(data.refused).toEqual([
      { line: 2, reference: 'A-101', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.emptyPrice },
      { line: 3, reference: 'A-102', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.formulaWithoutResult },
      { line: 5, reference: 'A-104', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.formulaError('#DIV/0!') },
    ]);
    expect(data.counts).toEqual({ rows: 4, create: 0, change: 1, unchanged: 0, refused: 3 });
    expect(data.changes).toEqual([
      {
        line: 4,
        lot_id: s.existing[2].id,
        reference: 'A-103',
        changes: [{ field: 'raw_price', label: 'Prix', from: '720000', to: '710000' }],
      },
    ]);
    const { result } = await applyOk(s.admin, s.promotion.id, data.id);
    expect(result).toMatchObject({ changed: 1, message: 'Grille appliquée : 0 lot créé, 1 lot modifié, 3 lignes refusées' });
    const prices = await db().select().from(lots).where(eq(lots.promotionId, s.promotion.id)).orderBy(asc(lots.reference));
    expect(prices.map((l) => [l.reference, l.rawPrice])).toEqual([
      ['A-101', 800_000],
      ['A-102', 650_000],
      ['A-103', 710_000],
    ]);
  });

  it('refuses an empty price cell of a known lot and of a new one alike', async () => {
    const s = await setup();
    const [line] = newLots(1);
    const data = await previewOk(s.admin, s.promotion.id, [lineOf('A-101', { 'Prix (CHF)': null }), { ...line, 'Prix (CHF)': '  ' }]);
    expect(data.refused.map((r) => [r.line, r.reference, r.column, r.reason])).toEqual([
      [2, 'A-101', 'Prix (CHF)', PRICE_GRID_MESSAGES.emptyPrice],
      [3, 'P-0001', 'Prix (CHF)', PRICE_GRID_MESSAGES.emptyPrice],
    ]);
    expect(data.counts).toMatchObject({ create: 0, change: 0 });
  });
});

describe('the grids people really send (issue 18), written by other libraries than the reader', () => {
  const addBuildingB = async (promotionId: number) => {
    await db().insert(buildings).values({ promotionId, title: 'Bâtiment B', city: 'Rolle' });
  };

  it('finds the header under a title and a date, by the export’s headers or their usual other names (openpyxl)', async () => {
    const s = await setup();
    const response = await preview(s.admin, s.promotion.id, await fixtureFile('title-row.openpyxl.xlsx'));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect([data.sheet, data.header_line]).toEqual(['Grille 2027', 4]);
    expect(data.counts).toEqual({ rows: 3, create: 0, change: 2, unchanged: 1, refused: 0 });
    expect(data.changes.map((c) => [c.line, c.reference, c.changes.map((f) => `${f.from} -> ${f.to}`)])).toEqual([
      [5, 'A-101', ['800000 -> 810000']],
      [6, 'A-102', ['650000 -> 655000']],
    ]);
  });

  it('reads the grid on the sheet that has it: a hidden sheet and a sheet of notes before it are passed over (openpyxl)', async () => {
    const s = await setup();
    const response = await preview(s.admin, s.promotion.id, await fixtureFile('second-sheet.openpyxl.xlsx'));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect([data.sheet, data.header_line]).toEqual(['Prix', 1]);
    expect(data.counts).toEqual({ rows: 1, create: 0, change: 1, unchanged: 0, refused: 0 });
    expect(data.changes[0]).toMatchObject({ reference: 'A-102', changes: [{ field: 'raw_price', from: '650000', to: '660000' }] });
  });

  it('gives a merged building cell to every lot row it spans (openpyxl)', async () => {
    const s = await setup();
    await addBuildingB(s.promotion.id);
    const response = await preview(s.admin, s.promotion.id, await fixtureFile('merged-buildings.openpyxl.xlsx'));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect(data.refused).toEqual([]);
    expect(data.counts).toEqual({ rows: 5, create: 2, change: 0, unchanged: 3, refused: 0 });
    expect(data.creations.map((c) => [c.lot.reference, c.lot.building, c.lot.raw_price])).toEqual([
      ['B-201', 'Bâtiment B', 900_000],
      ['B-202', 'Bâtiment B', 910_000],
    ]);
  });

  it('reads an .ods (odfpy): the grid on its second sheet under a title, a merged building, its empty end repeated a million times', async () => {
    const s = await setup();
    await addBuildingB(s.promotion.id);
    const file = await fixtureFile('grid.odfpy.ods');
    const response = await preview(s.admin, s.promotion.id, file, 'grille.ods', ODS_TYPE);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as PriceGridPreview;
    expect([data.sheet, data.header_line]).toEqual(['Grille', 3]);
    expect(data.counts).toEqual({ rows: 5, create: 2, change: 1, unchanged: 1, refused: 1 });
    expect(data.refused).toEqual([{ line: 6, reference: 'A-103', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.formulaWithoutResult }]);
    expect(data.changes.map((c) => [c.reference, c.changes.map((f) => `${f.from} -> ${f.to}`)])).toEqual([['A-101', ['800000 -> 805000']]]);
    const { result } = await applyOk(s.admin, s.promotion.id, data.id);
    expect(result).toMatchObject({ created: 2, changed: 1 });
    const created = await db().select().from(lots).where(eq(lots.reference, 'B-202'));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ rawPrice: 910_000, floorId: 4, lotTypeId: 5 });
  });

  it('names the format it does not read: .xls, .xlsb and .csv are refused with the way to send the grid', async () => {
    const s = await setup();
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const xls = await preview(s.admin, s.promotion.id, ole, 'grille.xls', 'application/vnd.ms-excel');
    expect([xls.statusCode, xls.json().message]).toEqual([422, PRICE_GRID_MESSAGES.xls]);
    const binary = await zipOf([
      {
        name: '_rels/.rels',
        content: [
          Buffer.from(
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>',
          ),
        ],
      },
      { name: 'xl/workbook.bin', content: [Buffer.from([0x83, 0x01, 0x00])] },
    ]);
    const xlsb = await preview(s.admin, s.promotion.id, binary, 'grille.xlsb', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12');
    expect([xlsb.statusCode, xlsb.json().message]).toEqual([422, PRICE_GRID_MESSAGES.xlsb]);
    // Renamed .xlsx, it is told by its content.
    const renamed = await preview(s.admin, s.promotion.id, binary, 'grille.xlsx');
    expect([renamed.statusCode, renamed.json().message]).toEqual([422, PRICE_GRID_MESSAGES.xlsb]);
    const csv = await preview(s.admin, s.promotion.id, Buffer.from('Lot;Prix (CHF)\nA-101;810000\n'), 'grille.csv', 'text/csv');
    expect([csv.statusCode, csv.json().message]).toEqual([422, PRICE_GRID_MESSAGES.csv]);
  });
});

describe('a hostile workbook: the reading stops at fixed bounds and answers a French 422 in seconds (issue 18)', () => {
  /** A budget for CI on a loaded machine: the reader answers these in a few tens of milliseconds. */
  const SECONDS = 5_000;
  const MEGABYTES = 100;

  it('stops inflating an entry beyond the size it declares: 200 MB claimed as 4 KB is cut at 4 KB', async () => {
    const s = await setup();
    const bomb = await workbookOfSheet([SHEET_START, ...repeated(`<row/>${' '.repeat(1_018)}`, 200 * 1024), SHEET_END], 4_096);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { result: response, ms, grownMb } = await measured(() => preview(s.admin, s.promotion.id, bomb));
    expect([response.statusCode, response.json().message]).toEqual([422, PRICE_GRID_MESSAGES.unreadable]);
    expect(ms).toBeLessThan(SECONDS);
    expect(grownMb).toBeLessThan(MEGABYTES);
  });

  it('refuses a sheet of 4 million blank rows (a zip of a few dozen KB) at the row limit, without reading them all', async () => {
    const s = await setup();
    const blankRows = await workbookOfSheet([SHEET_START, ...repeated('<row/>', 4_000_000), SHEET_END]);
    expect(blankRows.length).toBeLessThan(200 * 1024);
    const { result: response, ms, grownMb } = await measured(() => preview(s.admin, s.promotion.id, blankRows));
    expect([response.statusCode, response.json().message]).toEqual([422, PRICE_GRID_MESSAGES.tooManySheetRows('Lots')]);
    expect(ms).toBeLessThan(SECONDS);
    expect(grownMb).toBeLessThan(MEGABYTES);
  });

  it('refuses an entry that declares more than the limit before inflating anything', async () => {
    const s = await setup();
    const declared = await workbookOfSheet([SHEET_START, SHEET_END], 64 * 1024 * 1024);
    const response = await preview(s.admin, s.promotion.id, declared);
    expect([response.statusCode, response.json().message]).toEqual([422, PRICE_GRID_MESSAGES.unpackedTooBig]);
  });
});
