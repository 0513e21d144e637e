import { type CrmState, isCrmSendRunning } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the screen asks for the send's progress while it runs. */
export const CRM_POLL_MS = 1000;

export const crmQueryKey = (promotionId: number) => ['crm', promotionId] as const;

/** GET promotions/{id}/crm, polled while a send is under way (the button's loader). */
export const crmQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: crmQueryKey(promotionId),
    queryFn: () => api.get<CrmState>(`promotions/${promotionId}/crm`),
    refetchInterval: (query) => (isCrmSendRunning(query.state.data?.last_send?.status) ? CRM_POLL_MS : false),
  });

export const useCrmState = (promotionId: number) => useQuery(crmQueryOptions(promotionId));

/** PUT promotions/{id}/send-to-crm: the send is queued; the answer is the new state. */
export const sendToCrm = (promotionId: number) => api.put<CrmState>(`promotions/${promotionId}/send-to-crm`);

/** PUT promotions/{id}/crm (admins): connects or disconnects the promotion. */
export const setCrmConnected = (promotionId: number, connected: boolean) =>
  api.put<CrmState>(`promotions/${promotionId}/crm`, { crm_connected: connected });
