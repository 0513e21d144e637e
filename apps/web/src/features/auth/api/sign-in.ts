import { API, type LoginInput, type User } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';
import { isDemoMode } from '../../../lib/storage';
import { setToken } from '../../../lib/token';

/**
 * POST login: stores the token for 30 days and primes the current user. In demo mode (the demo
 * page stored it) the session is a demo session, so the server refuses what demo mode hides.
 */
export const signIn = async (queryClient: QueryClient, input: LoginInput): Promise<User> => {
  const response = await call(API.signIn, { body: { email: input.email, password: input.password, demo: isDemoMode() } });
  queryClient.clear();
  setToken(response.token);
  queryClient.setQueryData(userQueryKey, response.data);
  return response.data;
};
