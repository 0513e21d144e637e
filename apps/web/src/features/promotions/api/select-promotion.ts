import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userQueryKey } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

const preferencesQueryKey = [...userQueryKey, 'preferences'] as const;

/**
 * Changes the current promotion, then reloads preferences, filters and user under the global
 * overlay (docs/product/layout.md#promotion-picker); every other cached answer belonged to the previous promotion.
 */
export const selectPromotion = (queryClient: QueryClient, promotionId: number) =>
  withLoading(async () => {
    await api.put<{ promotion_id: number }>('user/promotion', { promotion: promotionId });
    await Promise.all([
      queryClient.fetchQuery({
        queryKey: preferencesQueryKey,
        queryFn: () => api.get<{ data: { selected_promotion: number | null } }>('user/preferences').then((r) => r.data),
        staleTime: 0,
      }),
      queryClient.refetchQueries({ queryKey: ['filters'] }),
      queryClient.refetchQueries({ queryKey: userQueryKey, exact: true }),
    ]);
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== userQueryKey[0] && query.queryKey[0] !== 'filters',
    });
  });
