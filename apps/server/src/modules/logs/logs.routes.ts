import { logsQuerySchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { listLogs } from './logs.service.js';

/** The history screen's call (docs/product/calls.md#logs): brokers only (permission logs.read). */
export const logsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  app.get('/logs', { config: { access: rolesWith('logs.read') }, schema: { querystring: logsQuerySchema } }, async (request) =>
    listLogs(db(), actorOf(request), request.query),
  );
};
