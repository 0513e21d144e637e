import { API } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { tasksQueryKey } from './target-tasks';

/** GET actions/{id}: one task, fresh. */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...tasksQueryKey, 'one', id],
    queryFn: () => call(API.getTask, { params: { id } }).then((answer) => answer.data),
  });

export const useTask = (id: number, enabled = true) => useQuery({ ...taskQueryOptions(id), enabled });
