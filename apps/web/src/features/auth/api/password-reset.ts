import { API, type PasswordResetInput } from '@promovente/shared';
import { call } from '../../../lib/api-client';

/** POST password/create: answers 200 whether or not the e-mail is known. */
export const requestPasswordReset = (email: string) => call(API.requestPasswordReset, { body: { email } }, { quiet: true });

/** GET password/find/{token}: the e-mail the reset link was sent to. */
export const findPasswordReset = (token: string) => call(API.findPasswordReset, { params: { token } }, { quiet: true }).then((r) => r.data);

/** POST password/reset. */
export const resetPassword = (input: PasswordResetInput) => call(API.resetPassword, { body: input }, { quiet: true });
