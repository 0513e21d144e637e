import { API } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const filterOptionsQueryKey = ['filters'] as const;

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: filterOptionsQueryKey,
    queryFn: () => call(API.getFilterOptions, { query: {} }).then((response) => response.data),
  });

export const useFilterOptions = () => useQuery(filterOptionsQueryOptions());
