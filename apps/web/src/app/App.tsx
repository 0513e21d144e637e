import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { setNavigator } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { createRouter } from './router';

/** Toasts sit at the bottom right for 10 seconds, with a close button (docs/product/layout.md#global-interface-elements). */
const TOAST_DURATION_MS = 10_000;

const createApp = () => {
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  setNavigator((to) => void router.navigate(to));
  return { queryClient, router };
};

export const App = () => {
  const [{ queryClient, router }] = useState(createApp);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="bottom-right" duration={TOAST_DURATION_MS} closeButton richColors />
    </QueryClientProvider>
  );
};
