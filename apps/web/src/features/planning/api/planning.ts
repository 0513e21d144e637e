import { API, type PlanningAnswer, type PlanningTaskInput, type PlanningTasksAnswer } from '@promovente/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const planningQueryKey = (promotionId: number) => ['planning', promotionId] as const;

/** GET /planning?promotion_id={id}: the tasks and the sales lane. */
export const planningQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: planningQueryKey(promotionId),
    queryFn: () => call(API.getPlanning, { query: { promotion_id: promotionId } }),
  });

export const usePlanning = (promotionId: number | null) =>
  useQuery({ ...planningQueryOptions(promotionId ?? 0), enabled: promotionId !== null });

/** POST, PUT and DELETE /planning: each answers the full list, which replaces the cached tasks. */
export const usePlanningCalls = (promotionId: number) => {
  const queryClient = useQueryClient();
  const replace = (answer: PlanningTasksAnswer) => {
    queryClient.setQueryData<PlanningAnswer>(planningQueryKey(promotionId), (current) => ({
      data: answer.data,
      sales: current?.sales ?? [],
    }));
    return answer;
  };
  return {
    create: (input: PlanningTaskInput) => call(API.createPlanningTask, { body: input }).then(replace),
    update: (id: number, input: PlanningTaskInput) => call(API.updatePlanningTask, { params: { id }, body: input }).then(replace),
    remove: (id: number) => call(API.deletePlanningTask, { params: { id } }).then(replace),
  };
};

/** GET /planning/export: the .ics file behind a short-lived signed URL, opened like the other exports. */
export const useExportPlanning = () =>
  useMutation({
    mutationFn: (promotionId: number) =>
      call(API.exportPlanning, { query: { promotion_id: promotionId } }).then((answer) => answer.data.url),
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });
