import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { applications, buildings, floors, lots, lotTypes } from '../../db/schema/index.js';

/**
 * SQL only: the promotion record's 'Lots' menu (docs/product/promotion-administration.md#lots-menu).
 * Each read is one statement, every row reached through the promotion's indexes
 * (buildings_promotion_idx, lots_promotion_building_idx, lots_parent_idx).
 */

/** A building's columns with its lot counts (main lots, every lot). */
const buildingColumns = sql`b.id, b.title, b.street, b.city, b.zip,
  (select count(*)::int from lots l where l.promotion_id = b.promotion_id and l.building_id = b.id and l.parent_id is null) as main_lots_count,
  (select count(*)::int from lots l where l.promotion_id = b.promotion_id and l.building_id = b.id) as lots_count`;

/** A lot's columns as the screens show it (lots l, lot_types t, floors f), with its associated lots' count. */
const lotColumns = sql`l.id, l.building_id, l.parent_id, l.reference, l.title, l.lot_type_id, t.title as type, l.floor_id,
  f.title as floor, l.nb_rooms, l.name_child, l.raw_price, l.price_included, l.area_ppe, l.area_hab, l.area_jar, l.area_bal,
  l.area_ter, l.exposure, l.lot_ppe, l.feuillet_ppe, l.status,
  (select count(*)::int from lots c where c.parent_id = l.id) as children_count`;

const lotJoins = sql`join lot_types t on t.id = l.lot_type_id join floors f on f.id = l.floor_id`;

export type BuildingRecord = {
  id: number;
  title: string;
  street: string | null;
  city: string;
  zip: string | null;
  main_lots_count: number;
  lots_count: number;
};

export type LotRecord = {
  id: number;
  building_id: number;
  parent_id: number | null;
  reference: string;
  title: string;
  lot_type_id: number;
  type: string;
  floor_id: number;
  floor: string;
  nb_rooms: number | string;
  name_child: string | null;
  raw_price: number;
  price_included: boolean;
  area_ppe: number | string;
  area_hab: number | string;
  area_jar: number | string;
  area_bal: number | string;
  area_ter: number | string;
  exposure: string | null;
  lot_ppe: string | null;
  feuillet_ppe: string | null;
  status: number;
  children_count: number;
};

export type LotChoiceRecord = { id: number; reference: string; building_id: number; building: string; type: string };

/** GET promotions/{id}/buildings: the promotion's buildings by title. */
export const selectBuildings = async (db: Queryable, promotionId: number) =>
  rowsOf<BuildingRecord>(db, sql`select ${buildingColumns} from buildings b where b.promotion_id = ${promotionId} order by b.title, b.id`);

/** One building of the promotion, or null. */
export const selectBuilding = async (db: Queryable, promotionId: number, buildingId: number) => {
  const [row] = await rowsOf<BuildingRecord>(
    db,
    sql`select ${buildingColumns} from buildings b where b.id = ${buildingId} and b.promotion_id = ${promotionId}`,
  );
  return row ?? null;
};

/**
 * A row of a building's main lots as `selectBuildingLots` answers it: its columns in the table's
 * order (the areas and rooms are numeric, JSON numbers).
 */
export type MainLotFields = [
  id: number,
  reference: string,
  type: string,
  floor: string,
  nbRooms: number | string,
  rawPrice: number,
  areaPpe: number | string,
  areaHab: number | string,
  status: number,
  childrenCount: number,
];

export type BuildingLotsRow = BuildingRecord & { lots: MainLotFields[] | string };

/**
 * GET promotions/{id}/buildings/{buildingId}/lots in one statement: the building (no row when it
 * is not of the promotion) and its main lots by floor then reference, as one JSON array of the
 * columns its table shows (issue 20, lean pages). The building and its counts are read once,
 * before the lots (selected beside each lot, the two counts were taken again for every lot of
 * the building, 249 x 253 rows, 67 ms for a building of 249 lots; now 1 ms). The lots' columns
 * built as arrays in one value, not each lot as a record turned into JSON (to_json): 3.2 to 1.1 ms
 * of PostgreSQL for that building of 249 lots (docs/performance.md).
 */
