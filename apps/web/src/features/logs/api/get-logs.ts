import { API } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { LogsFilter } from '../logs-view';

/** GET /logs: one page of the current promotion's history under the screen's filter (docs/product/calls.md#other-calls). */
export const logsQueryOptions = (filter: LogsFilter) =>
  queryOptions({
    queryKey: ['logs', filter],
    queryFn: ({ signal }) => call(API.listLogs, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useLogs = (filter: LogsFilter, enabled: boolean) => useQuery({ ...logsQueryOptions(filter), enabled });
