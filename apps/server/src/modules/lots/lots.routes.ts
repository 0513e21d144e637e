import { idParamSchema, lotsQuerySchema, publicLotParamsSchema, rolesWith, updateLotSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { exportLots, getLot, getPublicLot, listCandidateLots, listFloors, listLotTypes, listStaffLots, updateLot } from './lots.service.js';

export const lotsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  app.get('/lots', { config: { access: rolesWith('lot.read') }, schema: { querystring: lotsQuerySchema } }, async (request) =>
    listStaffLots(db(), actorOf(request), request.query),
  );

  app.get(
    '/candidate/lots',
    { config: { access: rolesWith('lot.readPriceGrid') }, schema: { querystring: lotsQuerySchema } },
    async (request) => listCandidateLots(db(), actorOf(request), request.query),
  );

  // 'Liste des lots': the filtered rows as an .xlsx, answered as a short-lived signed URL.
  app.get(
    '/lots/download',
    { config: { access: rolesWith('lot.download') }, schema: { querystring: lotsQuerySchema } },
    async (request) => ({
      data: await exportLots({ db: db(), storage: app.deps.storage }, actorOf(request), request.query),
    }),
  );

  app.get('/lots/public/:id', { config: { access: 'public' }, schema: { params: publicLotParamsSchema } }, async (request) => ({
    data: { data: await getPublicLot(db(), request.params.id) },
  }));

  app.get('/lots/:id', { config: { access: rolesWith('lot.read') }, schema: { params: idParamSchema } }, async (request) => ({
    data: await getLot(db(), actorOf(request), request.params.id),
  }));

  app.put(
    '/lots/:id',
    { config: { access: rolesWith('lot.edit') }, schema: { params: idParamSchema, body: updateLotSchema } },
    async (request) => updateLot(db(), actorOf(request), request.params.id, request.body),
  );

  app.get('/lots_types', { config: { access: 'authenticated' } }, async () => ({ data: await listLotTypes(db()) }));

  app.get('/lots_floors', { config: { access: 'authenticated' } }, async () => ({ data: await listFloors(db()) }));
};