export const selectBuildingLots = async (db: Queryable, promotionId: number, buildingId: number) =>
  rowsOf<BuildingLotsRow>(
    db,
    sql`
      with building as materialized (
        select ${buildingColumns} from buildings b where b.id = ${buildingId} and b.promotion_id = ${promotionId}
      )
      select building.*, (
        select coalesce(json_agg(json_build_array(
            l.id, l.reference, t.title, f.title, l.nb_rooms, l.raw_price, l.area_ppe, l.area_hab, l.status,
            (select count(*)::int from lots c where c.parent_id = l.id)
          ) order by f.sort_order, l.reference, l.id), '[]'::json)
        from lots l ${lotJoins}
        where l.promotion_id = ${promotionId} and l.building_id = building.id and l.parent_id is null
      ) as lots
      from building
    `,
    // Planned once per connection (decision 032): the building by key, its lots along the
    // promotion and building's index, whatever their number (generic: 1.44 ms against 1.80 for
    // the building of 249 lots, 0.23 against 0.57 for one of 10 lots, pgbench).
    { named: 'building_main_lots', plans: 'generic' },
  );

export type LotDetailRow = {
  building: BuildingRecord;
  lot: LotRecord | null;
  parent: (LotRecord & { building: string }) | null;
  children: LotRecord[] | string;
};

/**
 * GET promotions/{id}/buildings/{buildingId}/lots/{lotId} in one statement: the building, the
 * lot (null when it is not of this building and promotion), its main lot and its associated lots.
 */
export const selectLotDetail = async (db: Queryable, promotionId: number, buildingId: number, lotId: number) => {
  const [row] = await rowsOf<LotDetailRow>(
    db,
    sql`
      with lot as (
        select ${lotColumns} from lots l ${lotJoins}
        where l.id = ${lotId} and l.promotion_id = ${promotionId} and l.building_id = ${buildingId}
      )
      select
        (select to_json(x) from (select ${buildingColumns}) x) as building,
        (select to_json(lot) from lot) as lot,
        (select to_json(x) from (
          select ${lotColumns}, pb.title as building from lots l ${lotJoins} join buildings pb on pb.id = l.building_id
          where l.promotion_id = ${promotionId} and l.id = (select parent_id from lot)
        ) x) as parent,
        (select coalesce(json_agg(x order by x.reference, x.id), '[]') from (
          select ${lotColumns} from lots l ${lotJoins}
          where l.promotion_id = ${promotionId} and l.parent_id = (select id from lot)
        ) x) as children
      from buildings b
      where b.id = ${buildingId} and b.promotion_id = ${promotionId}
    `,
  );
  return row ?? null;
};

export type LotChoicesRow = {
  /** The lot's main lot, null for a main lot; undefined when the lot is not of this building and promotion. */
  parent_id: number | null;
  attachable: LotChoiceRecord[] | string;
  move_targets: LotChoiceRecord[] | string;
};

const choiceColumns = sql`l.id, l.reference, l.building_id, cb.title as building, t.title as type`;

/**
 * GET promotions/{id}/buildings/{buildingId}/lots/{lotId}/choices in one statement, no row when
 * the lot is not of this building and promotion: the lots that may be attached to it (a main
 * lot's page: main lots without children, not itself) and the main lots its associated lots may
 * move under (every main lot but itself), each read along the promotion's lots.
 */
export const selectLotChoices = async (db: Queryable, promotionId: number, buildingId: number, lotId: number) => {
  const [row] = await rowsOf<LotChoicesRow>(
    db,
    sql`
      select lot.parent_id,
        (select coalesce(json_agg(x order by x.building, x.reference, x.id), '[]') from (
          select ${choiceColumns} from lots l join buildings cb on cb.id = l.building_id join lot_types t on t.id = l.lot_type_id
          where l.promotion_id = ${promotionId} and l.parent_id is null and l.id <> ${lotId} and lot.parent_id is null
            and not exists (select 1 from lots c where c.parent_id = l.id)
        ) x) as attachable,
        (select coalesce(json_agg(x order by x.building, x.reference, x.id), '[]') from (
          select ${choiceColumns} from lots l join buildings cb on cb.id = l.building_id join lot_types t on t.id = l.lot_type_id
          where l.promotion_id = ${promotionId} and l.parent_id is null and l.id <> ${lotId}
        ) x) as move_targets
      from lots lot
      where lot.id = ${lotId} and lot.promotion_id = ${promotionId} and lot.building_id = ${buildingId}
    `,
  );
  return row ?? null;
};

