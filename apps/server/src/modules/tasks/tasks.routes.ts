import { TASK_MESSAGES, TASKS_API } from '@promovente/shared';
import { applications, candidacies, candidates, lots, promotions, promotionUsers, tasks, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { listNotaryTasks, listScreenTasks } from './tasks.screen.service.js';
import { createTask, getTask, listTargetTasks, runTaskChange, updateTask } from './tasks.service.js';

/** The tasks' calls (docs/product/calls.md#tasks), as catalogued in packages/shared/src/api/tasks.ts. */
export const TASKS_HANDLERS = handlersOf(TASKS_API, {
  // With target and target_id: one target's tasks; without: the broker's tasks screen (docs/product/tasks.md#screens).
  listTasks: async ({ deps, actor, query }) =>
    query.target !== undefined
      ? { data: await listTargetTasks(deps.db, actor, query) }
      : { data: await listScreenTasks(deps.db, actor, query) },
  listNotaryTasks: async ({ deps, actor, params, query }) => ({ data: await listNotaryTasks(deps.db, actor, params.id, query) }),
  getTask: async ({ deps, actor, params }) => ({ data: await getTask(deps.db, actor, params.id) }),

  // Lot and application tasks by their own routes (docs/product/calls.md#tasks and docs/product/calls.md#direct-application-calls), sharing the commands' service.
  createLotTask: async ({ deps, actor, params, body }) => ({
    data: await runTaskChange(deps, actor, params.id, (tx) => createTask(tx, actor, params.id, body, 'lot', body.lot_id)),
    message: TASK_MESSAGES.created,
  }),
  updateLotTask: async ({ deps, actor, params, body }) => ({
    data: await runTaskChange(deps, actor, params.id, (tx) => updateTask(tx, params.id, params.actionId, body, 'lot')),
    message: TASK_MESSAGES.updated,
  }),
  createApplicationTask: async ({ deps, actor, params, body }) => ({
    data: await runTaskChange(deps, actor, params.id, (tx) => createTask(tx, actor, params.id, body, 'application', body.application_id)),
    message: TASK_MESSAGES.created,
  }),
  updateApplicationTask: async ({ deps, actor, params, body }) => ({
    data: await runTaskChange(deps, actor, params.id, (tx) => updateTask(tx, params.id, params.actionId, body, 'application')),
    message: TASK_MESSAGES.updated,
  }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const TASKS_READS = readsOf(TASKS_API, {
  listTasks: [applications, candidacies, candidates, lots, promotions, promotionUsers, tasks, users],
  listNotaryTasks: [applications, candidacies, candidates, lots, promotionUsers, tasks, users],
});
