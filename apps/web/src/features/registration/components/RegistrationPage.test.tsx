import { PIPELINE_MESSAGES, REGISTRATION_MESSAGES } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { RegistrationPage } from './RegistrationPage';

const TOKEN = '2f1c5a9e-0d7b-4c1e-9a59-6f3b8d2e4c10';

type Answer = { status: number; body: unknown };

/** Answers GET registration/{token} and POST registration, and records what was posted. */
const stubApi = (target: Answer, submit: Answer = { status: 200, body: {} }) => {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const answer = init?.method === 'POST' ? submit : target;
      if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
      expect(url.startsWith('/api/registration')).toBe(true);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return posted;
};

const renderPage = (path = `/candidate/register/${TOKEN}`) => {
  const router = createMemoryRouter([{ path: '/candidate/register/:id', element: <RegistrationPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

const target = { status: 200, body: { data: { title: 'A-101', promotion: { title: 'Les Hauts de Rolle', url: null }, lot: null } } };
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegistrationPage (docs/product/registration.md#screens)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the title and every labelled field, with Valider', async () => {
    stubApi(target);
    renderPage();
    expect(await screen.findByRole('heading', { name: REGISTRATION_MESSAGES.title('A-101') })).toBeTruthy();
    for (const label of ['Nom*', 'Prénom*', 'Email*', 'Téléphone', 'Adresse', 'Ville', 'Code Postal', 'Message']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Valider' })).toBeTruthy();
  });

  it("shows 'Lien invalide' for a link the server does not know", async () => {
    stubApi({ status: 404, body: { message: PIPELINE_MESSAGES.invalidLink } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(PIPELINE_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
  });

  it('requires the name, first name and e-mail before sending anything', async () => {
    const posted = stubApi(target);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(REGISTRATION_MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText('E-mail requis')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('sends the form with the token and shows the thank-you modal with the link back to the site', async () => {
    const posted = stubApi(target, {
      status: 200,
      body: { data: { promotion: { url: 'hauts-de-rolle.ch' } }, message: PIPELINE_MESSAGES.registered },
    });
    renderPage();
    await screen.findByLabelText('Nom*');
    fill('Nom*', 'Rochat');
    fill('Prénom*', 'Sophie');
    fill('Email*', 'sophie@exemple.ch');
    fill('Message', 'Bonjour');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    const dialog = await screen.findByRole('dialog', { name: REGISTRATION_MESSAGES.thanks });
    expect(dialog.textContent).toContain(PIPELINE_MESSAGES.registered);
    expect(screen.getByRole('link', { name: REGISTRATION_MESSAGES.backToSite }).getAttribute('href')).toBe('https://hauts-de-rolle.ch');
    expect(posted[0]).toMatchObject({
      last_name: 'Rochat',
      first_name: 'Sophie',
      email: 'sophie@exemple.ch',
      comment: 'Bonjour',
      promotion_token: TOKEN,
    });
  });

  it('shows the first server error', async () => {
    stubApi(target, {
      status: 429,
      body: { message: 'Trop de tentatives', errors: [{ field: null, message: 'Trop de tentatives' }] },
    });
    renderPage();
    await screen.findByLabelText('Nom*');
    fill('Nom*', 'Rochat');
    fill('Prénom*', 'Sophie');
    fill('Email*', 'sophie@exemple.ch');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Trop de tentatives'));
  });
});
