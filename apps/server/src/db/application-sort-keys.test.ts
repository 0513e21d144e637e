import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuildingWithLots, createPromotion } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { applications, buildings, candidacies, candidates, floors, lots, promotions } from './schema/index.js';

/**
 * The funnel's sort keys (migrations 0034, 0035, 0039 and 0044, schema/sales.ts applications.sort_*): the database sets
 * them whenever an application is written with a lot or a main candidacy, and follows a lot given
 * a new reference, a renamed candidate and a candidacy moved to another candidate, so that the
 * funnel's default order and its lot and candidate sorts read a page along an index (issue 20).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const keysOf = async (id: number) => {
  const [row] = await db()
    .select({ lot: applications.sortLot, candidate: applications.sortCandidate, building: applications.sortBuilding })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
};

/** A promotion with two lots, three candidates (two with a candidacy), and an application of the first on the first lot. */
const desk = async () => {
  const promotion = await createPromotion(db(), { title: 'Les Clés' });
  const { lots: created } = await createBuildingWithLots(db(), promotion.id, [500_000, 600_000]);
  const people = await db()
    .insert(candidates)
    .values([
      { promotionId: promotion.id, firstName: 'Anne', lastName: 'Meylan' },
      { promotionId: promotion.id, firstName: 'Éric', lastName: 'Zürcher' },
      { promotionId: promotion.id, firstName: 'Léa', lastName: 'Bovet' },
    ])
    .returning();
  const files = await db()
    .insert(candidacies)
    .values(people.slice(0, 2).map((person) => ({ promotionId: promotion.id, candidateId: person.id })))
    .returning();
  const [application] = await db()
    .insert(applications)
    .values({ promotionId: promotion.id, lotId: created[0].id, candidacy1Id: files[0].id })
    .returning();
  return { promotion, lots: created, people, files, application };
};

/** An associated lot (a parking space) of a main lot, its price not included in the main lot's. */
const associatedLot = async (main: typeof lots.$inferSelect, reference: string, rawPrice: number) => {
  const [row] = await db()
    .insert(lots)
    .values({
      promotionId: main.promotionId,
      buildingId: main.buildingId,
      lotTypeId: 5,
      floorId: main.floorId,
      reference,
      rawPrice,
      parentId: main.id,
    })
    .returning();
  return row;
};

