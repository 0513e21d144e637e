import type { CandidaciesPage } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type CandidaciesQuery = Record<string, string>;

export const candidacyKeys = {
  all: ['candidacies'] as const,
  list: (query: CandidaciesQuery) => ['candidacies', 'list', query] as const,
  detail: (id: number) => ['candidacies', 'detail', id] as const,
};

/** GET /candidacies: one page of the candidates table under the filters and the status arrows. */
export const candidaciesQueryOptions = (query: CandidaciesQuery) =>
  queryOptions({
    queryKey: candidacyKeys.list(query),
    queryFn: ({ signal }) => api.get<CandidaciesPage>('candidacies', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useCandidacies = (query: CandidaciesQuery, enabled: boolean) => useQuery({ ...candidaciesQueryOptions(query), enabled });
