import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuildingWithLots, createPromotion } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { buildings, floors, lots, promotions } from './schema/index.js';

/**
 * The lots screen's sort keys (migration 0032, schema/promotions.ts lots.sort_*): the database
 * sets them whenever a lot is written with a building or a floor, and follows a renamed building
 * and a reordered floor, so that the default order and the building and floor sorts read a page
 * along an index (issue 20).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const keysOf = async (id: number) => {
  const [row] = await db().select({ building: lots.sortBuilding, floor: lots.sortFloor }).from(lots).where(eq(lots.id, id));
  return row;
};

const floorOrder = async (id: number) => {
  const [row] = await db().select({ order: floors.sortOrder }).from(floors).where(eq(floors.id, id));
  return row.order;
};

describe('sort keys of the lots screen (migration 0032)', () => {
  it('a new lot takes its building’s title and its floor’s shown order', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { lots: created } = await createBuildingWithLots(db(), promotion.id, [500_000]);
    expect(await keysOf(created[0].id)).toEqual({ building: 'Bâtiment A', floor: await floorOrder(created[0].floorId) });
  });

  it('a lot moved to another building or floor takes their keys', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { lots: created } = await createBuildingWithLots(db(), promotion.id, [500_000]);
    const [other] = await db().insert(buildings).values({ promotionId: promotion.id, title: 'Bâtiment B', city: 'Rolle' }).returning();
    await db().update(lots).set({ buildingId: other.id, floorId: 5 }).where(eq(lots.id, created[0].id));
    expect(await keysOf(created[0].id)).toEqual({ building: 'Bâtiment B', floor: await floorOrder(5) });
  });

  it('follows a renamed building, and a floor given another place in the order', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { building, lots: created } = await createBuildingWithLots(db(), promotion.id, [500_000, 600_000]);
    await db().update(buildings).set({ title: 'Bâtiment Est' }).where(eq(buildings.id, building.id));
    const floorId = created[0].floorId;
    const order = await floorOrder(floorId);
    await db()
      .update(floors)
      .set({ sortOrder: order + 100 })
      .where(eq(floors.id, floorId));
    expect(await keysOf(created[0].id)).toEqual({ building: 'Bâtiment Est', floor: order + 100 });
    expect((await keysOf(created[1].id)).building).toBe('Bâtiment Est');
  });

  it('an archived promotion’s building cannot be renamed, so its lots’ keys cannot drift (migration 0016)', async () => {
    const promotion = await createPromotion(db(), { title: 'Les Clés' });
    const { building } = await createBuildingWithLots(db(), promotion.id, [500_000]);
    await db().update(promotions).set({ archivedAt: new Date() }).where(eq(promotions.id, promotion.id));
    await expect(db().update(buildings).set({ title: 'Bâtiment Est' }).where(eq(buildings.id, building.id))).rejects.toThrow();
  });
});
