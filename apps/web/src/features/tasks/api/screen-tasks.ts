import { type Actor, type ScreenTask, TASKS_PAGE_SIZE, type TaskGroupKey, type TasksScreenGroups } from '@promovente/shared';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type TasksGroupPage, type TasksScreenFilters, tasksScreenRequest } from '../tasks-screen';
import { tasksQueryKey } from './target-tasks';

const fetchScreenTasks = async (path: string, query: Record<string, string | number | undefined>, signal: AbortSignal) => {
  const response = await api.get<{ data: TasksScreenGroups }>(path, { query, quiet: true, signal });
  return response.data;
};

/**
 * The tasks screen's list (docs/product/tasks.md#screens): the first page of each group and the groups' totals,
 * or with `page` one group's page. Quiet: if loading fails the loader stops silently
 * (docs/product/errors.md#sales-pipeline 'Tasks list load failure'). Under the tasks key, so a task saved or
 * finished anywhere refreshes it.
 */
export const screenTasksQueryOptions = (
  actor: Pick<Actor, 'type'>,
  promotionId: number,
  filters: TasksScreenFilters,
  page?: TasksGroupPage,
) => {
  const { path, query } = tasksScreenRequest(actor, promotionId, filters, page);
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

/**
 * A group's rows beyond its first page ('Afficher plus'): pages of TASKS_PAGE_SIZE from the
 * end of the first page, asked only once the user wants more (`enabled`).
 */
export const useMoreScreenTasks = (
  actor: Pick<Actor, 'type'> | null,
  promotionId: number | null,
  filters: TasksScreenFilters,
  group: TaskGroupKey,
  enabled: boolean,
) => {
  const { path, query } = tasksScreenRequest(actor ?? { type: 'broker' }, promotionId ?? 0, filters, { group });
  return useInfiniteQuery({
    queryKey: [...tasksQueryKey, 'screen', path, query, 'more'],
    queryFn: ({ signal, pageParam }) => fetchScreenTasks(path, { ...query, offset: pageParam }, signal),
    initialPageParam: TASKS_PAGE_SIZE,
    getNextPageParam: (last, _pages, offset) => (offset + TASKS_PAGE_SIZE < last.totals[group] ? offset + TASKS_PAGE_SIZE : undefined),
    select: (data) => data.pages.flatMap((page): ScreenTask[] => page[group]),
    enabled: enabled && actor !== null && promotionId !== null,
  });
};
