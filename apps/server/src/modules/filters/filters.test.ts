import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('GET app/filters (docs/product/layout.md#filter-bar)', () => {
  it("offers the current promotion's buildings, floors, rooms, price range, brokers and agencies", async () => {
    const db = ctx.database.db;
    const agency = await createAgency(db, 'Naef');
    const promotion = await createPromotion(db, { multiAgency: true, agencyIds: [agency.id] });
    await createBuildingWithLots(db, promotion.id, [655_000, 1_245_000, 980_000]);
    const broker = await createUser(db, 'broker', { firstName: 'Luc', lastName: 'Berset', promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, broker.email);

    const response = await ctx.app.inject({ method: 'GET', url: '/api/app/filters', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.promotion).toEqual({ id: promotion.id, title: promotion.title, multi_agency: true, crm_updated_at: null });
    expect(data.buildings).toEqual([{ id: expect.any(Number), title: 'Bâtiment A' }]);
    expect(data.floors.map((f: { title: string }) => f.title)).toEqual(['Rez-de-jardin', 'RDC', 'Rez supérieur']);
    expect(data.nb_rooms).toEqual([2.5, 3.5, 4.5]);
    expect(data.price).toEqual({ min: 650, max: 1250 });
    expect(data.brokers).toEqual([{ id: broker.id, full_name: 'Luc Berset', profile_picture: null }]);
    expect(data.agencies).toEqual([{ id: agency.id, name: 'Naef' }]);
  });

  it("carries the promotion's last send to the CRM, which the 'Attribuer un lot' rule reads", async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
    await db
      .update(promotions)
      .set({ crmUpdatedAt: new Date('2026-11-20T08:30:00Z') })
      .where(eq(promotions.id, promotion.id));
    const token = await signIn(ctx.app, broker.email);

    const response = await ctx.app.inject({ method: 'GET', url: `/api/app/filters?promotion=${promotion.id}`, headers: bearer(token) });
    expect(response.json().data.promotion.crm_updated_at).toBe('2026-11-20T08:30:00.000Z');
  });

  it('answers 404 for a promotion the user is not a member of', async () => {
    const db = ctx.database.db;
    const mine = await createPromotion(db);
    const theirs = await createPromotion(db, { title: 'Autre' });
    const banker = await createUser(db, 'banker', { promotionIds: [mine.id] });
    const token = await signIn(ctx.app, banker.email);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/app/filters?promotion=${theirs.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
  });
});
