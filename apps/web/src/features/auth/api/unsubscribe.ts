import { API } from '@promovente/shared';
import { call } from '../../../lib/api-client';

/** POST unsubscribe/{token}: the e-mail's link turns the notification e-mails off, no sign-in needed. */
export const unsubscribe = (token: string) => call(API.unsubscribeEmails, { params: { token } }, { quiet: true });
