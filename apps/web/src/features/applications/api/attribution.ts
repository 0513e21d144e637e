import type {
  AttributedApplication,
  AttributeLotInput,
  AttributionOptions,
  LotAttributionOptions,
  PartnerOption,
} from '@promovente/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { executeCommand } from '../../../lib/commands';

export const attributionQueryKey = ['attribution'] as const;

/** GET /lots/for-attribution: the promotion's main lots with the position each would give. */
export const attributionOptionsQueryOptions = (candidacyId: number) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'lots', candidacyId],
    queryFn: () =>
      api
        .get<{ data: AttributionOptions }>('lots/for-attribution', { query: { candidacy_id: candidacyId } })
        .then((response) => response.data),
  });

export const useAttributionOptions = (candidacyId: number, enabled: boolean) =>
  useQuery({ ...attributionOptionsQueryOptions(candidacyId), enabled });

/** GET /applications/partners: the candidacies the partner select offers. */
export const partnersQueryOptions = (candidacyId: number) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'partners', candidacyId],
    queryFn: () =>
      api
        .get<{ data: PartnerOption[] }>('applications/partners', { query: { candidacy_id: candidacyId } })
        .then((response) => response.data),
  });

export const usePartners = (candidacyId: number, enabled: boolean) => useQuery({ ...partnersQueryOptions(candidacyId), enabled });

/** GET /attribution/candidacies: the lot's positions and the candidacies it may go to (lot row picker, docs/product/lots.md#screens). */
export const lotAttributionQueryOptions = (lotId: number, search: string) =>
  queryOptions({
    queryKey: [...attributionQueryKey, 'candidacies', lotId, search],
    queryFn: ({ signal }) =>
      api
        .get<{ data: LotAttributionOptions }>('attribution/candidacies', { query: { lot_id: lotId, search }, signal })
        .then((response) => response.data),
  });

/** Keeps the previous answer on screen while a new search loads. */
export const useLotAttributionOptions = (lotId: number, search: string, enabled: boolean) =>
  useQuery({ ...lotAttributionQueryOptions(lotId, search), enabled, placeholderData: keepPreviousData });

/** attributeLot on the candidacy (docs/product/calls.md#command-dispatcher). */
export const attributeLot = (candidacyId: number, fields: AttributeLotInput) => executeCommand('attributeLot', candidacyId, fields);

/** Attributes, toasts the server's message and refreshes the picker; the screen refreshes its rows in onAttributed. */
export const useAttributeLot = (candidacyId: number, onAttributed?: (application: AttributedApplication) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AttributeLotInput) => attributeLot(candidacyId, fields),
    onSuccess: async (answer) => {
      if (answer.message) toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: attributionQueryKey });
      onAttributed?.(answer.data);
    },
  });
};
