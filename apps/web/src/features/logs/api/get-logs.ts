import type { LogsPage } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LogsFilter } from '../logs-view';

const fetchLogs = (filter: LogsFilter, signal: AbortSignal) => api.get<LogsPage>('logs', { query: filter, signal });

/** GET /logs: one page of the current promotion's history under the screen's filter (docs/product/calls.md#other-calls). */
export const logsQueryOptions = (filter: LogsFilter) =>
  queryOptions({
    queryKey: ['logs', filter],
    queryFn: ({ signal }) => fetchLogs(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useLogs = (filter: LogsFilter, enabled: boolean) => useQuery({ ...logsQueryOptions(filter), enabled });