/** One lot with the screens' columns (after a change). */
export const selectLot = async (db: Queryable, lotId: number) => {
  const [row] = await rowsOf<LotRecord>(db, sql`select ${lotColumns} from lots l ${lotJoins} where l.id = ${lotId}`);
  return row ?? null;
};

export const insertBuilding = async (
  db: Queryable,
  values: { promotionId: number; title: string; city: string; street: string | null; zip: string | null },
) => {
  const [row] = await db.insert(buildings).values(values).returning({ id: buildings.id });
  return row.id;
};

export const updateBuildingRow = async (
  db: Queryable,
  promotionId: number,
  buildingId: number,
  values: { title: string; city: string; street: string | null; zip: string | null },
) => {
  const rows = await db
    .update(buildings)
    .set(values)
    .where(and(eq(buildings.id, buildingId), eq(buildings.promotionId, promotionId)))
    .returning({ id: buildings.id });
  return rows.length > 0;
};

/** Whether the building is of the promotion (a lot is created under it). */
export const buildingInPromotion = async (db: Queryable, promotionId: number, buildingId: number) => {
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, buildingId), eq(buildings.promotionId, promotionId)))
    .limit(1);
  return Boolean(row);
};

/** The stored fields of a lot a change reads and compares. */
const lockedColumns = {
  id: lots.id,
  promotionId: lots.promotionId,
  buildingId: lots.buildingId,
  parentId: lots.parentId,
  reference: lots.reference,
  title: lots.title,
  lotTypeId: lots.lotTypeId,
  floorId: lots.floorId,
  nbRooms: lots.nbRooms,
  nameChild: lots.nameChild,
  rawPrice: lots.rawPrice,
  priceIncluded: lots.priceIncluded,
  areaPpe: lots.areaPpe,
  areaHab: lots.areaHab,
  areaJar: lots.areaJar,
  areaBal: lots.areaBal,
  areaTer: lots.areaTer,
  exposure: lots.exposure,
  lotPpe: lots.lotPpe,
  feuilletPpe: lots.feuilletPpe,
};
export type LockedLot = { [K in keyof typeof lockedColumns]: (typeof lockedColumns)[K]['_']['data'] };

/**
 * The promotion's lots a change acts on (the lot, its new main lot), locked in id order until the
 * transaction ends, so that two changes on the same pair wait for each other rather than deadlock.
 */
export const lockLots = async (db: Queryable, promotionId: number, lotIds: number[]) => {
  const rows = await db
    .select(lockedColumns)
    .from(lots)
    .where(and(inArray(lots.id, lotIds), eq(lots.promotionId, promotionId)))
    .orderBy(asc(lots.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row as LockedLot]));
};

/** The associated lots of a lot (locked: they are dissociated when it is deleted). */
export const lockChildren = async (db: Queryable, lotId: number) =>
  db
    .select({ id: lots.id, reference: lots.reference, nameChild: lots.nameChild, priceIncluded: lots.priceIncluded })
    .from(lots)
    .where(eq(lots.parentId, lotId))
    .orderBy(asc(lots.id))
    .for('update');

export const hasChildren = async (db: Queryable, lotId: number) => {
  const [row] = await db.select({ id: lots.id }).from(lots).where(eq(lots.parentId, lotId)).limit(1);
  return Boolean(row);
};

