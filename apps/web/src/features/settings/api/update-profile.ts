import type { PasswordChangeInput, ProfileUpdateInput, User } from '@promovente/shared';
import { api } from '../../../lib/api';

type AccountResponse = { code: string; message: string };

/** POST user/update (multipart); the avatar is the 150x150 PNG crop. */
export const updateProfile = (input: ProfileUpdateInput, avatar: Blob | null) => {
  const form = new FormData();
  form.set('first_name', input.first_name);
  form.set('last_name', input.last_name);
  form.set('email', input.email);
  if (avatar) form.set('avatar_file', avatar, 'avatar.png');
  return api.post<AccountResponse & { data: User }>('user/update', form, { quiet: true });
};

/** PUT user/password; `current_password` is left out on a candidate's forced first change. */
export const changePassword = (input: PasswordChangeInput) => api.put<AccountResponse>('user/password', input, { quiet: true });

/** Account calls succeed only when the body says code "200" (docs/product/calls.md#conventions). */
export const isAccountSuccess = (response: { code?: unknown }) => String(response.code) === '200';
