import { idParamSchema } from '../contracts/common.js';
import { notificationCountSchema, notificationSchema, notificationsQuerySchema } from '../contracts/notifications.js';
import { dataOf, defineRoutes, messageSchema } from './route.js';

/**
 * The routes of the 'Notifications' domain (docs/architecture.md, 'The API catalogue'): each
 * user's own notifications, also before a candidate has replaced his e-mailed password (the
 * header's bell shows on the settings page).
 */
export const NOTIFICATIONS_API = defineRoutes({
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    summary: "Notifications de l'utilisateur (non lues ou toutes)",
    access: 'signedIn',
    beforePasswordChange: true,
    query: notificationsQuerySchema,
    response: dataOf(notificationSchema.array()),
    cache: true,
  },
  countNotifications: {
    method: 'GET',
    path: '/notifications/count',
    summary: 'Nombre de notifications non lues',
    access: 'signedIn',
    beforePasswordChange: true,
    response: notificationCountSchema,
    cache: true,
  },
  markNotificationRead: {
    method: 'PUT',
    path: '/notifications/:id/read',
    summary: 'Marquer une notification comme lue',
    access: 'signedIn',
    beforePasswordChange: true,
    params: idParamSchema,
    response: messageSchema,
  },
});
