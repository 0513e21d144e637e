import type { LoginInput, User } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userQueryKey } from '../../../lib/auth';
import { setToken } from '../../../lib/token';

type LoginResponse = { token: string; data: User };

/** POST login: stores the token for 30 days and primes the current user. */
export const signIn = async (queryClient: QueryClient, input: LoginInput): Promise<User> => {
  const response = await api.post<LoginResponse>('login', input);
  queryClient.clear();
  setToken(response.token);
  queryClient.setQueryData(userQueryKey, response.data);
  return response.data;
};
