import { type Actor, API, type ScreenTask, TASKS_PAGE_SIZE, type TaskGroupKey, type TasksScreenGroups } from '@promovente/shared';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { type TasksGroupPage, type TasksScreenFilters, type TasksScreenQuery, tasksScreenRequest } from '../tasks-screen';
import { tasksQueryKey } from './target-tasks';

/** A notary asks his own list, a broker the promotion's (tasksScreenRequest). */
const fetchScreenTasks = async (
  actor: Pick<Actor, 'type'>,
  promotionId: number,
  query: TasksScreenQuery,
  signal: AbortSignal,
): Promise<TasksScreenGroups> => {
  const options = { quiet: true, signal };
  if (actor.type === 'notary') return (await call(API.listNotaryTasks, { params: { id: promotionId }, query }, options)).data;
  const { data } = await call(API.listTasks, { query }, options);
  // Without a target, GET actions answers the screen's groups (the list of one target's tasks is an array).
  if (Array.isArray(data)) throw new Error("GET actions without a target answers the screen's groups");
  return data;
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
    queryFn: ({ signal }) => fetchScreenTasks(actor, promotionId, query, signal),
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
  const caller = actor ?? { type: 'broker' };
  const { path, query } = tasksScreenRequest(caller, promotionId ?? 0, filters, { group });
  return useInfiniteQuery({
    queryKey: [...tasksQueryKey, 'screen', path, query, 'more'],
    queryFn: ({ signal, pageParam }) => fetchScreenTasks(caller, promotionId ?? 0, { ...query, offset: pageParam }, signal),
    initialPageParam: TASKS_PAGE_SIZE,
    getNextPageParam: (last, _pages, offset) => (offset + TASKS_PAGE_SIZE < last.totals[group] ? offset + TASKS_PAGE_SIZE : undefined),
    select: (data) => data.pages.flatMap((page): ScreenTask[] => page[group]),
    enabled: enabled && actor !== null && promotionId !== null,
  });
};
