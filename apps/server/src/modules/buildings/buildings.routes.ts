import {
  buildingInputSchema,
  buildingLotParamsSchema,
  buildingParamsSchema,
  createLotSchema,
  idParamSchema,
  rolesWith,
  updateLotFieldsSchema,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import {
  createBuilding,
  createBuildingLot,
  deleteBuildingLot,
  getBuildingLot,
  listBuildingLots,
  listBuildings,
  updateBuilding,
  updateBuildingLot,
} from './buildings.service.js';

/**
 * The promotion record's 'Lots' menu (docs/product/promotion-administration.md#calls): brokers of
 * the promotion read (building.read); the writes re-check building.edit (admins) in the service.
 */
export const buildingsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const access = rolesWith('building.read');

  app.get('/promotions/:id/buildings', { config: { access }, schema: { params: idParamSchema } }, async (request) =>
    listBuildings(db(), actorOf(request), request.params.id),
  );

  app.post(
    '/promotions/:id/buildings',
    { config: { access }, schema: { params: idParamSchema, body: buildingInputSchema } },
    async (request) => createBuilding(db(), actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/promotions/:id/buildings/:buildingId',
    { config: { access }, schema: { params: buildingParamsSchema, body: buildingInputSchema } },
    async (request) => updateBuilding(db(), actorOf(request), request.params.id, request.params.buildingId, request.body),
  );

  app.get('/promotions/:id/buildings/:buildingId/lots', { config: { access }, schema: { params: buildingParamsSchema } }, async (request) =>
    listBuildingLots(db(), actorOf(request), request.params.id, request.params.buildingId),
  );

  app.post(
    '/promotions/:id/buildings/:buildingId/lots',
    { config: { access }, schema: { params: buildingParamsSchema, body: createLotSchema } },
    async (request) => createBuildingLot(db(), actorOf(request), request.params.id, request.params.buildingId, request.body),
  );

  app.get(
    '/promotions/:id/buildings/:buildingId/lots/:lotId',
    { config: { access }, schema: { params: buildingLotParamsSchema } },
    async (request) => getBuildingLot(db(), actorOf(request), request.params.id, request.params.buildingId, request.params.lotId),
  );

  app.put(
    '/promotions/:id/buildings/:buildingId/lots/:lotId',
    { config: { access }, schema: { params: buildingLotParamsSchema, body: updateLotFieldsSchema } },
    async (request) =>
      updateBuildingLot(db(), actorOf(request), request.params.id, request.params.buildingId, request.params.lotId, request.body),
  );

  app.delete(
    '/promotions/:id/buildings/:buildingId/lots/:lotId',
    { config: { access }, schema: { params: buildingLotParamsSchema } },
    async (request) => deleteBuildingLot(db(), actorOf(request), request.params.id, request.params.buildingId, request.params.lotId),
  );
};
