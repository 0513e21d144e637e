import type { Task, TaskFields, TaskTarget, UpdateTaskInput } from '@promovente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
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
  const kind = target === 'lot' ? 'lots' : 'applications';
  return api.post<Saved>(`promotions/${promotionId}/${kind}/actions`, { ...fields, [`${target}_id`]: targetId });
};

/** Edits a task: updateAction for a candidacy's, PUT /promotions/{id}/{lots|applications}/actions/{actionId} otherwise. */
export const updateTask = (task: Pick<Task, 'id' | 'promotion_id' | 'target'>, fields: UpdateTaskInput) => {
  if (task.target === 'candidacy') return executeCommand('updateAction', task.id, fields);
  const kind = task.target === 'lot' ? 'lots' : 'applications';
  return api.put<Saved>(`promotions/${task.promotion_id}/${kind}/actions/${task.id}`, fields);
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
