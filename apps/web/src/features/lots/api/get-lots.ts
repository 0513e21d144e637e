import type { CandidateLotRow, LotRow, LotsList } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LotsVariant } from '../lots-view';

export type LotsQueryParams = Record<string, string>;

export const lotKeys = {
  all: ['lots'] as const,
  list: (variant: LotsVariant, query: LotsQueryParams) => ['lots', 'list', variant, query] as const,
  detail: (id: number) => ['lots', 'detail', id] as const,
};

/** GET lots (staff) or GET /candidate/lots (the 'Grille des prix'), one page under the filters. */
export const lotsQueryOptions = (variant: LotsVariant, query: LotsQueryParams) =>
  queryOptions({
    queryKey: lotKeys.list(variant, query),
    queryFn: ({ signal }) =>
      variant === 'candidate'
        ? api.get<LotsList<CandidateLotRow>>('candidate/lots', { query, signal })
        : api.get<LotsList<LotRow>>('lots', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useLots = (variant: LotsVariant, query: LotsQueryParams, enabled: boolean) =>
  useQuery({ ...lotsQueryOptions(variant, query), enabled });
