import { MESSAGES } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { getToken, removeToken } from '../../../lib/token';
import { LoginPage } from './LoginPage';

const renderLogin = (path = '/login') => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/demo', element: <p>Page démo</p> },
      { path: '/dashboard', element: <p>Tableau</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('LoginPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    removeToken();
    localStorage.clear();
  });

  it('shows the labelled fields, the button and the forgotten-password link', () => {
    renderLogin();
    expect(input('E-mail').type).toBe('email');
    expect(input('Mot de passe').type).toBe('password');
    expect(input('E-mail').required).toBe(true);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/password/reset');
    expect(input('Nom complet')).toBeTruthy();
    expect(input('Téléphone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Demander un accès démo' })).toBeTruthy();
  });

  it('requires both fields', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('E-mail requis')).toBeTruthy();
    expect(screen.getByText('Mot de passe requis')).toBeTruthy();
  });

  it('goes to the demo page when the secret is typed as the e-mail', async () => {
    const router = renderLogin();
    fireEvent.change(input('E-mail'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo'));
  });

  it('prefills the demo account of the role in the query', () => {
    renderLogin('/login?demo=broker');
    expect(input('E-mail').value).toBe('courtier@demo.ch');
    expect(input('Mot de passe').value).toBe('demo-2026');
  });

  it('shows the wrong-credentials message on a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status: 401 })),
    );
    renderLogin();
    fireEvent.change(input('E-mail'), { target: { value: 'lea@example.ch' } });
    fireEvent.change(input('Mot de passe'), { target: { value: 'faux' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.wrongCredentials);
  });

  it('stores the token and goes to the home of the user type on success', async () => {
    const user = { id: 1, type: 'broker', full_name: 'Léa Martin' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ token: 'tok', data: user }), { status: 200 })),
    );
    const router = renderLogin();
    fireEvent.change(input('E-mail'), { target: { value: 'lea@example.ch' } });
    fireEvent.change(input('Mot de passe'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('tok');
  });
});
