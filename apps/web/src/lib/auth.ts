import { type Actor, homeRouteFor, routeByName, type User } from '@promovente/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { navigateTo } from './navigation';
import { isDemoMode } from './storage';
import { getToken, removeToken } from './token';

export const userQueryKey = ['user'] as const;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: () => api.get<{ data: User }>('user').then((response) => response.data),
  });

/** The signed-in user; nothing is asked when there is no token. */
export const useUser = () => useQuery({ ...userQueryOptions(), enabled: getToken() !== null });

export const actorOf = (user: User): Actor => ({
  id: user.id,
  type: user.type,
  admin: user.admin,
  restricted_access: user.restricted_access,
  agency_id: user.agency?.id ?? null,
});

/** A candidate who never changed his password (and is not a demo account) must do it first (docs/product/access.md#route-guard). */
export const mustChangePassword = (user: Pick<User, 'type' | 'number_connections' | 'is_demo'>) =>
  user.type === 'candidate' && user.number_connections === 0 && !user.is_demo && !isDemoMode();

export const FORCED_PASSWORD_PATH = '/settings?password=true';

export const homePathFor = (user: Pick<User, 'type'>) => routeByName(homeRouteFor(user.type)).path;

/** Signs out: tells the server (best effort), forgets the token and every cached answer. */
export const logout = async (queryClient: QueryClient) => {
  try {
    await api.post('logout', undefined, { quiet: true });
  } catch {
    // The token is dropped on this side whatever the server answered.
  }
  removeToken();
  queryClient.clear();
  navigateTo('/login');
};
