import { API } from '@promovente/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET admin/mails: a page of the e-mails, newest first (docs/product/mails.md). */
export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['outbox', page],
    queryFn: ({ signal }) => call(API.listOutboxMails, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
