import { API } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The filters the dashboard answers to; the unit (toKCHF) and the page are the client's business. */
const DASHBOARD_FILTERS = ['buildings', 'floors', 'nb_rooms', 'price_min', 'price_max', 'showMyAgency'] as const;

export const dashboardQuery = (serverQuery: Record<string, string>): Record<string, string> =>
  Object.fromEntries(DASHBOARD_FILTERS.filter((key) => serverQuery[key] !== undefined).map((key) => [key, serverQuery[key]]));

export const dashboardQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => call(API.getDashboard, { query }, { signal }).then((response) => response.data),
  });

/** GET analytics/dashboard for the current filters; the previous figures stay while new ones load. */
export const useDashboard = (serverQuery: Record<string, string>, enabled = true) =>
  useQuery({ ...dashboardQueryOptions(dashboardQuery(serverQuery)), placeholderData: keepPreviousData, enabled });
