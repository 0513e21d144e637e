import { z } from 'zod';
import { textSchema } from './common.js';

/**
 * The notification e-mails a person can stop (docs/product/access.md#account-screen,
 * docs/decisions/025-mail-headers-and-salesforce-batches.md):
 *
 *   PUT  /user/notifications       signed in     { email_notifications }   'Mon compte'
 *   POST /unsubscribe/{token}      public        one-click (RFC 8058) and the confirmation page's button
 *   GET  /unsubscribe/{token}      public        303 to the confirmation page /unsubscribe/{token}
 *
 * The token is the user's own random secret: the link works without signing in.
 */

export const emailNotificationsSchema = z.object({
  email_notifications: z.boolean({ error: 'Indiquez si vous souhaitez recevoir les notifications par e-mail' }),
});
export type EmailNotificationsInput = z.infer<typeof emailNotificationsSchema>;

/** Any text: a token that is not one of ours is simply unknown (404), never a validation error. */
export const unsubscribeParamsSchema = z.object({ token: textSchema.max(200) });

/** Where the e-mails' unsubscribe links lead: the confirmation page (GET) and the one-click address (POST). */
export const unsubscribePagePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;
export const unsubscribeApiPath = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

// The screens' and e-mails' texts are EMAIL_NOTIFICATION_MESSAGES, in messages.ts (free of zod: the
// router names a page with them in the first load).
