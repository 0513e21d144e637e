import { API, type Notification } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The unread count is polled every minute (docs/product/constants.md#timing). */
export const NOTIFICATION_POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const useNotificationCount = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.count,
    // A background poll: a failure keeps the last count rather than toasting every minute.
    queryFn: () => call(API.countNotifications, {}, { quiet: true }).then((response) => response.count),
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled,
  });

/** The unread list; a failed fetch shows an empty list (docs/product/errors.md#empty-states). */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: () =>
      call(API.listNotifications, { query: { filter: 'unread' } }, { quiet: true })
        .then((response) => response.data)
        .catch((): Notification[] => []),
    staleTime: 0,
  });

export const markNotificationRead = (id: number) => call(API.markNotificationRead, { params: { id } });
