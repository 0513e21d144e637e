import { idParamSchema } from '../contracts/common.js';
import {
  planningAnswerSchema,
  planningExportAnswerSchema,
  planningQuerySchema,
  planningTaskInputSchema,
  planningTasksAnswerSchema,
} from '../contracts/planning.js';
import { defineRoutes } from './route.js';

/**
 * The planning's calls (docs/product/planning.md#calls): its readers read and export
 * (planning.read), pilots write (planning.edit); each write answers the whole list.
 */
export const PLANNING_API = defineRoutes({
  getPlanning: {
    method: 'GET',
    path: '/planning',
    summary: 'Tâches du planning de la promotion et dates de vente prévues',
    access: 'planning.read',
    query: planningQuerySchema,
    response: planningAnswerSchema,
    cache: true,
  },
  exportPlanning: {
    method: 'GET',
    path: '/planning/export',
    summary: 'Lien signé du planning au format calendrier (.ics)',
    access: 'planning.read',
    query: planningQuerySchema,
    response: planningExportAnswerSchema,
  },
  createPlanningTask: {
    method: 'POST',
    path: '/planning',
    summary: 'Ajouter une tâche au planning',
    access: 'planning.edit',
    body: planningTaskInputSchema,
    response: planningTasksAnswerSchema,
  },
  updatePlanningTask: {
    method: 'PUT',
    path: '/planning/:id',
    summary: 'Modifier une tâche du planning',
    access: 'planning.edit',
    params: idParamSchema,
    body: planningTaskInputSchema,
    response: planningTasksAnswerSchema,
  },
  deletePlanningTask: {
    method: 'DELETE',
    path: '/planning/:id',
    summary: 'Supprimer une tâche du planning',
    access: 'planning.edit',
    params: idParamSchema,
    response: planningTasksAnswerSchema,
  },
});
