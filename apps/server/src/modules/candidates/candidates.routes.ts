import { candidatesListQuerySchema, idParamSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { getCandidateRecord, listCandidates } from './candidates.service.js';

/**
 * The people behind the candidacies (docs/product/calls.md): the list the candidate record searches
 * (brokers, route /candidate/{id}, docs/product/access.md#route-table) and the record; a candidate may load his own.
 */
export const candidatesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/candidates',
    { config: { access: rolesWith('candidate.list') }, schema: { querystring: candidatesListQuerySchema } },
    async (request) => listCandidates(db(), actorOf(request), request.query),
  );

  app.get('/candidates/:id', { config: { access: rolesWith('candidate.read') }, schema: { params: idParamSchema } }, async (request) => ({
    data: await getCandidateRecord(db(), actorOf(request), request.params.id),
  }));
};
