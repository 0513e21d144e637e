import type { ReactNode } from 'react';

/** The card every sign-in screen sits in. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="w-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
    <h1 className="mb-4 text-lg font-semibold text-slate-900">{title}</h1>
    {children}
  </section>
);

export const FormError = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
