import { dashboardQuerySchema, routeByName } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { loadDashboard } from './dashboard.service.js';

/** The dashboard answers the roles that may open its screen (spec part 1, 2.1): never candidates. */
const DASHBOARD_ROLES = routeByName('dashboard').roles ?? [];

export const dashboardRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics/dashboard',
    { config: { access: DASHBOARD_ROLES }, schema: { querystring: dashboardQuerySchema } },
    async (request) => ({ data: await loadDashboard(app.deps.database.db, actorOf(request), request.query) }),
  );
};
