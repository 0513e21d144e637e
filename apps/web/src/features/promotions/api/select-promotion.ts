import { API } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

const preferencesQueryKey = [...userQueryKey, 'preferences'] as const;

/**
 * Changes the current promotion, then reloads preferences, filters and user under the global
 * overlay (docs/product/layout.md#promotion-picker); every other cached answer belonged to the previous promotion.
 */
export const selectPromotion = (queryClient: QueryClient, promotionId: number) =>
  withLoading(async () => {
    await call(API.selectUserPromotion, { body: { promotion: promotionId } });
    await Promise.all([
      queryClient.fetchQuery({
        queryKey: preferencesQueryKey,
        queryFn: () => call(API.getUserPreferences).then((r) => r.data),
        staleTime: 0,
      }),
      queryClient.refetchQueries({ queryKey: ['filters'] }),
      queryClient.refetchQueries({ queryKey: userQueryKey, exact: true }),
    ]);
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== userQueryKey[0] && query.queryKey[0] !== 'filters',
    });
  });
