import { API } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { lotKeys } from './get-lots';

/** GET /lots/:id: the lot with its associated lots, history (action_lots) and open tasks. */
export const lotQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lotKeys.detail(id),
    queryFn: ({ signal }) => call(API.getLot, { params: { id } }, { signal }).then((response) => response.data),
    staleTime: 0,
  });

export const useLot = (id: number | null) => useQuery({ ...lotQueryOptions(id ?? 0), enabled: id !== null });
