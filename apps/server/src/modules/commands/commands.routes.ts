import { idSchema, textOf, textSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { executeCommand } from './commands.service.js';

const target = {
  entity: textOf({ error: 'Entité requise' }).max(40),
  entity_id: idSchema,
  additionnal_fields: z.record(z.string(), z.unknown()).optional().default({}),
};

/**
 * Both shapes of the spec: { name, params: { entity, entity_id, additionnal_fields } } or flat.
 * The nested one is flattened first, so that a refused field is named whatever the shape.
 */
const executeBodySchema = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && 'params' in body && body.params !== null && typeof body.params === 'object'
      ? { ...body.params, name: (body as { name?: unknown }).name }
      : body,
  z.object({ name: textOf({ error: 'Commande requise' }).max(60), ...target }),
);

export const commandsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, jobs: app.deps.jobs, config: app.deps.config, storage: app.deps.storage });

  app.post('/app/executeCommand', { config: { access: 'authenticated' }, schema: { body: executeBodySchema } }, async (request) => {
    return executeCommand(deps(), app.commands, actorOf(request), request.body);
  });

  app.post(
    '/commands/:name',
    {
      config: { access: 'authenticated' },
      schema: { params: z.object({ name: textSchema.max(60) }), body: z.object(target) },
    },
    async (request) => executeCommand(deps(), app.commands, actorOf(request), { name: request.params.name, ...request.body }),
  );
};
