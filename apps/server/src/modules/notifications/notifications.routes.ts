import { idParamSchema, notificationsQuerySchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { countUnread, listNotifications, markRead } from './notifications.service.js';

export const notificationsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const config = { access: 'authenticated', beforePasswordChange: true } as const;

  app.get('/notifications', { config, schema: { querystring: notificationsQuerySchema } }, async (request) => ({
    data: await listNotifications(db(), actorOf(request), request.query.filter),
  }));

  app.get('/notifications/count', { config }, async (request) => ({ count: await countUnread(db(), actorOf(request)) }));

  app.put('/notifications/:id/read', { config, schema: { params: idParamSchema } }, async (request) => {
    await markRead(db(), actorOf(request), request.params.id);
    return { message: 'Notification lue' };
  });
};
