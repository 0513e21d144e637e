import { idOf } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { loadFilterOptions } from './filters.service.js';

export const filtersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/app/filters',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({ promotion: idOf('Promotion invalide').optional() }) },
    },
    async (request) => ({ data: await loadFilterOptions(app.deps.database.db, actorOf(request), request.query.promotion) }),
  );
};
