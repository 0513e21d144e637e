import { API, type CandidacyDetail } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { candidacyKeys } from './get-candidacies';

/** GET /candidacies/:id: the full candidacy (candidate record, comments, files, tasks, promotion). */
export const candidacyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: candidacyKeys.detail(id),
    // Read in the brokers' shape: a field outside the caller's audience (candidacyViewSchema) is
    // absent, and the screens do not show it to him (the same permission table).
    queryFn: ({ signal }) => call(API.getCandidacy, { params: { id } }, { signal }).then((answer) => answer.data as CandidacyDetail),
  });

export const useCandidacy = (id: number | null) => useQuery({ ...candidacyQueryOptions(id ?? 0), enabled: id !== null });
