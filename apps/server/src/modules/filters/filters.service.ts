import { EMPTY_FILTER_OPTIONS, type FilterOptions, showsBrokerFilter } from '@promovente/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, buildings, floors, lots, promotionAgencies, promotions } from '../../db/schema/index.js';
import { resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { avatarUrl, fullName, membersOfType } from '../users/index.js';

/** GET app/filters: what the filter bar offers for the current promotion, all computed in SQL. */
export const loadFilterOptions = async (db: Db, actor: RequestActor, requested?: number): Promise<FilterOptions> => {
  const promotionId = await resolvePromotion(db, actor, requested);
  if (promotionId === null) return EMPTY_FILTER_OPTIONS;
  const mainLots = and(eq(lots.promotionId, promotionId), sql`${lots.parentId} is null`);
  const [promotionRows, buildingRows, floorRows, roomRows, priceRows, brokerRows, agencyRows] = await Promise.all([
    db
      .select({ id: promotions.id, title: promotions.title, multi_agency: promotions.multiAgency, crmUpdatedAt: promotions.crmUpdatedAt })
      .from(promotions)
      .where(eq(promotions.id, promotionId)),
    db
      .select({ id: buildings.id, title: buildings.title })
      .from(buildings)
      .where(eq(buildings.promotionId, promotionId))
      .orderBy(asc(buildings.title)),
    db
      .selectDistinct({ id: floors.id, floor: floors.number, title: floors.title, sortOrder: floors.sortOrder })
      .from(lots)
      .innerJoin(floors, eq(floors.id, lots.floorId))
      .where(mainLots)
      .orderBy(asc(floors.sortOrder)),
    db.selectDistinct({ rooms: lots.nbRooms }).from(lots).where(mainLots).orderBy(asc(lots.nbRooms)),
    db
      .select({ min: sql<number>`coalesce(min(${lots.rawPrice}), 0)`, max: sql<number>`coalesce(max(${lots.rawPrice}), 0)` })
      .from(lots)
      .where(mainLots),
    // The broker picker's names, for the roles whose screens show it (never candidates).
    showsBrokerFilter(actor.type) ? membersOfType(db, promotionId, 'broker') : Promise.resolve([]),
    db
      .select({ id: agencies.id, name: agencies.name })
      .from(promotionAgencies)
      .innerJoin(agencies, eq(agencies.id, promotionAgencies.agencyId))
      .where(eq(promotionAgencies.promotionId, promotionId))
      .orderBy(asc(agencies.name)),
  ]);
  const [price] = priceRows;
  const promotion = promotionRows[0];
  return {
    promotion: promotion
      ? {
          id: promotion.id,
          title: promotion.title,
          multi_agency: promotion.multi_agency,
          crm_updated_at: promotion.crmUpdatedAt?.toISOString() ?? null,
        }
      : null,
    buildings: buildingRows,
    floors: floorRows.map(({ id, floor, title }) => ({ id, floor, title })),
    nb_rooms: roomRows.map((r) => Number(r.rooms)),
    // The slider works in KCHF with a step of 10: bounds rounded outwards to tens of KCHF.
    price: {
      min: Math.floor(Number(price.min) / 10_000) * 10,
      max: Math.ceil(Number(price.max) / 10_000) * 10,
    },
    brokers: brokerRows.map((b) => ({ id: b.id, full_name: fullName(b), profile_picture: avatarUrl(b.picture) })),
    agencies: agencyRows,
  };
};
