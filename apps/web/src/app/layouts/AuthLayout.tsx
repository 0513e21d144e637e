import { Outlet } from 'react-router';
import { Brand } from './Brand';

/** The sign-in layout: a narrow centred column, fit for a phone. */
export const AuthLayout = () => (
  <div className="min-h-dvh bg-slate-50">
    <header className="flex justify-center px-4 pt-10 pb-6">
      <Brand />
    </header>
    <main id="main" className="mx-auto w-full max-w-md px-4 pb-12">
      <Outlet />
    </main>
  </div>
);
