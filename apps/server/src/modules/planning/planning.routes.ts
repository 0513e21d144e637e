import { PLANNING_API } from '@promovente/shared';
import { applications, lots, planningTasks, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { createPlanningTask, deletePlanningTask, exportPlanning, listPlanning, updatePlanningTask } from './planning.service.js';

/**
 * The planning's calls (docs/product/planning.md#calls), as catalogued in
 * packages/shared/src/api/planning.ts: its readers read and export (planning.read), pilots
 * write (planning.edit); each write answers the whole list.
 */
export const PLANNING_HANDLERS = handlersOf(PLANNING_API, {
  getPlanning: async ({ deps, actor, query }) => listPlanning(deps.db, actor, query),
  exportPlanning: async ({ deps, actor, query }) => exportPlanning(deps, actor, query),
  createPlanningTask: async ({ deps, actor, body }) => createPlanningTask(deps, actor, body),
  updatePlanningTask: async ({ deps, actor, params, body }) => updatePlanningTask(deps, actor, params.id, body),
  deletePlanningTask: async ({ deps, actor, params }) => deletePlanningTask(deps, actor, params.id),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const PLANNING_READS = readsOf(PLANNING_API, {
  getPlanning: [applications, lots, planningTasks, promotions],
});
