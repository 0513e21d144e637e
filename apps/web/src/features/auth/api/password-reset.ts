import type { PasswordResetInput } from '@promovente/shared';
import { api } from '../../../lib/api';

/** POST password/create: answers 200 whether or not the e-mail is known. */
export const requestPasswordReset = (email: string) => api.post<{ message: string }>('password/create', { email }, { quiet: true });

/** GET password/find/{token}: the e-mail the reset link was sent to. */
export const findPasswordReset = (token: string) =>
  api.get<{ data: { email: string } }>(`password/find/${encodeURIComponent(token)}`, { quiet: true }).then((r) => r.data);

/** POST password/reset. */
export const resetPassword = (input: PasswordResetInput) => api.post<{ message: string }>('password/reset', input, { quiet: true });
