import { MESSAGES, pageTitle } from '@promovente/shared';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useMatches, useNavigation, useRouteError } from 'react-router';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { clearLoading, useIsLoading } from '../../lib/loading';
import { titleOfMatches } from '../../lib/route-handle';

/** Sets 'Promovente | <screen>' as the document title. */
const usePageTitle = () => {
  const title = titleOfMatches(useMatches());
  useEffect(() => {
    document.title = title ? pageTitle(title) : 'Promovente';
  }, [title]);
};

export const RootLayout = () => {
  usePageTitle();
  const navigation = useNavigation();
  const loading = useIsLoading();
  return (
    <>
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-brand-600"
          role="progressbar"
          aria-label="Chargement de la page"
        />
      )}
      <Outlet />
      <LoadingOverlay open={loading} onClose={clearLoading} />
      <ScrollRestoration />
    </>
  );
};

/** What a failed route shows (a chunk that does not load, an unexpected error). */
export const RouteError = () => {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-lg space-y-4 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{notFound ? MESSAGES.notFoundPage : MESSAGES.genericError}</h1>
      <a href="/" className="text-sm text-brand-700 underline">
        Retour à l'accueil
      </a>
    </main>
  );
};
