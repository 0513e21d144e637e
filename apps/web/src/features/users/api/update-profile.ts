import { API, type PasswordChangeInput, type ProfileUpdateInput } from '@promovente/shared';
import { call } from '../../../lib/api-client';

/** POST user/update (multipart); the avatar is the 150x150 PNG crop. */
export const updateProfile = (input: ProfileUpdateInput, avatar: Blob | null) => {
  const form = new FormData();
  form.set('first_name', input.first_name);
  form.set('last_name', input.last_name);
  form.set('email', input.email);
  if (avatar) form.set('avatar_file', avatar, 'avatar.png');
  return call(API.updateProfile, { form }, { quiet: true });
};

/** PUT user/password; `current_password` is left out on a candidate's forced first change. */
export const changePassword = (input: PasswordChangeInput) => call(API.changePassword, { body: input }, { quiet: true });

/** Account calls succeed only when the body says code "200" (docs/product/calls.md#conventions). */
export const isAccountSuccess = (response: { code?: unknown }) => String(response.code) === '200';
