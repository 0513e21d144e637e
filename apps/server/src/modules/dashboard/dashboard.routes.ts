import { canAccessRoute, dashboardQuerySchema, routeByName } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { loadDashboard } from './dashboard.service.js';

/**
 * The dashboard answers who may open its screen (docs/product/access.md#route-table and docs/product/layout.md): never candidates,
 * nor the light investor. The roles gate the route; canAccessRoute, the rule the client's menu
 * and guard follow, refuses the light investor right after the role check, before anything is parsed.
 */
const DASHBOARD = routeByName('dashboard');

export const dashboardRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics/dashboard',
    {
      config: { access: DASHBOARD.roles ?? [] },
      schema: { querystring: dashboardQuerySchema },
      onRequest: async (request) => {
        if (!canAccessRoute(actorOf(request), DASHBOARD)) throw forbidden();
      },
    },
    async (request) => ({ data: await loadDashboard(app.deps.database.db, actorOf(request), request.query) }),
  );
};
