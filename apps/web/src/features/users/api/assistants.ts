import { API } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const brokersQueryOptions = () =>
  queryOptions({
    queryKey: ['brokers'],
    queryFn: () => call(API.listBrokers, { query: {} }).then((response) => response.data),
  });

export const useBrokers = () => useQuery(brokersQueryOptions());

export const addAssistant = (brokerId: number, assistantId: number) =>
  call(API.addAssistant, { params: { id: brokerId, assistantId } }).then((response) => response.data);

export const removeAssistant = (brokerId: number, assistantId: number) =>
  call(API.removeAssistant, { params: { id: brokerId, assistantId } }).then((response) => response.data);
