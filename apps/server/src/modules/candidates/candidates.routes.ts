import { idParamSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { getCandidate } from '../candidacies/candidacies.service.js';

/** The candidate record (route /candidate/{id}, spec part 1, 2.1); a candidate may load his own. */
export const candidatesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/candidates/:id', { config: { access: ['broker', 'candidate'] }, schema: { params: idParamSchema } }, async (request) => ({
    data: await getCandidate(app.deps.database.db, actorOf(request), request.params.id),
  }));
};
