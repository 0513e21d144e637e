import {
  actionsQuerySchema,
  createApplicationTaskSchema,
  createLotTaskSchema,
  idParamSchema,
  notaryTasksQuerySchema,
  promotionTaskParamsSchema,
  rolesWith,
  TASK_MESSAGES,
  updateTaskSchema,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { listNotaryTasks, listScreenTasks } from './tasks.screen.service.js';
import { createTask, getTask, listTargetTasks, runTaskChange, updateTask } from './tasks.service.js';

export const tasksRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  // With target and target_id: one target's tasks; without: the broker's tasks screen (docs/product/tasks.md#screens).
  app.get('/actions', { config: { access: rolesWith('task.read') }, schema: { querystring: actionsQuerySchema } }, async (request) => {
    const { query } = request;
    if (query.target !== undefined) return { data: await listTargetTasks(db(), actorOf(request), query) };
    return { data: await listScreenTasks(db(), actorOf(request), query) };
  });

  app.get(
    '/promotions/:id/notary/actions',
    { config: { access: rolesWith('task.listAssigned') }, schema: { params: idParamSchema, querystring: notaryTasksQuerySchema } },
    async (request) => ({ data: await listNotaryTasks(db(), actorOf(request), request.params.id, request.query) }),
  );

  app.get('/actions/:id', { config: { access: rolesWith('task.read') }, schema: { params: idParamSchema } }, async (request) => ({
    data: await getTask(db(), actorOf(request), request.params.id),
  }));

  // Lot and application tasks by their own routes (docs/product/calls.md#tasks and docs/product/calls.md#direct-application-calls), sharing the commands' service.
  app.post(
    '/promotions/:id/lots/actions',
    { config: { access: rolesWith('task.create') }, schema: { params: idParamSchema, body: createLotTaskSchema } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      return {
        data: await runTaskChange(db(), actor, id, (tx) => createTask(tx, actor, id, request.body, 'lot', request.body.lot_id)),
        message: TASK_MESSAGES.created,
      };
    },
  );

  app.put(
    '/promotions/:id/lots/actions/:actionId',
    { config: { access: rolesWith('task.edit') }, schema: { params: promotionTaskParamsSchema, body: updateTaskSchema } },
    async (request) => {
      const { id, actionId } = request.params;
      return {
        data: await runTaskChange(db(), actorOf(request), id, (tx) => updateTask(tx, id, actionId, request.body, 'lot')),
        message: TASK_MESSAGES.updated,
      };
    },
  );

  app.post(
    '/promotions/:id/applications/actions',
    { config: { access: rolesWith('task.create') }, schema: { params: idParamSchema, body: createApplicationTaskSchema } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      return {
        data: await runTaskChange(db(), actor, id, (tx) =>
          createTask(tx, actor, id, request.body, 'application', request.body.application_id),
        ),
        message: TASK_MESSAGES.created,
      };
    },
  );

  app.put(
    '/promotions/:id/applications/actions/:actionId',
    { config: { access: rolesWith('task.edit') }, schema: { params: promotionTaskParamsSchema, body: updateTaskSchema } },
    async (request) => {
      const { id, actionId } = request.params;
      return {
        data: await runTaskChange(db(), actorOf(request), id, (tx) => updateTask(tx, id, actionId, request.body, 'application')),
        message: TASK_MESSAGES.updated,
      };
    },
  );
};