describe('sort keys of the funnel (migration 0034)', () => {
  it('a new application takes its lot’s reference and its main candidate’s name, in lower case', async () => {
    const { lots: created, application } = await desk();
    expect(await keysOf(application.id)).toEqual({ lot: created[0].reference, candidate: 'anne meylan', building: 'bâtiment a' });
  });

  it('an application moved to another lot or main candidacy takes their keys', async () => {
    const { lots: created, files, application } = await desk();
    await db().update(applications).set({ lotId: created[1].id, candidacy1Id: files[1].id }).where(eq(applications.id, application.id));
    expect(await keysOf(application.id)).toEqual({ lot: created[1].reference, candidate: 'éric zürcher', building: 'bâtiment a' });
  });

  it('follows a lot given a new reference, a renamed candidate and a candidacy moved to another candidate', async () => {
    const { lots: created, people, files, application } = await desk();
    await db().update(lots).set({ reference: 'B-999' }).where(eq(lots.id, created[0].id));
    await db().update(candidates).set({ lastName: 'Favre' }).where(eq(candidates.id, people[0].id));
    expect(await keysOf(application.id)).toEqual({ lot: 'B-999', candidate: 'anne favre', building: 'bâtiment a' });
    await db().update(candidacies).set({ candidateId: people[2].id }).where(eq(candidacies.id, files[0].id));
    expect((await keysOf(application.id)).candidate).toBe('léa bovet');
  });

  it('an archived promotion’s lots and candidates cannot be changed, so its applications’ keys cannot drift (migration 0016)', async () => {
    const { promotion, lots: created, people } = await desk();
    await db().update(promotions).set({ archivedAt: new Date() }).where(eq(promotions.id, promotion.id));
    await expect(db().update(lots).set({ reference: 'B-999' }).where(eq(lots.id, created[0].id))).rejects.toThrow();
    await expect(db().update(candidates).set({ lastName: 'Favre' }).where(eq(candidates.id, people[0].id))).rejects.toThrow();
  });

  it('follows its lot’s building: renamed, or the lot moved to another (migration 0035)', async () => {
    const { promotion, lots: created, application } = await desk();
    await db().update(buildings).set({ title: 'Résidence Est' }).where(eq(buildings.id, created[0].buildingId));
    expect((await keysOf(application.id)).building).toBe('résidence est');
    const [other] = await db().insert(buildings).values({ promotionId: promotion.id, title: 'Zénith', city: 'Rolle' }).returning();
    await db().update(lots).set({ buildingId: other.id }).where(eq(lots.id, created[0].id));
    expect((await keysOf(application.id)).building).toBe('zénith');
  });

  it('takes its lot’s floor order, and follows the floor reordered or the lot moved to another (migration 0039)', async () => {
    const { lots: created, application } = await desk();
    const floorOrder = async (floorId: number) =>
      (await db().select({ order: floors.sortOrder }).from(floors).where(eq(floors.id, floorId)))[0].order;
    const floorKey = async () =>
      (await db().select({ floor: applications.sortFloor }).from(applications).where(eq(applications.id, application.id)))[0].floor;
    expect(await floorKey()).toBe(await floorOrder(created[0].floorId));

    await db().update(lots).set({ floorId: created[1].floorId }).where(eq(lots.id, created[0].id));
    expect(created[1].floorId).not.toBe(created[0].floorId);
    expect(await floorKey()).toBe(await floorOrder(created[1].floorId));

    await db().update(floors).set({ sortOrder: 4242 }).where(eq(floors.id, created[1].floorId));
    expect(await floorKey()).toBe(4242);
  });

  it('takes its lot’s rooms, area and total price, and follows the lot and its associated lots (migration 0044)', async () => {
    const { lots: created, application } = await desk();
    const lotKeys = async () =>
      (
        await db()
          .select({ rooms: applications.sortRooms, area: applications.sortArea, price: applications.sortPrice })
          .from(applications)
          .where(eq(applications.id, application.id))
      )[0];
    expect(await lotKeys()).toEqual({ rooms: 2.5, area: 0, price: 500_000 });
    await db().update(lots).set({ nbRooms: 4.5, areaHab: 112.5, rawPrice: 520_000 }).where(eq(lots.id, created[0].id));
    expect(await lotKeys()).toEqual({ rooms: 4.5, area: 112.5, price: 520_000 });
    // An associated lot (a parking space) not included in the price adds its own; included, it adds nothing.
    const parking = await associatedLot(created[0], 'P-01', 35_000);
    expect((await lotKeys()).price).toBe(555_000);
    await db().update(lots).set({ rawPrice: 40_000 }).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(560_000);
    await db().update(lots).set({ priceIncluded: true }).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(520_000);
    await db().update(lots).set({ priceIncluded: false }).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(560_000);
    // Moved to the other lot, then deleted: the first lot's applications follow.
    await db().update(lots).set({ parentId: created[1].id }).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(520_000);
    await db().update(lots).set({ parentId: created[0].id }).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(560_000);
    await db().delete(lots).where(eq(lots.id, parking.id));
    expect((await lotKeys()).price).toBe(520_000);
    // The application moved to the other lot takes its keys.
    await db().update(applications).set({ lotId: created[1].id }).where(eq(applications.id, application.id));
    expect(await lotKeys()).toEqual({ rooms: 3.5, area: 0, price: 600_000 });
  });

  it('a promotion deleted with its lots, associated lots and applications leaves nothing behind (migration 0044’s triggers)', async () => {
    const { promotion, lots: created } = await desk();
    await associatedLot(created[0], 'P-02', 30_000);
    await db().delete(promotions).where(eq(promotions.id, promotion.id));
    expect(await db().select().from(applications).where(eq(applications.promotionId, promotion.id))).toEqual([]);
  });
});
