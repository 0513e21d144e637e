import { BUILDINGS_API } from '@promovente/shared';
import { buildings, floors, lots, lotTypes, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import {
  createBuilding,
  createBuildingLot,
  deleteBuilding,
  deleteBuildingLot,
  getBuildingLot,
  getBuildingLotChoices,
  listBuildingLots,
  listBuildings,
  updateBuilding,
  updateBuildingLot,
} from './buildings.service.js';

/**
 * The promotion record's 'Lots' menu (docs/product/promotion-administration.md#calls), as
 * catalogued in packages/shared/src/api/buildings.ts: brokers of the promotion read
 * (building.read); the writes re-check building.edit (admins) in the service.
 */
export const BUILDINGS_HANDLERS = handlersOf(BUILDINGS_API, {
  listBuildings: async ({ deps, actor, params }) => listBuildings(deps.db, actor, params.id),
  createBuilding: async ({ deps, actor, params, body }) => createBuilding(deps, actor, params.id, body),
  updateBuilding: async ({ deps, actor, params, body }) => updateBuilding(deps, actor, params.id, params.buildingId, body),
  deleteBuilding: async ({ deps, actor, params }) => deleteBuilding(deps, actor, params.id, params.buildingId),
  listBuildingLots: async ({ deps, actor, params }) => listBuildingLots(deps.db, actor, params.id, params.buildingId),
  createBuildingLot: async ({ deps, actor, params, body }) => createBuildingLot(deps, actor, params.id, params.buildingId, body),
  getBuildingLot: async ({ deps, actor, params }) => getBuildingLot(deps.db, actor, params.id, params.buildingId, params.lotId),
  getBuildingLotChoices: async ({ deps, actor, params }) =>
    getBuildingLotChoices(deps.db, actor, params.id, params.buildingId, params.lotId),
  updateBuildingLot: async ({ deps, actor, params, body }) =>
    updateBuildingLot(deps, actor, params.id, params.buildingId, params.lotId, body),
  deleteBuildingLot: async ({ deps, actor, params }) => deleteBuildingLot(deps, actor, params.id, params.buildingId, params.lotId),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const BUILDINGS_READS = readsOf(BUILDINGS_API, {
  listBuildings: [buildings, lots, promotions],
  listBuildingLots: [buildings, floors, lotTypes, lots, promotions],
  getBuildingLot: [buildings, floors, lotTypes, lots, promotions],
  getBuildingLotChoices: [buildings, lotTypes, lots, promotions],
});
