import { API } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET brokers of a promotion: the assignees the task form offers. */
export const promotionBrokersQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: ['brokers', promotionId],
    queryFn: () => call(API.listBrokers, { query: { promotion: promotionId } }).then((response) => response.data),
  });

export const usePromotionBrokers = (promotionId: number, enabled = true) =>
  useQuery({ ...promotionBrokersQueryOptions(promotionId), enabled });
