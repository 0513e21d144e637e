import { API, type BuildingInput, type CreateLotInput, type UpdateLotFieldsInput } from '@promovente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../../lib/api-client';
import { lotKeys } from '../../lots';

/** The 'Lots' menu's calls (docs/product/promotion-administration.md#calls). */
export const buildingKeys = {
  all: ['buildings'] as const,
  list: (promotionId: number) => ['buildings', promotionId] as const,
  lots: (promotionId: number, buildingId: number) => ['buildings', promotionId, buildingId, 'lots'] as const,
  lot: (promotionId: number, buildingId: number, lotId: number) => ['buildings', promotionId, buildingId, 'lots', lotId] as const,
  choices: (promotionId: number, buildingId: number, lotId: number) =>
    ['buildings', promotionId, buildingId, 'lots', lotId, 'choices'] as const,
};

export const useBuildings = (promotionId: number) =>
  useQuery({
    queryKey: buildingKeys.list(promotionId),
    queryFn: ({ signal }) => call(API.listBuildings, { params: { id: promotionId } }, { signal }).then((r) => r.data),
  });

export const useBuildingLots = (promotionId: number, buildingId: number | null) =>
  useQuery({
    queryKey: buildingKeys.lots(promotionId, buildingId ?? 0),
    queryFn: ({ signal }) =>
      call(API.listBuildingLots, { params: { id: promotionId, buildingId: buildingId ?? 0 } }, { signal }).then((r) => r.data),
    enabled: buildingId !== null,
  });

export const useBuildingLot = (promotionId: number, buildingId: number | null, lotId: number | null) =>
  useQuery({
    queryKey: buildingKeys.lot(promotionId, buildingId ?? 0, lotId ?? 0),
    queryFn: ({ signal }) =>
      call(API.getBuildingLot, { params: { id: promotionId, buildingId: buildingId ?? 0, lotId: lotId ?? 0 } }, { signal }).then(
        (r) => r.data,
      ),
    enabled: buildingId !== null && lotId !== null,
  });

/** The lot page's pickers' choices, read when one opens (every lot of the promotion: not carried by the page). */
export const useBuildingLotChoices = (promotionId: number, buildingId: number, lotId: number) =>
  useQuery({
    queryKey: buildingKeys.choices(promotionId, buildingId, lotId),
    queryFn: ({ signal }) =>
      call(API.getBuildingLotChoices, { params: { id: promotionId, buildingId, lotId } }, { signal }).then((r) => r.data),
  });

/** GET lots_types and GET lots_floors: reference data, the same for every promotion. */
export const useLotTypes = () =>
  useQuery({
    queryKey: ['lots_types'],
    queryFn: ({ signal }) => call(API.listLotTypes, {}, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLotFloors = () =>
  useQuery({
    queryKey: ['lots_floors'],
    queryFn: ({ signal }) => call(API.listLotFloors, {}, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Every change refreshes the menu's reads (and the sales lots screen, whose rows it changes).
 * A deletion only marks them stale: the screen leaves the deleted lot first, and the next screen
 * reads afresh (refetching the deleted lot's page would answer 404).
 */
const useChange = <Input, Answer extends { message: string }>(change: (input: Input) => Promise<Answer>, refetchNow = true) => {
  const queryClient = useQueryClient();
  const refetchType = refetchNow ? 'active' : 'none';
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: buildingKeys.all, refetchType });
      await queryClient.invalidateQueries({ queryKey: lotKeys.all, refetchType });
    },
  });
};

/** POST promotions/{id}/buildings, or POST promotions/{id}/buildings/{buildingId} (the update). */
export const useSaveBuilding = (promotionId: number) =>
  useChange(({ id, values }: { id: number | null; values: BuildingInput }) =>
    id === null
      ? call(API.createBuilding, { params: { id: promotionId }, body: values })
      : call(API.updateBuilding, { params: { id: promotionId, buildingId: id }, body: values }),
  );

export const useCreateLot = (promotionId: number) =>
  useChange(({ buildingId, values }: { buildingId: number; values: Record<string, unknown> }) =>
    // The form's payload: every field of the lot, checked by the form's own schema before it is sent.
    call(API.createBuildingLot, { params: { id: promotionId, buildingId }, body: values as CreateLotInput }),
  );

/** PUT a lot: the edit form, and parent_id alone to attach, dissociate (null) or move. */
export const useUpdateLot = (promotionId: number) =>
  useChange(({ buildingId, lotId, values }: { buildingId: number; lotId: number; values: UpdateLotFieldsInput }) =>
    call(API.updateBuildingLot, { params: { id: promotionId, buildingId, lotId }, body: values }),
  );

export const useDeleteLot = (promotionId: number) =>
  useChange(
    ({ buildingId, lotId }: { buildingId: number; lotId: number }) =>
      call(API.deleteBuildingLot, { params: { id: promotionId, buildingId, lotId } }),
    false,
  );

/** DELETE promotions/{id}/buildings/{buildingId}: the building and its lots (refused while a lot carries a sales file). */
export const useDeleteBuilding = (promotionId: number) =>
  useChange((buildingId: number) => call(API.deleteBuilding, { params: { id: promotionId, buildingId } }));
