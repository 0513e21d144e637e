import { attributionQuerySchema, lotAttributionQuerySchema, partnersQuerySchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { attributionOptions, lotAttributionOptions, partnerOptions } from './attribution.js';

/**
 * What the 'assign lot' modals need (docs/product/validation.md#assign-lot): the lots and the partners from a
 * candidacy row, the candidacies from a lot row (docs/product/lots.md#screens).
 */
export const attributionRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/lots/for-attribution',
    { config: { access: rolesWith('lot.attribute') }, schema: { querystring: attributionQuerySchema } },
    async (request) => ({ data: await attributionOptions(db(), actorOf(request), request.query.candidacy_id) }),
  );

  app.get(
    '/applications/partners',
    { config: { access: rolesWith('lot.attribute') }, schema: { querystring: partnersQuerySchema } },
    async (request) => ({
      data: await partnerOptions(db(), actorOf(request), request.query.candidacy_id, request.query.search),
    }),
  );

  app.get(
    '/attribution/candidacies',
    { config: { access: rolesWith('lot.attribute') }, schema: { querystring: lotAttributionQuerySchema } },
    async (request) => ({ data: await lotAttributionOptions(db(), actorOf(request), request.query.lot_id, request.query.search) }),
  );
};
