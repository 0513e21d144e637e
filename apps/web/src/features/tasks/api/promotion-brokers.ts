import type { Broker } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET brokers of a promotion: the assignees the task form offers. */
export const promotionBrokersQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: ['brokers', promotionId],
    queryFn: () => api.get<{ data: Broker[] }>('brokers', { query: { promotion: promotionId } }).then((response) => response.data),
  });

export const usePromotionBrokers = (promotionId: number, enabled = true) =>
  useQuery({ ...promotionBrokersQueryOptions(promotionId), enabled });
