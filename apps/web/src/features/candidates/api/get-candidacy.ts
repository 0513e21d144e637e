import type { CandidacyDetail } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { candidacyKeys } from './get-candidacies';

/** GET /candidacies/:id: the full candidacy (candidate record, comments, files, tasks, promotion). */
export const candidacyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: candidacyKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: CandidacyDetail }>(`candidacies/${id}`, { signal }).then((response) => response.data),
  });

export const useCandidacy = (id: number | null) => useQuery({ ...candidacyQueryOptions(id ?? 0), enabled: id !== null });
