import { API, type Task, type TaskFields, type TaskTarget, type UpdateTaskInput } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { executeCommand } from '../../../lib/commands';
import { tasksQueryKey } from './target-tasks';

type Saved = { data: Task; message?: string };

/**
 * Adds a task (docs/product/calls.md#tasks): a candidacy's through the createAction command, a lot's or an
 * application's through POST /promotions/{id}/{lots|applications}/actions.
 */
export const createTask = (promotionId: number, target: TaskTarget, targetId: number, fields: TaskFields) => {
  if (target === 'candidacy') {
    return executeCommand('createAction', promotionId, { ...fields, promotion_id: promotionId, candidacy_id: targetId });
  }
  const params = { id: promotionId };
  if (target === 'lot') return call(API.createLotTask, { params, body: { ...fields, lot_id: targetId } });
  return call(API.createApplicationTask, { params, body: { ...fields, application_id: targetId } });
};

/** Edits a task: updateAction for a candidacy's, PUT /promotions/{id}/{lots|applications}/actions/{actionId} otherwise. */
export const updateTask = (task: Pick<Task, 'id' | 'promotion_id' | 'target'>, fields: UpdateTaskInput) => {
  if (task.target === 'candidacy') return executeCommand('updateAction', task.id, fields);
  const params = { id: task.promotion_id, actionId: task.id };
  if (task.target === 'lot') return call(API.updateLotTask, { params, body: fields });
  return call(API.updateApplicationTask, { params, body: fields });
};

/** markActionAsFinished on an action (docs/product/calls.md#command-dispatcher). */
export const finishTask = (taskId: number) => executeCommand('markActionAsFinished', taskId);

/** Runs a task change, toasts the server's message and refreshes every task list. */
export const useTaskMutation = <Args>(call: (args: Args) => Promise<Saved>, onSaved?: (task: Task) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (saved) => {
      if (saved.message) toast.success(saved.message);
      await queryClient.invalidateQueries({ queryKey: tasksQueryKey });
      onSaved?.(saved.data);
    },
  });
};
