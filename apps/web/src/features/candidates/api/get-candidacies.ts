import { API, type CandidaciesPage } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { SALES_QUERY_ROOTS } from '../../../lib/sales-queries';

export type CandidaciesQuery = Record<string, string>;

export const candidacyKeys = {
  all: SALES_QUERY_ROOTS.candidacies,
  list: (query: CandidaciesQuery) => ['candidacies', 'list', query] as const,
  detail: (id: number) => ['candidacies', 'detail', id] as const,
};

/** GET /candidacies: one page of the candidates table under the filters and the status arrows. */
export const candidaciesQueryOptions = (query: CandidaciesQuery) =>
  queryOptions({
    queryKey: candidacyKeys.list(query),
    // The screen reads the brokers' shape: a field outside the caller's audience (candidacyViewSchema)
    // is absent, and the screen does not show it to him (the same permission table).
    queryFn: ({ signal }) => call(API.listCandidacies, { query }, { signal }) as Promise<CandidaciesPage>,
    placeholderData: keepPreviousData,
  });

export const useCandidacies = (query: CandidaciesQuery, enabled: boolean) => useQuery({ ...candidaciesQueryOptions(query), enabled });
