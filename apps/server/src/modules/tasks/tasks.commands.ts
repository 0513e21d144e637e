import { TASK_MESSAGES, type TaskTarget } from '@promovente/shared';
import { notFound } from '../../platform/errors.js';
import type { CommandHandlers } from '../commands/index.js';
import { createTask, finishTask, updateTask } from './tasks.service.js';

/** The task commands; their entity, input and roles are in the shared command catalogue. */
export const TASK_COMMANDS = {
  /** createAction (docs/product/calls.md#command-dispatcher): entity promotion; the target is one of candidacy_id, lot_id, application_id. */
  createAction: async ({ tx, actor, target }, input) => {
    if (input.promotion_id !== undefined && input.promotion_id !== target.promotionId) throw notFound();
    const [kind, id]: [TaskTarget, number] =
      input.candidacy_id != null
        ? ['candidacy', input.candidacy_id]
        : input.lot_id != null
          ? ['lot', input.lot_id]
          : ['application', input.application_id as number];
    const { task, log } = await createTask(tx, actor, target.promotionId, input, kind, id);
    return { data: task, message: TASK_MESSAGES.created, log };
  },

  /** updateAction on an action: the edit form's fields. */
  updateAction: async ({ tx, target }, input) => {
    const { task, log } = await updateTask(tx, target.promotionId, target.id, input);
    return { data: task, message: TASK_MESSAGES.updated, log };
  },

  /** markActionAsFinished on an action: brokers, and notaries for their own tasks. */
  markActionAsFinished: async ({ tx, actor, target }) => {
    const { task, log } = await finishTask(tx, actor, target.promotionId, target.id);
    return { data: task, message: TASK_MESSAGES.finished, log };
  },
} satisfies Partial<CommandHandlers>;
