import { API } from '@promovente/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET promotions/{id}/home (docs/product/home.md#calls); its photo links are signed for 5 minutes. */
export const useHome = (promotionId: number | null) =>
  useQuery({
    queryKey: ['home', promotionId],
    queryFn: ({ signal }) => call(API.getHome, { params: { id: promotionId ?? 0 } }, { signal }),
    enabled: promotionId !== null,
    staleTime: 60_000,
    refetchInterval: 4 * 60_000,
  });
