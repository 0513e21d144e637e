import { idParamSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { loadHome } from './home.service.js';

/** The home page of candidates, notaries and investors (docs/product/home.md#calls). */
export const homeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/promotions/:id/home', { config: { access: rolesWith('home.read') }, schema: { params: idParamSchema } }, async (request) =>
    loadHome(app.deps.database.db, actorOf(request), request.params.id),
  );
};
