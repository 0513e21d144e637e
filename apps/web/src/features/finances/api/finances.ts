import { API, type FinancesInput } from '@promovente/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const financesQueryKey = (promotionId: number) => ['finances', promotionId] as const;

/** GET /finances?promotion_id={id}: the record (created empty on its first read) with today's sales figures. */
export const useFinances = (promotionId: number | null) =>
  useQuery({
    queryKey: financesQueryKey(promotionId ?? 0),
    queryFn: () => call(API.getFinances, { query: { promotion_id: promotionId ?? 0 } }).then((answer) => answer.data),
    enabled: promotionId !== null,
  });

/** PUT /finances/{id}: the full record; the answer replaces the cached one. */
export const useSaveFinances = (promotionId: number) => {
  const queryClient = useQueryClient();
  return (id: number, input: FinancesInput) =>
    call(API.saveFinances, { params: { id }, body: input }).then((answer) => {
      queryClient.setQueryData(financesQueryKey(promotionId), answer.data);
      return answer;
    });
};
