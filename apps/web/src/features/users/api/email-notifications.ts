import { API } from '@promovente/shared';
import { call } from '../../../lib/api-client';

/** PUT user/notifications: 'Recevoir les notifications par e-mail'. */
export const setEmailNotifications = (wanted: boolean) => call(API.setEmailNotifications, { body: { email_notifications: wanted } });
