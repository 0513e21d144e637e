import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { buildings, lots, priceGridImports } from '../../db/schema/index.js';
import type { CurrentLot, LotValues } from './price-grid.rules.js';

/** The promotion's buildings, by name for the grid's 'Immeuble' column. */
export const selectBuildings = (db: Queryable, promotionId: number) =>
  db.select({ id: buildings.id, title: buildings.title }).from(buildings).where(eq(buildings.promotionId, promotionId));

/**
 * Every lot of the promotion (main and associated) with what the plan compares. `lock` holds
 * them until the apply's transaction ends, so that no change slips between its check and its writes.
 */
export const selectPromotionLots = async (db: Queryable, promotionId: number, lock = false): Promise<CurrentLot[]> => {
  const query = db
    .select({
      id: lots.id,
      reference: lots.reference,
      parentId: lots.parentId,
      status: lots.status,
      title: lots.title,
      buildingId: lots.buildingId,
      floorId: lots.floorId,
      typeId: lots.lotTypeId,
      nb_rooms: lots.nbRooms,
      area_hab: lots.areaHab,
      area_ppe: lots.areaPpe,
      area_jar: lots.areaJar,
      area_bal: lots.areaBal,
      area_ter: lots.areaTer,
      exposure: lots.exposure,
      raw_price: lots.rawPrice,
      lot_ppe: lots.lotPpe,
      feuillet_ppe: lots.feuilletPpe,
    })
    .from(lots)
    .where(eq(lots.promotionId, promotionId));
  const rows = lock ? await query.for('update') : await query;
  // numeric columns may come back as text from one driver and as numbers from the other.
  return rows.map((row) => ({
    ...row,
    nb_rooms: Number(row.nb_rooms),
    area_hab: Number(row.area_hab),
    area_ppe: Number(row.area_ppe),
    area_jar: Number(row.area_jar),
    area_bal: Number(row.area_bal),
    area_ter: Number(row.area_ter),
  }));
};

/**
 * Creates main lots in one statement; answers their ids with their references (unique in a
 * plan). The rows travel as one jsonb parameter: 16 bound parameters a lot would cost the
 * driver and the planner far more (about 1 s per 1,000 lots on PostgreSQL, against 0.1 s).
 */
export const insertLots = async (db: Queryable, promotionId: number, rows: { reference: string; values: LotValues }[]) => {
  if (rows.length === 0) return [];
  const payload = JSON.stringify(rows.map(({ reference, values }) => ({ reference, ...values })));
  return rowsOf<{ id: number; reference: string }>(
    db,
    sql`
    insert into lots (promotion_id, reference, title, building_id, floor_id, lot_type_id, nb_rooms, area_hab, area_ppe,
      area_jar, area_bal, area_ter, exposure, raw_price, lot_ppe, feuillet_ppe)
    select ${promotionId}::int, v.reference, v.title, v."buildingId", v."floorId", v."typeId", v.nb_rooms, v.area_hab, v.area_ppe,
      v.area_jar, v.area_bal, v.area_ter, v.exposure, v.raw_price, v.lot_ppe, v.feuillet_ppe
    from jsonb_to_recordset(${payload}::jsonb) as v(
      reference text, title text, "buildingId" int, "floorId" int, "typeId" int,
      nb_rooms numeric, area_hab numeric, area_ppe numeric, area_jar numeric, area_bal numeric, area_ter numeric,
      exposure text, raw_price int, lot_ppe text, feuillet_ppe text
    )
    returning id, reference
  `,
  );
};

/**
 * Sets the new values of many lots in one statement: the rows travel as one jsonb parameter
 * (jsonb_to_recordset), whatever their number, and only the promotion's lots can be touched.
 */
export const updateLots = async (db: Queryable, promotionId: number, rows: { id: number; values: LotValues }[]) => {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map(({ id, values }) => ({ id, ...values })));
  await db.execute(sql`
    update lots l set
      title = v.title, building_id = v."buildingId", floor_id = v."floorId", lot_type_id = v."typeId",
      nb_rooms = v.nb_rooms, area_hab = v.area_hab, area_ppe = v.area_ppe,
      area_jar = v.area_jar, area_bal = v.area_bal, area_ter = v.area_ter,
      exposure = v.exposure, raw_price = v.raw_price, lot_ppe = v.lot_ppe, feuillet_ppe = v.feuillet_ppe
    from jsonb_to_recordset(${payload}::jsonb) as v(
      id int, title text, "buildingId" int, "floorId" int, "typeId" int,
      nb_rooms numeric, area_hab numeric, area_ppe numeric, area_jar numeric, area_bal numeric, area_ter numeric,
      exposure text, raw_price int, lot_ppe text, feuillet_ppe text
    )
    where l.id = v.id and l.promotion_id = ${promotionId}
  `);
};

/** Stores a read grid; the promotion's expired imports go in the same statement's transaction. */
export const insertImport = async (
  db: Queryable,
  values: { promotionId: number; createdById: number; fileName: string; rows: unknown[]; refused: unknown[]; expiresAt: Date },
) => {
  await db
    .delete(priceGridImports)
    .where(and(eq(priceGridImports.promotionId, values.promotionId), lt(priceGridImports.expiresAt, new Date())));
  const [row] = await db.insert(priceGridImports).values(values).returning({ id: priceGridImports.id });
  return row.id;
};

/** An import of the promotion (another promotion's id is no import: null), locked when applied. */
export const selectImport = async (db: Queryable, promotionId: number, importId: number, lock = false) => {
  const query = db
    .select()
    .from(priceGridImports)
    .where(and(eq(priceGridImports.id, importId), eq(priceGridImports.promotionId, promotionId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

export const markApplied = (db: Queryable, importId: number) =>
  db.update(priceGridImports).set({ status: 'applied', appliedAt: new Date() }).where(eq(priceGridImports.id, importId));
