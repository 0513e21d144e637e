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

/** Those controls as a list call sends them (`listFiltersSchema`). */
export const lotFilterOf = (query: {
  buildings?: number[];
  floors?: number[];
  nb_rooms?: number[];
  price_min?: number;
  price_max?: number;
}): LotFilter => ({
  // Without duplicates: a list's verdict compares the count of the promotion's buildings with it.
  buildings: query.buildings && [...new Set(query.buildings)],
  floors: query.floors,
  nbRooms: query.nb_rooms,
  priceMin: query.price_min,
  priceMax: query.price_max,
});

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

/** Whether no control narrows the lots (lotFilterSql's parameters all null). */
export const isLotFilterEmpty = (filter: LotFilter): boolean =>
  !filter.buildings?.length &&
  !filter.floors?.length &&
  !filter.nbRooms?.length &&
  filter.priceMin === undefined &&
  filter.priceMax === undefined;

/**
 * The same controls as parameters on the lots aliased `alias` (docs/performance.md#patterns-for-lists):
 * one SQL text for every combination, a control left empty being a null parameter.
 */
export const lotFilterSql = (filter: LotFilter, alias: string): SQL => {
  const l = sql.raw(alias);
  const list = (values?: number[]) => sql.param(values?.length ? values : null);
  const bound = (value?: number) => sql.param(value ?? null);
  const [buildings, floors, nbRooms] = [list(filter.buildings), list(filter.floors), list(filter.nbRooms)];
  const [priceMin, priceMax] = [bound(filter.priceMin), bound(filter.priceMax)];
  return sql`(${buildings}::int[] is null or ${l}.building_id = any(${buildings}::int[]))
    and (${floors}::int[] is null or ${l}.floor_id = any(${floors}::int[]))
    and (${nbRooms}::numeric[] is null or ${l}.nb_rooms = any(${nbRooms}::numeric[]))
    and (${priceMin}::int is null or ${l}.raw_price >= ${priceMin}::int)
    and (${priceMax}::int is null or ${l}.raw_price <= ${priceMax}::int)`;
};
