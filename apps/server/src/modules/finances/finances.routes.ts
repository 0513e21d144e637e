import { canAccessRoute, financesInputSchema, financesQuerySchema, idParamSchema, rolesWith, routeByName } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { getFinances, saveFinances } from './finances.service.js';

/**
 * The finances' calls (docs/product/finances.md#calls). The menu shows Finances to pilots and
 * non-light investors; the route's closedToLightInvestor (canAccessRoute, the rule of the menu
 * and the client's guard) refuses the light investor here too, before anything is parsed.
 */
const FINANCES = routeByName('finances');

export const financesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const refuseLightInvestor = async (request: Parameters<typeof actorOf>[0]) => {
    if (!canAccessRoute(actorOf(request), FINANCES)) throw forbidden();
  };

  app.get(
    '/finances',
    { config: { access: rolesWith('finances.read') }, schema: { querystring: financesQuerySchema }, onRequest: refuseLightInvestor },
    async (request) => getFinances(db(), actorOf(request), request.query.promotion_id),
  );

  app.put(
    '/finances/:id',
    {
      config: { access: rolesWith('finances.edit') },
      schema: { params: idParamSchema, body: financesInputSchema },
      onRequest: refuseLightInvestor,
    },
    async (request) => saveFinances(db(), actorOf(request), request.params.id, request.body),
  );
};
