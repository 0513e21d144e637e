import type { FilterOptions } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const filterOptionsQueryKey = ['filters'] as const;

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: filterOptionsQueryKey,
    queryFn: () => api.get<{ data: FilterOptions }>('app/filters').then((response) => response.data),
  });

export const useFilterOptions = () => useQuery(filterOptionsQueryOptions());
