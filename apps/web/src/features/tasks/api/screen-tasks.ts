import type { Actor, TasksScreenGroups } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type TasksScreenFilters, tasksScreenRequest } from '../tasks-screen';
import { tasksQueryKey } from './target-tasks';

const fetchScreenTasks = async (path: string, query: Record<string, string | number | undefined>, signal: AbortSignal) => {
  const response = await api.get<{ data: TasksScreenGroups }>(path, { query, quiet: true, signal });
  return response.data;
};

/**
 * The tasks screen's list (docs/product/tasks.md#screens). Quiet: if loading fails the loader stops
 * silently (docs/product/errors.md#sales-pipeline 'Tasks list load failure'). Under the tasks key, so a task saved or
 * finished anywhere refreshes it.
 */
export const screenTasksQueryOptions = (actor: Pick<Actor, 'type'>, promotionId: number, filters: TasksScreenFilters) => {
  const { path, query } = tasksScreenRequest(actor, promotionId, filters);
  return queryOptions({
    queryKey: [...tasksQueryKey, 'screen', path, query],
    queryFn: ({ signal }) => fetchScreenTasks(path, query, signal),
    placeholderData: keepPreviousData,
  });
};

export const useScreenTasks = (actor: Pick<Actor, 'type'> | null, promotionId: number | null, filters: TasksScreenFilters) =>
  useQuery({
    ...screenTasksQueryOptions(actor ?? { type: 'broker' }, promotionId ?? 0, filters),
    enabled: actor !== null && promotionId !== null,
  });
