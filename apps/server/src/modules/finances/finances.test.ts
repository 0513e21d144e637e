import { FINANCE_FIELD_KEYS, FINANCES_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, candidacies, candidates, finances, lots } from '../../db/schema/index.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const setup = async () => {
  const promotion = await createPromotion(db());
  const other = await createPromotion(db(), { title: 'Autre promotion' });
  const inA = { promotionIds: [promotion.id] };
  const token = async (type: Parameters<typeof createUser>[1], values: Parameters<typeof createUser>[2] = inA) =>
    signIn(ctx.app, (await createUser(db(), type, values)).email);
  return {
    promotion,
    other,
    pilot: await token('pilot'),
    broker: await token('broker'),
    investor: await token('investor'),
    light: await token('investor', { ...inA, restrictedAccess: 1 }),
    promoter: await token('promoter'),
    outsider: await token('pilot', { promotionIds: [other.id] }),
  };
};

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });

const emptyValues = Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, null]));

describe('finances (docs/product/finances.md)', () => {
  it('creates the record empty on its first read, once, every field null', async () => {
    const s = await setup();
    const first = await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.pilot);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      id: expect.any(Number),
      promotion_id: s.promotion.id,
      updated_at: null,
      ...emptyValues,
      today: {
        housing_amount: null,
        housing_price_per_m2: null,
        shops_amount: null,
        shops_price_per_m2: null,
        housing_lots: 0,
        shops_lots: 0,
      },
    });
    const again = await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.broker);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await db().select().from(finances)).toHaveLength(1);
  });

  it('a pilot saves the full body: numbers in their units, empty values null, the answer is the record', async () => {
    const s = await setup();
    const { id } = (await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.pilot)).json().data;
    const saved = await call('PUT', `/api/finances/${id}`, s.pilot, {
      ...emptyValues,
      land_price_1: 4200,
      land_price_2: "1'150",
      initial_margin_2: '12,5',
      updated_margin_2: -1.25,
      sale_initial_price_1: 38_000.456,
      construction_initial_price_1: '',
      id,
      updated_at: null,
      today: {},
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(FINANCES_MESSAGES.saved);
    expect(saved.json().data).toMatchObject({
      id,
      land_price_1: 4200,
      land_price_2: 1150,
      initial_margin_2: 12.5,
      updated_margin_2: -1.25,
      sale_initial_price_1: 38_000.46,
      construction_initial_price_1: null,
      land_price_3: null,
    });
    expect(saved.json().data.updated_at).toEqual(expect.any(String));
    // A field left out of the full body is emptied.
    const replaced = await call('PUT', `/api/finances/${id}`, s.pilot, { land_price_3: 2400 });
    expect(replaced.json().data).toMatchObject({ land_price_1: null, land_price_3: 2400 });
  });

  it('refuses a value that is not a number with a French message naming the field', async () => {
    const s = await setup();
    const { id } = (await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.pilot)).json().data;
    const refused = await call('PUT', `/api/finances/${id}`, s.pilot, { land_price_1: 'beaucoup' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Le champ « Prix d’achat du terrain » doit être un nombre');
    const big = await call('PUT', `/api/finances/${id}`, s.pilot, { updated_margin_1: 1e13 });
    expect(big.json().message).toBe('Le champ « Marge actualisée » est trop grand');
  });

  it('pilots edit; brokers and investors read (403 on save); the light investor and other roles are refused (403)', async () => {
    const s = await setup();
    const { id } = (await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.pilot)).json().data;
    for (const reader of [s.broker, s.investor]) {
      expect((await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, reader)).statusCode).toBe(200);
      expect((await call('PUT', `/api/finances/${id}`, reader, emptyValues)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.light)).statusCode).toBe(403);
    expect((await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.promoter)).statusCode).toBe(403);
  });

  it("answers 404 for another promotion's finances", async () => {
    const s = await setup();
    const { id } = (await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.pilot)).json().data;
    expect((await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.outsider)).statusCode).toBe(404);
    expect((await call('PUT', `/api/finances/${id}`, s.outsider, emptyValues)).statusCode).toBe(404);
    expect((await call('PUT', '/api/finances/2000000000', s.pilot, emptyValues)).statusCode).toBe(404);
  });

  it("computes today's figures from the reserved and signed lots: housing by Appartement and Villa, shops by Local commercial", async () => {
    const s = await setup();
    const { lots: rows } = await createBuildingWithLots(db(), s.promotion.id, [1_000_000, 600_000, 900_000, 700_000, 400_000, 50_000]);
    const set = (i: number, values: Partial<typeof lots.$inferInsert>) => db().update(lots).set(values).where(eq(lots.id, rows[i].id));
    await set(0, { lotTypeId: 5, areaHab: 100 });
    await set(1, { lotTypeId: 6, areaHab: 50 });
    await set(2, { lotTypeId: 5, areaHab: 90 });
    await set(3, { lotTypeId: 8, areaHab: 140 });
    await set(4, { lotTypeId: 8, areaHab: 0 });
    await set(5, { lotTypeId: 1 });
    const [candidate] = await db()
      .insert(candidates)
      .values({ promotionId: s.promotion.id, firstName: 'Anne', lastName: 'Martin' })
      .returning();
    const [candidacy] = await db().insert(candidacies).values({ promotionId: s.promotion.id, candidateId: candidate.id }).returning();
    // The lot's displayed status follows its live application (docs/sales-process.md#2-lots-built): 0 Optionné, 1 Réservé, 2-3 Signé.
    const apply = async (i: number, status: number, extra: Partial<typeof applications.$inferInsert> = {}) => {
      await db()
        .insert(applications)
        .values({ promotionId: s.promotion.id, lotId: rows[i].id, candidacy1Id: candidacy.id, status, ...extra });
      await set(i, { status: status === 0 ? 2 : status === 1 ? 3 : 4 });
    };
    await apply(0, 1); // reserved: 1'000'000 over 100 m²
    await apply(1, 3, { negociatedPrice: 650_000 }); // sold at its negotiated price over 50 m²
    await apply(2, 0); // only an option: not counted
    await apply(3, 2); // a promise on a shop: 700'000 over 140 m²
    await apply(4, 1); // a shop without habitable area: in the amount, not in the average
    await apply(5, 3); // parking: neither
    const { today } = (await call('GET', `/api/finances?promotion_id=${s.promotion.id}`, s.investor)).json().data;
    expect(today).toEqual({
      housing_amount: 1650,
      housing_price_per_m2: 11_000,
      shops_amount: 1100,
      shops_price_per_m2: 5000,
      housing_lots: 2,
      shops_lots: 2,
    });
  });
});
