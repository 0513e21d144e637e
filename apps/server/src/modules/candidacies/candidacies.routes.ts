import { candidaciesAllQuerySchema, candidaciesListQuerySchema, idParamSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { downloadCandidacies, getCandidacy, listCandidacies, listCandidacyOptions } from './candidacies.service.js';

/** The candidates screen's calls (docs/product/calls.md#candidates-and-candidacies). */
export const candidaciesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/candidacies',
    { config: { access: rolesWith('candidacy.list') }, schema: { querystring: candidaciesListQuerySchema } },
    async (request) => listCandidacies(db(), actorOf(request), request.query),
  );

  app.get(
    '/candidacies/all',
    { config: { access: rolesWith('candidacy.list') }, schema: { querystring: candidaciesAllQuerySchema } },
    async (request) => ({
      data: await listCandidacyOptions(db(), actorOf(request), request.query.promotion),
    }),
  );

  app.get(
    '/candidacies/download',
    { config: { access: rolesWith('candidacy.download') }, schema: { querystring: candidaciesListQuerySchema } },
    async (request) => downloadCandidacies({ db: db(), storage: app.deps.storage }, actorOf(request), request.query),
  );

  app.get(
    '/candidacies/:id',
    {
      config: { access: rolesWith('candidacy.read') },
      schema: { params: idParamSchema },
    },
    async (request) => ({ data: await getCandidacy(db(), actorOf(request), request.params.id) }),
  );
};
