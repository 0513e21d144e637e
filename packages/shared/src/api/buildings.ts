import {
  buildingAnswerSchema,
  buildingInputSchema,
  buildingLotDetailSchema,
  buildingLotParamsSchema,
  buildingLotsSchema,
  buildingParamsSchema,
  buildingsListSchema,
  createLotSchema,
  lotAnswerSchema,
  updateLotFieldsSchema,
} from '../contracts/buildings.js';
import { idParamSchema } from '../contracts/common.js';
import { defineRoutes, messageSchema } from './route.js';

/**
 * The promotion record's 'Lots' menu (docs/product/promotion-administration.md#calls): brokers of
 * the promotion read (building.read); the writes re-check building.edit (admins) in the service,
 * after the ids (another promotion's building or lot answers 404 to everyone).
 */
export const BUILDINGS_API = defineRoutes({
  listBuildings: {
    method: 'GET',
    path: '/promotions/:id/buildings',
    summary: 'Immeubles de la promotion',
    access: 'building.read',
    params: idParamSchema,
    response: buildingsListSchema,
    cache: true,
  },
  createBuilding: {
    method: 'POST',
    path: '/promotions/:id/buildings',
    summary: 'Créer un immeuble',
    access: 'building.read',
    params: idParamSchema,
    body: buildingInputSchema,
    response: buildingAnswerSchema,
  },
  updateBuilding: {
    method: 'POST',
    path: '/promotions/:id/buildings/:buildingId',
    summary: 'Modifier un immeuble',
    access: 'building.read',
    params: buildingParamsSchema,
    body: buildingInputSchema,
    response: buildingAnswerSchema,
  },
  deleteBuilding: {
    method: 'DELETE',
    path: '/promotions/:id/buildings/:buildingId',
    summary: 'Supprimer un immeuble et ses lots',
    access: 'building.read',
    params: buildingParamsSchema,
    response: messageSchema,
  },
  listBuildingLots: {
    method: 'GET',
    path: '/promotions/:id/buildings/:buildingId/lots',
    summary: 'Un immeuble et ses lots principaux',
    access: 'building.read',
    params: buildingParamsSchema,
    response: buildingLotsSchema,
    cache: true,
  },
  createBuildingLot: {
    method: 'POST',
    path: '/promotions/:id/buildings/:buildingId/lots',
    summary: 'Créer un lot principal ou associé',
    access: 'building.read',
    params: buildingParamsSchema,
    body: createLotSchema,
    response: lotAnswerSchema,
  },
  getBuildingLot: {
    method: 'GET',
    path: '/promotions/:id/buildings/:buildingId/lots/:lotId',
    summary: 'Un lot avec son lot principal, ses lots associés et les choix des sélecteurs',
    access: 'building.read',
    params: buildingLotParamsSchema,
    response: buildingLotDetailSchema,
    cache: true,
  },
  updateBuildingLot: {
    method: 'PUT',
    path: '/promotions/:id/buildings/:buildingId/lots/:lotId',
    summary: 'Modifier un lot (associer, dissocier ou déplacer par parent_id)',
    access: 'building.read',
    params: buildingLotParamsSchema,
    body: updateLotFieldsSchema,
    response: lotAnswerSchema,
  },
  deleteBuildingLot: {
    method: 'DELETE',
    path: '/promotions/:id/buildings/:buildingId/lots/:lotId',
    summary: 'Supprimer un lot (ses lots associés sont dissociés)',
    access: 'building.read',
    params: buildingLotParamsSchema,
    response: messageSchema,
  },
});
