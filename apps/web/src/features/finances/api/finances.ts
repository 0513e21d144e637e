import type { FinancesAnswer, FinancesInput } from '@promovente/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const financesQueryKey = (promotionId: number) => ['finances', promotionId] as const;

/** GET /finances?promotion_id={id}: the record (created empty on its first read) with today's sales figures. */
export const useFinances = (promotionId: number | null) =>
  useQuery({
    queryKey: financesQueryKey(promotionId ?? 0),
    queryFn: () => api.get<FinancesAnswer>('finances', { query: { promotion_id: promotionId } }).then((answer) => answer.data),
    enabled: promotionId !== null,
  });

/** PUT /finances/{id}: the full record; the answer replaces the cached one. */
export const useSaveFinances = (promotionId: number) => {
  const queryClient = useQueryClient();
  return (id: number, input: FinancesInput) =>
    api.put<FinancesAnswer>(`finances/${id}`, input).then((answer) => {
      queryClient.setQueryData(financesQueryKey(promotionId), answer.data);
      return answer;
    });
};
