import { type Actor, API, homeRouteFor, routeByName, type User } from '@promovente/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { navigateTo } from './navigation';
import { isDemoMode } from './storage';
import { getToken, removeToken } from './token';

export const userQueryKey = ['user'] as const;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: () => call(API.getUser).then((response) => response.data),
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

/**
 * Demo mode (docs/decisions/018-faq-global-questions-and-demo-mode.md): a demo account or session
 * (`is_demo`), or a browser where the demo page stored demo mode. The one rule of the screens
 * that hide an upload in demo mode (documents, candidate files, photos, the FAQ file).
 */
export const inDemoMode = (user: Pick<User, 'is_demo'> | null | undefined, storedDemoMode: boolean = isDemoMode()) =>
  Boolean(user?.is_demo) || storedDemoMode;

/** A candidate who never changed his password (and is not in demo mode) must do it first (docs/product/access.md#route-guard). */
export const mustChangePassword = (user: Pick<User, 'type' | 'number_connections' | 'is_demo'>) =>
  user.type === 'candidate' && user.number_connections === 0 && !inDemoMode(user);

export const FORCED_PASSWORD_PATH = '/settings?password=true';

export const homePathFor = (user: Pick<User, 'type'>) => routeByName(homeRouteFor(user.type)).path;

/** Signs out: tells the server (best effort), forgets the token and every cached answer. */
export const logout = async (queryClient: QueryClient) => {
  try {
    await call(API.signOut, {}, { quiet: true });
  } catch {
    // The token is dropped on this side whatever the server answered.
  }
  removeToken();
  queryClient.clear();
  navigateTo('/login');
};
