import { inArray, type SQL, sql } from 'drizzle-orm';
import { lots } from './schema/index.js';

/** The filter bar's lot controls (docs/product/layout.md#filter-bar): buildings, floors, rooms, price in CHF. */
export type LotFilter = {
  buildings?: number[];
  floors?: number[];
  nbRooms?: number[];
  priceMin?: number;
  priceMax?: number;
};

/**
 * The conditions those controls put on `lots`, shared by the lists and the dashboard. An empty
 * selection means no filter (the filter bar never sends one: 'Veuillez sélectionner au moins 1').
 */
export const lotFilterConditions = (filter: LotFilter): SQL[] => {
  const conditions: SQL[] = [];
  if (filter.buildings?.length) conditions.push(inArray(lots.buildingId, filter.buildings));
  if (filter.floors?.length) conditions.push(inArray(lots.floorId, filter.floors));
  if (filter.nbRooms?.length) conditions.push(inArray(lots.nbRooms, filter.nbRooms));
  if (filter.priceMin !== undefined) conditions.push(sql`${lots.rawPrice} >= ${filter.priceMin}`);
  if (filter.priceMax !== undefined) conditions.push(sql`${lots.rawPrice} <= ${filter.priceMax}`);
  return conditions;
};
