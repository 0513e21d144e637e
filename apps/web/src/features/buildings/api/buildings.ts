import type {
  BuildingAnswer,
  BuildingInput,
  BuildingLotDetail,
  BuildingLots,
  BuildingsList,
  LotAnswer,
  LotDeleteAnswer,
  LotFloor,
  LotType,
  UpdateLotFieldsInput,
} from '@promovente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';

/** The 'Lots' menu's calls (docs/product/promotion-administration.md#calls). */
export const buildingKeys = {
  all: ['buildings'] as const,
  list: (promotionId: number) => ['buildings', promotionId] as const,
  lots: (promotionId: number, buildingId: number) => ['buildings', promotionId, buildingId, 'lots'] as const,
  lot: (promotionId: number, buildingId: number, lotId: number) => ['buildings', promotionId, buildingId, 'lots', lotId] as const,
};

const base = (promotionId: number) => `promotions/${promotionId}/buildings`;

export const useBuildings = (promotionId: number) =>
  useQuery({
    queryKey: buildingKeys.list(promotionId),
    queryFn: ({ signal }) => api.get<BuildingsList>(base(promotionId), { signal }).then((r) => r.data),
  });

export const useBuildingLots = (promotionId: number, buildingId: number | null) =>
  useQuery({
    queryKey: buildingKeys.lots(promotionId, buildingId ?? 0),
    queryFn: ({ signal }) => api.get<BuildingLots>(`${base(promotionId)}/${buildingId}/lots`, { signal }).then((r) => r.data),
    enabled: buildingId !== null,
  });

export const useBuildingLot = (promotionId: number, buildingId: number | null, lotId: number | null) =>
  useQuery({
    queryKey: buildingKeys.lot(promotionId, buildingId ?? 0, lotId ?? 0),
    queryFn: ({ signal }) => api.get<BuildingLotDetail>(`${base(promotionId)}/${buildingId}/lots/${lotId}`, { signal }).then((r) => r.data),
    enabled: buildingId !== null && lotId !== null,
  });

/** GET lots_types and GET lots_floors: reference data, the same for every promotion. */
export const useLotTypes = () =>
  useQuery({
    queryKey: ['lots_types'],
    queryFn: ({ signal }) => api.get<{ data: LotType[] }>('lots_types', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLotFloors = () =>
  useQuery({
    queryKey: ['lots_floors'],
    queryFn: ({ signal }) => api.get<{ data: LotFloor[] }>('lots_floors', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Every change refreshes the menu's reads (and the sales lots screen, whose rows it changes).
 * A deletion only marks them stale: the screen leaves the deleted lot first, and the next screen
 * reads afresh (refetching the deleted lot's page would answer 404).
 */
const useChange = <Input, Answer extends { message: string }>(call: (input: Input) => Promise<Answer>, refetchNow = true) => {
  const queryClient = useQueryClient();
  const refetchType = refetchNow ? 'active' : 'none';
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: buildingKeys.all, refetchType });
      await queryClient.invalidateQueries({ queryKey: ['lots'], refetchType });
    },
  });
};

/** POST promotions/{id}/buildings, or POST promotions/{id}/buildings/{buildingId} (the update). */
export const useSaveBuilding = (promotionId: number) =>
  useChange(({ id, values }: { id: number | null; values: BuildingInput }) =>
    api.post<BuildingAnswer>(id === null ? base(promotionId) : `${base(promotionId)}/${id}`, values),
  );

export const useCreateLot = (promotionId: number) =>
  useChange(({ buildingId, values }: { buildingId: number; values: Record<string, unknown> }) =>
    api.post<LotAnswer>(`${base(promotionId)}/${buildingId}/lots`, values),
  );

/** PUT a lot: the edit form, and parent_id alone to attach, dissociate (null) or move. */
export const useUpdateLot = (promotionId: number) =>
  useChange(({ buildingId, lotId, values }: { buildingId: number; lotId: number; values: UpdateLotFieldsInput }) =>
    api.put<LotAnswer>(`${base(promotionId)}/${buildingId}/lots/${lotId}`, values),
  );

export const useDeleteLot = (promotionId: number) =>
  useChange(
    ({ buildingId, lotId }: { buildingId: number; lotId: number }) =>
      api.delete<LotDeleteAnswer>(`${base(promotionId)}/${buildingId}/lots/${lotId}`),
    false,
  );
