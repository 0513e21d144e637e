import { API, isCrmSendRunning } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** How often the screen asks for the send's progress while it runs... */
export const CRM_POLL_MS = 1000;
/** ...and while it waits an hour for Salesforce's daily API limit. */
export const CRM_WAITING_POLL_MS = 60_000;

export const crmQueryKey = (promotionId: number) => ['crm', promotionId] as const;

/** GET promotions/{id}/crm, polled while a send is under way (the button's loader). */
export const crmQueryOptions = (promotionId: number) =>
  queryOptions({
    queryKey: crmQueryKey(promotionId),
    queryFn: () => call(API.getCrmState, { params: { id: promotionId } }),
    refetchInterval: (query) => {
      const status = query.state.data?.last_send?.status;
      if (status === 'waiting') return CRM_WAITING_POLL_MS;
      return isCrmSendRunning(status) ? CRM_POLL_MS : false;
    },
  });

export const useCrmState = (promotionId: number) => useQuery(crmQueryOptions(promotionId));

/** PUT promotions/{id}/send-to-crm: the send is queued; the answer is the new state. */
export const sendToCrm = (promotionId: number) => call(API.sendToCrm, { params: { id: promotionId } });

/** PUT promotions/{id}/crm (admins): connects or disconnects the promotion. */
export const setCrmConnected = (promotionId: number, connected: boolean) =>
  call(API.setCrmConnection, { params: { id: promotionId }, body: { crm_connected: connected } });
