import { z } from 'zod';
import { idParamSchema } from '../contracts/common.js';
import {
  createApplicationTaskSchema,
  createLotTaskSchema,
  promotionTaskParamsSchema,
  taskSchema,
  updateTaskSchema,
} from '../contracts/tasks.js';
import { actionsQuerySchema, notaryTasksQuerySchema, tasksScreenGroupsSchema } from '../contracts/tasks-screen.js';
import { dataAndMessageOf, dataOf, defineRoutes } from './route.js';

/**
 * The routes of the 'Tâches' domain (docs/product/tasks.md#screens, docs/product/calls.md#tasks):
 * the tasks screen, one target's tasks, one task, and the lot and application tasks' own writes
 * (the other writes are the commands createAction, updateAction, markActionAsFinished).
 */
export const TASKS_API = defineRoutes({
  listTasks: {
    method: 'GET',
    path: '/actions',
    summary: "Tâches d'une cible (avec target et target_id), sinon l'écran des tâches ouvertes de la promotion par groupe",
    access: 'task.read',
    query: actionsQuerySchema,
    response: dataOf(z.union([taskSchema.array(), tasksScreenGroupsSchema])),
    cache: true,
  },
  listNotaryTasks: {
    method: 'GET',
    path: '/promotions/:id/notary/actions',
    summary: 'Tâches ouvertes de la promotion assignées au notaire, par groupe',
    access: 'task.listAssigned',
    params: idParamSchema,
    query: notaryTasksQuerySchema,
    response: dataOf(tasksScreenGroupsSchema),
    cache: true,
  },
  getTask: {
    method: 'GET',
    path: '/actions/:id',
    summary: 'Une tâche',
    access: 'task.read',
    params: idParamSchema,
    response: dataOf(taskSchema),
  },
  createLotTask: {
    method: 'POST',
    path: '/promotions/:id/lots/actions',
    summary: 'Ajouter une tâche sur un lot',
    access: 'task.create',
    params: idParamSchema,
    body: createLotTaskSchema,
    response: dataAndMessageOf(taskSchema),
  },
  updateLotTask: {
    method: 'PUT',
    path: '/promotions/:id/lots/actions/:actionId',
    summary: "Modifier une tâche d'un lot",
    access: 'task.edit',
    params: promotionTaskParamsSchema,
    body: updateTaskSchema,
    response: dataAndMessageOf(taskSchema),
  },
  createApplicationTask: {
    method: 'POST',
    path: '/promotions/:id/applications/actions',
    summary: 'Ajouter une tâche sur un dossier de vente',
    access: 'task.create',
    params: idParamSchema,
    body: createApplicationTaskSchema,
    response: dataAndMessageOf(taskSchema),
  },
  updateApplicationTask: {
    method: 'PUT',
    path: '/promotions/:id/applications/actions/:actionId',
    summary: "Modifier une tâche d'un dossier de vente",
    access: 'task.edit',
    params: promotionTaskParamsSchema,
    body: updateTaskSchema,
    response: dataAndMessageOf(taskSchema),
  },
});
