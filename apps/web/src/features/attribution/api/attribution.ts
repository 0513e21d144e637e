import { API, type AttributedApplication, type AttributeLotInput } from '@promovente/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { executeCommand } from '../../../lib/commands';
import { invalidateSalesQueries, SALES_QUERY_ROOTS } from '../../../lib/sales-queries';

export const attributionQueryKey = SALES_QUERY_ROOTS.attribution;

/** GET /lots/for-attribution: the promotion's main lots with the position each would give. */
export const attributionOptionsQueryOptions = (candidacyId: number) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'lots', candidacyId],
    queryFn: () => call(API.listAttributionLots, { query: { candidacy_id: candidacyId } }).then((answer) => answer.data),
  });

export const useAttributionOptions = (candidacyId: number, enabled: boolean) =>
  useQuery({ ...attributionOptionsQueryOptions(candidacyId), enabled });

/** GET /applications/partners: the candidacies the partner select offers. */
export const partnersQueryOptions = (candidacyId: number) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'partners', candidacyId],
    queryFn: () => call(API.listAttributionPartners, { query: { candidacy_id: candidacyId } }).then((answer) => answer.data),
  });

export const usePartners = (candidacyId: number, enabled: boolean) => useQuery({ ...partnersQueryOptions(candidacyId), enabled });

/** GET /attribution/candidacies: the lot's positions and the candidacies it may go to (lot row picker, docs/product/lots.md#screens). */
export const lotAttributionQueryOptions = (lotId: number, search: string) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'candidacies', lotId, search],
    queryFn: ({ signal }) =>
      call(API.listAttributionCandidacies, { query: { lot_id: lotId, search } }, { signal }).then((answer) => answer.data),
  });

/** Keeps the previous answer on screen while a new search loads. */
export const useLotAttributionOptions = (lotId: number, search: string, enabled: boolean) =>
  useQuery({ ...lotAttributionQueryOptions(lotId, search), enabled, placeholderData: keepPreviousData });

/** attributeLot on the candidacy (docs/product/calls.md#command-dispatcher). */
export const attributeLot = (candidacyId: number, fields: AttributeLotInput) => executeCommand('attributeLot', candidacyId, fields);

/** Attributes, toasts the server's message and refreshes every screen of the sales floor (the lot, the candidacy's status, the funnel). */
export const useAttributeLot = (candidacyId: number, onAttributed?: (application: AttributedApplication) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AttributeLotInput) => attributeLot(candidacyId, fields),
    onSuccess: async (answer) => {
      if (answer.message) toast.success(answer.message);
      await invalidateSalesQueries(queryClient);
      onAttributed?.(answer.data);
    },
  });
};
