import { API, type Notification } from '@promovente/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  unread: ['notifications', 'unread'] as const,
};

export const useNotificationCount = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.count,
    // Asked again when the live events say a notification changed (lib/live-events.ts): a
    // failure keeps the last count rather than toasting.
    queryFn: () => call(API.countNotifications, {}, { quiet: true }).then((response) => response.count),
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
