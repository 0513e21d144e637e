import type { Task, TaskTarget } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const tasksQueryKey = ['tasks'] as const;

/** GET actions of one target: open tasks, or with history every task newest first. */
export const targetTasksQueryOptions = (target: TaskTarget, targetId: number, history = false) =>
  queryOptions({
    queryKey: [...tasksQueryKey, target, targetId, history ? 'history' : 'open'],
    queryFn: () =>
      api
        .get<{ data: Task[] }>('actions', { query: { target, target_id: targetId, history: history ? 1 : undefined } })
        .then((response) => response.data),
  });

export const useTargetTasks = (target: TaskTarget, targetId: number, history = false, enabled = true) =>
  useQuery({ ...targetTasksQueryOptions(target, targetId, history), enabled });