/** The titles of the lot types and floors a change names (also: do they exist). */
export const referenceTitles = async (db: Queryable, typeIds: number[], floorIds: number[]) => {
  const [types, levels] = await Promise.all([
    db.select({ id: lotTypes.id, title: lotTypes.title }).from(lotTypes).where(inArray(lotTypes.id, typeIds)),
    db.select({ id: floors.id, title: floors.title }).from(floors).where(inArray(floors.id, floorIds)),
  ]);
  return { types: new Map(types.map((t) => [t.id, t.title])), floors: new Map(levels.map((f) => [f.id, f.title])) };
};

/** The references of some lots (the history names main lots by reference). */
export const lotReferences = async (db: Queryable, lotIds: number[]) => {
  if (lotIds.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: lots.id, reference: lots.reference }).from(lots).where(inArray(lots.id, lotIds));
  return new Map(rows.map((r) => [r.id, r.reference]));
};

export type LotColumnsUpdate = Partial<Omit<typeof lots.$inferInsert, 'id' | 'promotionId' | 'publicId' | 'createdAt'>>;

export const insertLot = async (db: Queryable, values: typeof lots.$inferInsert) => {
  const [row] = await db.insert(lots).values(values).returning({ id: lots.id });
  return row.id;
};

export const updateLotRow = async (db: Queryable, lotId: number, values: LotColumnsUpdate) => {
  if (Object.keys(values).length > 0) await db.update(lots).set(values).where(eq(lots.id, lotId));
};

/** Associated lots become main lots: no parent, and the fields only associated lots have are cleared. */
export const dissociateChildren = async (db: Queryable, parentId: number) =>
  db.update(lots).set({ parentId: null, nameChild: null, priceIncluded: false }).where(eq(lots.parentId, parentId));

export const deleteLotRow = async (db: Queryable, lotId: number) => db.delete(lots).where(eq(lots.id, lotId));

/** The building of the promotion, locked until the transaction ends (its deletion), or null. */
export const lockBuilding = async (db: Queryable, promotionId: number, buildingId: number) => {
  const [row] = await db
    .select({ id: buildings.id, title: buildings.title })
    .from(buildings)
    .where(and(eq(buildings.id, buildingId), eq(buildings.promotionId, promotionId)))
    .for('update');
  return row ?? null;
};

/** Every lot of a building (main and associated), locked in id order: no application is made on them meanwhile. */
export const lockBuildingLots = async (db: Queryable, promotionId: number, buildingId: number) =>
  db
    .select({ id: lots.id, reference: lots.reference })
    .from(lots)
    .where(and(eq(lots.promotionId, promotionId), eq(lots.buildingId, buildingId)))
    .orderBy(asc(lots.id))
    .for('update');

/**
 * The references of the lots among `lotIds` that carry a sales file the screens show: live, or
 * closed when another buyer's sale went through (a deleted one, `hidden`, is not shown anywhere).
 */
export const referencesWithApplications = async (db: Queryable, lotIds: number[]) => {
  if (lotIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ reference: lots.reference })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .where(and(inArray(applications.lotId, lotIds), eq(applications.hidden, false)))
    .orderBy(asc(lots.reference));
  return rows.map((row) => row.reference);
};

/** The associated lots in other buildings whose main lot is among `lotIds` (locked: they are dissociated). */
export const lockChildrenElsewhere = async (db: Queryable, buildingId: number, lotIds: number[]) => {
  if (lotIds.length === 0) return [];
  return db
    .select({ id: lots.id, parentId: lots.parentId, nameChild: lots.nameChild, priceIncluded: lots.priceIncluded })
    .from(lots)
    .where(and(inArray(lots.parentId, lotIds), ne(lots.buildingId, buildingId)))
    .orderBy(asc(lots.id))
    .for('update');
};

export const dissociateLots = async (db: Queryable, lotIds: number[]) =>
  lotIds.length === 0
    ? undefined
    : db.update(lots).set({ parentId: null, nameChild: null, priceIncluded: false }).where(inArray(lots.id, lotIds));

/** Deletes the building; its lots go with it (lots.building_id cascades, and with them their history and tasks). */
export const deleteBuildingRow = async (db: Queryable, buildingId: number) => db.delete(buildings).where(eq(buildings.id, buildingId));
