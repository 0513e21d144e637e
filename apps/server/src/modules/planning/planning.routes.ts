import { idParamSchema, planningQuerySchema, planningTaskInputSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { createPlanningTask, deletePlanningTask, exportPlanning, listPlanning, updatePlanningTask } from './planning.service.js';

/**
 * The planning's calls (docs/product/planning.md#calls): its readers read and export
 * (planning.read), pilots write (planning.edit); each write answers the whole list.
 */
export const planningRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const read = rolesWith('planning.read');
  const edit = rolesWith('planning.edit');

  app.get('/planning', { config: { access: read }, schema: { querystring: planningQuerySchema } }, async (request) =>
    listPlanning(db(), actorOf(request), request.query),
  );

  app.get('/planning/export', { config: { access: read }, schema: { querystring: planningQuerySchema } }, async (request) =>
    exportPlanning({ db: db(), storage: app.deps.storage }, actorOf(request), request.query),
  );

  app.post('/planning', { config: { access: edit }, schema: { body: planningTaskInputSchema } }, async (request) =>
    createPlanningTask(db(), actorOf(request), request.body),
  );

  app.put(
    '/planning/:id',
    { config: { access: edit }, schema: { params: idParamSchema, body: planningTaskInputSchema } },
    async (request) => updatePlanningTask(db(), actorOf(request), request.params.id, request.body),
  );

  app.delete('/planning/:id', { config: { access: edit }, schema: { params: idParamSchema } }, async (request) =>
    deletePlanningTask(db(), actorOf(request), request.params.id),
  );
};
