import { createTaskSchema, rolesWith, TASK_MESSAGES, type TaskTarget, updateTaskSchema } from '@promovente/shared';
import { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { defineCommand } from '../commands/index.js';
import { createTask, finishTask, updateTask } from './tasks.service.js';

/** createAction (spec part 1, 7): entity promotion; the target is one of candidacy_id, lot_id, application_id. */
export const createAction = defineCommand({
  name: 'createAction',
  entity: 'promotion',
  roles: rolesWith('task.create'),
  input: createTaskSchema,
  run: async ({ tx, actor, target }, input) => {
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
});

/** updateAction on an action: the edit form's fields. */
export const updateAction = defineCommand({
  name: 'updateAction',
  entity: 'action',
  roles: rolesWith('task.edit'),
  input: updateTaskSchema,
  run: async ({ tx, target }, input) => {
    const { task, log } = await updateTask(tx, target.promotionId, target.id, input);
    return { data: task, message: TASK_MESSAGES.updated, log };
  },
});

/** markActionAsFinished on an action: brokers, and notaries for their own tasks. */
export const markActionAsFinished = defineCommand({
  name: 'markActionAsFinished',
  entity: 'action',
  roles: rolesWith('task.finish'),
  input: z.object({}).passthrough(),
  run: async ({ tx, actor, target }) => {
    const { task, log } = await finishTask(tx, actor, target.promotionId, target.id);
    return { data: task, message: TASK_MESSAGES.finished, log };
  },
});

export const TASK_COMMANDS = [createAction, updateAction, markActionAsFinished];
