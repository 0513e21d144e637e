import { NOTIFICATIONS_API } from '@promovente/shared';
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
