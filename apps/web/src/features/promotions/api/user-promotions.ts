import { API } from '@promovente/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';

/**
 * GET user/promotions: the picker's list, a page at a time, filtered by title. Under the user's
 * key, so what refreshes the user (a promotion chosen, messages read) refreshes the list too.
 */
export const useUserPromotions = (search: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...userQueryKey, 'promotions', search.trim()],
    queryFn: ({ pageParam, signal }) =>
      call(API.listUserPromotions, { query: { search: search.trim() || undefined, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled,
  });
