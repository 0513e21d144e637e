import { API, type TaskTarget } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { SALES_QUERY_ROOTS } from '../../../lib/sales-queries';

export const tasksQueryKey = SALES_QUERY_ROOTS.tasks;

/** GET actions of one target: open tasks, or with history every task newest first. */
export const targetTasksQueryOptions = (target: TaskTarget, targetId: number, history = false) =>
  queryOptions({
    queryKey: [...tasksQueryKey, target, targetId, history ? 'history' : 'open'],
    queryFn: () =>
      // With a target, GET actions answers that target's tasks (without, the screen's groups).
      call(API.listTasks, { query: { target, target_id: targetId, history: history ? '1' : undefined } }).then((answer) => {
        if (!Array.isArray(answer.data)) throw new Error("GET actions with a target answers that target's tasks");
        return answer.data;
      }),
  });

export const useTargetTasks = (target: TaskTarget, targetId: number, history = false, enabled = true) =>
  useQuery({ ...targetTasksQueryOptions(target, targetId, history), enabled });
