import { API } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { SALES_QUERY_ROOTS } from '../../../lib/sales-queries';
import type { LotsVariant } from '../lots-view';

export type LotsQueryParams = Record<string, string>;

export const lotKeys = {
  all: SALES_QUERY_ROOTS.lots,
  list: (variant: LotsVariant, query: LotsQueryParams) => ['lots', 'list', variant, query] as const,
  detail: (id: number) => ['lots', 'detail', id] as const,
};

/** GET lots (staff) or GET /candidate/lots (the 'Grille des prix'), one page under the filters. */
export const lotsQueryOptions = (variant: LotsVariant, query: LotsQueryParams) =>
  queryOptions({
    queryKey: lotKeys.list(variant, query),
    queryFn: ({ signal }) =>
      variant === 'candidate' ? call(API.listCandidateLots, { query }, { signal }) : call(API.listLots, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useLots = (variant: LotsVariant, query: LotsQueryParams, enabled: boolean) =>
  useQuery({ ...lotsQueryOptions(variant, query), enabled });
