import { API, type UnreadSummary } from '@promovente/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { userQueryKey } from './auth';

/**
 * The user's unread messages per promotion (GET threads/promotions-unread-summary), the one
 * source of the header's badges: the 'Messages' entry (the current promotion's) and the
 * promotion picker (each promotion's, and the others' on its button). Asked again when the live
 * events say a conversation changed (lib/live-events.ts), and when a thread is read or answered
 * (docs/product/messages.md#states).
 */
export const unreadSummaryKey = ['threads', 'unread-summary'] as const;

export const useUnreadSummary = (enabled = true) =>
  useQuery({
    queryKey: unreadSummaryKey,
    // Asked in the background: a failure keeps the last counts rather than toasting.
    queryFn: () => call(API.getUnreadSummary, {}, { quiet: true }).then((response) => response.data),
    enabled,
  });

/** The unread messages of one promotion. */
export const unreadIn = (summary: UnreadSummary, promotionId: number | null | undefined) =>
  promotionId === null || promotionId === undefined ? 0 : (summary[String(promotionId)] ?? 0);

/** The unread messages of every promotion. */
export const unreadTotal = (summary: UnreadSummary) => Object.values(summary).reduce((sum, count) => sum + count, 0);

/** After a read or a reply: the badges and the user's counts are asked again. */
export const refreshUnread = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: unreadSummaryKey }), queryClient.invalidateQueries({ queryKey: userQueryKey })]);
