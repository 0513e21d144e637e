import { API, type CandidateRecordDetail } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * GET /candidates/:id: the record, its candidacies (promotion, VIP, applications, files) and the
 * threads about him the broker takes part in. Keyed under 'candidacies', so that a file or a
 * comment changed from the modals refreshes the record too.
 */
export const candidateRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['candidacies', 'candidate-record', id] as const,
    // Read in the brokers' shape: a field outside the caller's audience (candidateRecordViewSchema)
    // is absent, and the record does not show it to him (the same permission table).
    queryFn: ({ signal }) => call(API.getCandidate, { params: { id } }, { signal }).then((answer) => answer.data as CandidateRecordDetail),
  });

export const useCandidateRecord = (id: number | null) => useQuery({ ...candidateRecordQueryOptions(id ?? 0), enabled: id !== null });

/** GET /candidates?search=: the candidate search of the record (the current promotion's people), first page. */
export const useCandidateSearch = (search: string, promotionId: number | null) =>
  useQuery({
    queryKey: ['candidates', 'search', promotionId, search] as const,
    queryFn: ({ signal }) => call(API.listCandidates, { query: { search, promotion: promotionId ?? undefined, page: 1 } }, { signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
