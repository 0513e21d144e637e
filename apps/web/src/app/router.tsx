import { EMAIL_NOTIFICATION_MESSAGES, MESSAGES, ROUTES, type RouteDef } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';
import { guardLoader, homeLoader } from './guard';
import { RootLayout, RouteError } from './layouts/RootLayout';
import { ROUTE_MODULES } from './route-modules';

const handle = (title: string, route?: RouteDef): RouteHandle => ({ title, route });

/**
 * Every screen loads with the French messages of the form fields (lib/field-messages.ts), which
 * bring zod: it stays out of the first load (docs/performance.md#static-files).
 */
const screen =
  <Module,>(load: () => Promise<Module>) =>
  () =>
    Promise.all([import('../lib/field-messages'), load()]).then(([, module]) => module);

const tableRoute = (queryClient: QueryClient, route: RouteDef): RouteObject => ({
  path: route.path,
  handle: handle(route.title, route),
  loader: guardLoader(queryClient, route),
  lazy: screen(ROUTE_MODULES[route.name]),
});

/** The public routes of docs/product/access.md#route-table that sit in the sign-in layout. */
const publicAuthRoutes: RouteObject[] = [
  {
    path: '/login',
    handle: handle('Connexion'),
    lazy: screen(() => import('../features/auth/components/LoginPage').then((m) => ({ Component: m.LoginPage }))),
  },
  {
    path: '/demo',
    handle: handle('Démonstration'),
    lazy: screen(() => import('../features/auth/components/DemoPage').then((m) => ({ Component: m.DemoPage }))),
  },
  {
    path: '/password/reset',
    handle: handle('Mot de passe oublié'),
    lazy: screen(() =>
      import('../features/auth/components/PasswordResetRequestPage').then((m) => ({ Component: m.PasswordResetRequestPage })),
    ),
  },
  // A reset link without its token goes back to the request.
  { path: '/password/update', element: <Navigate to="/password/reset" replace /> },
  {
    path: '/password/update/:token',
    handle: handle('Nouveau mot de passe'),
    lazy: screen(() => import('../features/auth/components/PasswordUpdatePage').then((m) => ({ Component: m.PasswordUpdatePage }))),
  },
  {
    path: '/unsubscribe/:token',
    handle: handle(EMAIL_NOTIFICATION_MESSAGES.pageTitle),
    lazy: screen(() => import('../features/auth/components/UnsubscribePage').then((m) => ({ Component: m.UnsubscribePage }))),
  },
  {
    path: '/candidate/register/:id',
    handle: handle('Inscription'),
    lazy: screen(() => import('../features/registration/components/RegistrationPage').then((m) => ({ Component: m.RegistrationPage }))),
  },
];

export const buildRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <span className="sr-only">Chargement</span>,
    children: [
      { index: true, loader: homeLoader(queryClient) },
      {
        // Layouts load lazily too: the sign-in screens never download the header and its menus.
        lazy: screen(() => import('./layouts/AuthLayout').then((m) => ({ Component: m.AuthLayout }))),
        children: [...publicAuthRoutes, ...ROUTES.filter((r) => r.layout === 'auth').map((r) => tableRoute(queryClient, r))],
      },
      {
        lazy: screen(() => import('./layouts/DefaultLayout').then((m) => ({ Component: m.DefaultLayout }))),
        children: [
          ...ROUTES.filter((r) => r.layout === 'default').map((r) => tableRoute(queryClient, r)),
          {
            path: '/401',
            handle: handle(MESSAGES.accessDenied),
            lazy: screen(() => import('../features/errors/components/UnauthorizedPage').then((m) => ({ Component: m.UnauthorizedPage }))),
          },
          {
            path: '*',
            handle: handle(MESSAGES.pageNotFound),
            lazy: screen(() => import('../features/errors/components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }))),
          },
        ],
      },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(buildRoutes(queryClient));
