import { filterControlsFor, MESSAGES } from '@promovente/shared';
import { Outlet, useMatches } from 'react-router';
import { FilterBar } from '../../features/filters/components/FilterBar';
import { mustChangePassword, useUser } from '../../lib/auth';
import { useLiveEvents } from '../../lib/live-events';
import { routeOfMatches } from '../../lib/route-handle';
import { Brand } from './Brand';
import { Header } from './Header';

/** The default layout: header (when signed in), the route's filter bar, then the screen. */
export const DefaultLayout = () => {
  const { data: user } = useUser();
  // The signed-in screen follows the live events (lib/live-events.ts).
  useLiveEvents(user);
  const route = routeOfMatches(useMatches());
  const controls = user && route ? filterControlsFor(route, user.type) : [];
  const showFilters = user && route && controls.length > 0 && !mustChangePassword(user);
  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Aller au contenu
      </a>
      {user ? (
        <Header user={user} />
      ) : (
        <header className="border-b border-slate-200 bg-white px-4 py-3">
          <Brand />
        </header>
      )}
      {user?.promotion?.archived && (
        // The current promotion is archived: read-only for everyone (docs/product/promotion-administration.md#archived-promotion).
        <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          {MESSAGES.promotionArchived}
        </p>
      )}
      {showFilters && <FilterBar key={route.name} controls={controls} />}
      <main id="main" className="mx-auto w-full max-w-screen-2xl px-4 py-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
    </div>
  );
};
