import { NOTIFICATIONS_API } from '@promovente/shared';
import { notifications } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { countUnread, listNotifications, markRead } from './notifications.service.js';

/** The module's catalogued routes (packages/shared/src/api/notifications.ts), each with its handler. */
export const NOTIFICATIONS_HANDLERS = handlersOf(NOTIFICATIONS_API, {
  listNotifications: async ({ deps, actor, query }) => ({ data: await listNotifications(deps.db, actor, query.filter) }),
  countNotifications: async ({ deps, actor }) => ({ count: await countUnread(deps.db, actor) }),
  markNotificationRead: async ({ deps, actor, params }) => {
    await markRead(deps.db, actor, params.id);
    return { message: 'Notification lue' };
  },
});

/** The tables its cached routes read (platform/answer-reads.ts): the reader's own notifications, versioned under his scope (migration 0038). */
export const NOTIFICATIONS_READS = readsOf(NOTIFICATIONS_API, {
  listNotifications: [notifications],
  countNotifications: [notifications],
});
