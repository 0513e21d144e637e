import type { Task } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { tasksQueryKey } from './target-tasks';

/** GET actions/{id}: one task, fresh. */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...tasksQueryKey, 'one', id],
    queryFn: () => api.get<{ data: Task }>(`actions/${id}`).then((response) => response.data),
  });

export const useTask = (id: number, enabled = true) => useQuery({ ...taskQueryOptions(id), enabled });
