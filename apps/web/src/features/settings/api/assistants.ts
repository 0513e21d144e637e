import type { Assistant, Broker } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const brokersQueryOptions = () =>
  queryOptions({
    queryKey: ['brokers'],
    queryFn: () => api.get<{ data: Broker[] }>('brokers').then((response) => response.data),
  });

export const useBrokers = () => useQuery(brokersQueryOptions());

export const addAssistant = (brokerId: number, assistantId: number) =>
  api.post<{ data: Assistant[] }>(`brokers/${brokerId}/assistants/${assistantId}`).then((response) => response.data);

export const removeAssistant = (brokerId: number, assistantId: number) =>
  api.delete<{ data: Assistant[] }>(`brokers/${brokerId}/assistants/${assistantId}`).then((response) => response.data);
