import type { CandidateRecordDetail, CandidatesPage } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /candidates/:id: the record, its candidacies (promotion, VIP, applications, files) and the
 * threads about him the broker takes part in. Keyed under 'candidacies', so that a file or a
 * comment changed from the modals refreshes the record too.
 */
export const candidateRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['candidacies', 'candidate-record', id] as const,
    queryFn: ({ signal }) => api.get<{ data: CandidateRecordDetail }>(`candidates/${id}`, { signal }).then((answer) => answer.data),
  });

export const useCandidateRecord = (id: number | null) => useQuery({ ...candidateRecordQueryOptions(id ?? 0), enabled: id !== null });

/** GET /candidates?search=: the candidate search of the record (the current promotion's people), first page. */
export const useCandidateSearch = (search: string, promotionId: number | null) =>
  useQuery({
    queryKey: ['candidates', 'search', promotionId, search] as const,
    queryFn: ({ signal }) =>
      api.get<CandidatesPage>('candidates', { query: { search, promotion: promotionId ?? undefined, page: 1 }, signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
