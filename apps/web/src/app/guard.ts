import { canAccessRoute, type RouteDef, type User } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, redirect } from 'react-router';
import { filterOptionsQueryOptions } from '../features/filters/api/get-filter-options';
import { ApiError } from '../lib/api';
import { FORCED_PASSWORD_PATH, homePathFor, mustChangePassword, userQueryOptions } from '../lib/auth';
import { saveRedirectTarget } from '../lib/storage';
import { getToken } from '../lib/token';

/** Where a signed-in user may not stay (docs/product/access.md#route-guard); null lets him in. */
export const redirectFor = (route: RouteDef, user: User, url: URL): string | null => {
  if (!route.roles || route.roles.length === 0) return null;
  if (mustChangePassword(user)) {
    const onForcedSettings = route.name === 'settings' && url.searchParams.get('password') === 'true';
    return onForcedSettings ? null : FORCED_PASSWORD_PATH;
  }
  return canAccessRoute(user, route) ? null : '/401';
};

const targetOf = (url: URL) => `${url.pathname}${url.search}`;

const loadUser = async (queryClient: QueryClient, url: URL): Promise<User> => {
  if (!getToken()) {
    saveRedirectTarget(targetOf(url));
    throw redirect('/login');
  }
  try {
    return await queryClient.ensureQueryData(userQueryOptions());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) saveRedirectTarget(targetOf(url));
    throw redirect('/login');
  }
};

/** The route guard: loads the user and the filters when missing, then checks the role. */
export const guardLoader =
  (queryClient: QueryClient, route: RouteDef): LoaderFunction =>
  async ({ request }) => {
    if (!route.roles || route.roles.length === 0) return null;
    const url = new URL(request.url);
    const user = await loadUser(queryClient, url);
    const to = redirectFor(route, user, url);
    if (to) throw redirect(to);
    // Until the password is changed the server refuses the filters; the screens do without.
    if (!mustChangePassword(user)) await queryClient.ensureQueryData(filterOptionsQueryOptions()).catch(() => undefined);
    return null;
  };

/** "/": the home of the user's type when signed in, else the login. */
export const homeLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!getToken()) throw redirect('/login');
    try {
      const user = await queryClient.ensureQueryData(userQueryOptions());
      throw redirect(homePathFor(user));
    } catch (error) {
      if (error instanceof Response) throw error;
      throw redirect('/login');
    }
  };
