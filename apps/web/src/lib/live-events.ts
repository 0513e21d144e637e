import type { User } from '@promovente/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryKey } from './auth';
import { SALES_QUERY_ROOTS } from './sales-queries';

/**
 * The live events (docs/architecture.md, 'Live events'): the signed-in screen keeps one
 * Server-Sent Events stream (GET /api/events) and asks again what an event says changed, so
 * that a lot another agency took, a position that moved, a message or a notification shows
 * without a reload, and nothing polls. The browser reconnects by itself and sends the last
 * event's id; when the server cannot replay what was missed, it says `resync` and every query
 * on screen is asked again.
 */

const SALES = [...Object.values(SALES_QUERY_ROOTS).map((key) => key[0]), 'candidates', 'dashboard', 'home', 'buildings', 'crm'];
const EVERYTHING = null;

/**
 * What each table's change may show on, by the first element of the query keys. A table not
 * named here changes everything on screen (a new table is never missed). The user's own query
 * holds the promotion's header (its title, the unread messages, the late tasks).
 */
export const ROOTS_OF_TABLE: Record<string, readonly string[] | typeof EVERYTHING> = {
  lots: SALES,
  action_lots: SALES,
  buildings: SALES,
  price_grid_imports: SALES,
  applications: SALES,
  candidacies: SALES,
  candidates: SALES,
  actions: [...SALES, 'user'],
  user_comments: SALES,
  crm_sends: ['crm', 'candidacies'],
  logs: ['logs'],
  files: ['library', 'candidacies', 'photoGroups', 'campaigns'],
  file_folders: ['library'],
  faq_questions: ['faq-questions'],
  campaigns: ['campaigns', 'marketing-reports'],
  campaign_files: ['campaigns'],
  marketing_reports: ['marketing-reports'],
  photo_groups: ['photoGroups', 'home'],
  photos: ['photoGroups', 'home'],
  planning_tasks: ['planning', 'home'],
  finances: ['finances', 'home'],
  threads: ['threads', 'user'],
  thread_messages: ['threads', 'user'],
  thread_reads: ['threads', 'user'],
  notifications: ['notifications'],
  users: ['user', 'promotion-people', 'person-options', 'brokers', 'outbox'],
  agencies: ['user', 'promotion-people', 'person-options', 'brokers', 'filters'],
  assistants: ['promotion-people', 'person-options', 'brokers'],
  lot_types: ['lots_types', 'filters', 'lots'],
  floors: ['lots_floors', 'filters', 'lots'],
  file_types: ['library'],
  // A promotion's record and its members: the promotion picker, the cards and every screen.
  promotions: EVERYTHING,
  promotion_user: EVERYTHING,
  promotion_agency: EVERYTHING,
};

/** Tables whose change in another promotion than the one on screen still shows: the picker and the cards. */
const SHOWN_FROM_EVERY_PROMOTION = new Set(['promotions', 'promotion_user', 'promotion_agency']);

export type LiveChange = { what: string; promotion?: number };

/**
 * The query roots a batch of changes asks again, or null for every query. A change of another
 * promotion than the one on screen shows only on the promotions' own lists.
 */
export const rootsToRefresh = (changes: readonly LiveChange[], currentPromotion: number | null): Set<string> | null => {
  const roots = new Set<string>();
  for (const change of changes) {
    const elsewhere = change.promotion !== undefined && change.promotion !== 0 && change.promotion !== currentPromotion;
    if (elsewhere) {
      if (SHOWN_FROM_EVERY_PROMOTION.has(change.what)) {
        roots.add('promotions');
        roots.add('user');
      }
      continue;
    }
    const shown = Object.hasOwn(ROOTS_OF_TABLE, change.what) ? ROOTS_OF_TABLE[change.what] : EVERYTHING;
    if (shown === EVERYTHING) return null;
    for (const root of shown) roots.add(root);
  }
  return roots;
};

/** Events arriving together (one command changes several tables) are applied once. */
export const LIVE_BATCH_MS = 150;

const refresh = (queryClient: QueryClient, roots: Set<string> | null) =>
  queryClient.invalidateQueries(
    roots === null ? undefined : { predicate: (query) => typeof query.queryKey[0] === 'string' && roots.has(query.queryKey[0]) },
  );

/** A stream the browser gave up on (a 503 from a stopping server, a 401) is opened again after this, doubled up to a minute. */
export const REOPEN_MS = { first: 3000, max: 60_000 };

/** Keeps the signed-in user's stream open while the screen is (see above). */
export const useLiveEvents = (user: Pick<User, 'id'> | null | undefined) => {
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let pending: LiveChange[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let wait = REOPEN_MS.first;
    const flush = () => {
      timer = null;
      const changes = pending;
      pending = [];
      const current = queryClient.getQueryData<User>(userQueryKey)?.preferences.selected_promotion ?? null;
      void refresh(queryClient, rootsToRefresh(changes, current));
    };
    const open = (afterGiveUp: boolean) => {
      const next = new EventSource('/api/events');
      source = next;
      next.addEventListener('open', () => {
        wait = REOPEN_MS.first;
        // A new stream knows nothing of what the given-up one missed: everything is asked again.
        if (afterGiveUp) void refresh(queryClient, null);
        afterGiveUp = false;
      });
      next.addEventListener('change', (event) => {
        try {
          pending.push(JSON.parse((event as MessageEvent<string>).data) as LiveChange);
        } catch {
          return;
        }
        timer ??= setTimeout(flush, LIVE_BATCH_MS);
      });
      next.addEventListener('resync', () => {
        pending = [];
        void refresh(queryClient, null);
      });
      // The browser reconnects by itself after a drop (Last-Event-ID), but gives up on an
      // answer that is not a stream: then it is opened again here.
      next.addEventListener('error', () => {
        if (next.readyState !== EventSource.CLOSED || source !== next) return;
        source = null;
        reopen = setTimeout(() => {
          reopen = null;
          if (document.visibilityState !== 'hidden') open(true);
        }, wait);
        wait = Math.min(wait * 2, REOPEN_MS.max);
      });
    };
    // A hidden tab gives its stream back: a browser keeps six connections per server over
    // HTTP/1.1, and a stream holds one for as long as it is open, so a broker with six tabs would
    // otherwise wait on all of them. Shown again, the tab opens a new stream and asks everything again.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (reopen) clearTimeout(reopen);
        reopen = null;
        source?.close();
        source = null;
      } else if (source === null) {
        open(true);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (document.visibilityState !== 'hidden') open(false);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      if (timer) clearTimeout(timer);
      if (reopen) clearTimeout(reopen);
      source?.close();
      source = null;
    };
  }, [queryClient, userId]);
};
