import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { testUser } from '../../../lib/user.fixtures';
import { AddPromotionPage } from './AddPromotionPage';

const user = (admin: boolean) => testUser({ admin });
const brokers = {
  data: [{ id: 3, full_name: 'Julien Favre', email: 'courtier@demo.ch', profile_picture: null }],
  current_page: 1,
  last_page: 1,
  from: 1,
  to: 1,
  total: 1,
};

/** The creation answers these statuses in turn (the last one repeats). */
const renderPage = (admin: boolean, ...createStatuses: number[]) => {
  const statuses = createStatuses.length > 0 ? createStatuses : [200];
  let posts = 0;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/brokers/options')) return new Response(JSON.stringify(brokers), { status: 200 });
    if (url === '/api/promotions' && init?.method === 'POST') {
      const createStatus = statuses[Math.min(posts, statuses.length - 1)];
      posts += 1;
      return createStatus === 200
        ? new Response(JSON.stringify({ message: 'Promotion créée', data: { id: 12 } }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Le logo doit être une image PNG ou JPG' }), { status: createStatus });
    }
    return new Response(JSON.stringify({ data: user(admin) }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user(admin));
  const router = createMemoryRouter(
    [
      { path: '/promotions/add', element: <AddPromotionPage /> },
      { path: '/promotions', element: <p>Liste des promotions</p> },
    ],
    { initialEntries: ['/promotions/add'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
};

describe('Ajouter une promotion (docs/product/promotion-administration.md#create-promotion)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires title, url and main broker, in French, before any call', async () => {
    const fetchMock = renderPage(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Titre requis')).toBeTruthy();
    expect(screen.getByText('Adresse du site requise')).toBeTruthy();
    expect(screen.getByText('Courtier principal requis')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the form as multipart and goes to the list after success', async () => {
    const fetchMock = renderPage(true);
    fireEvent.change(await screen.findByLabelText(/^Titre/), { target: { value: 'Les Jardins du Lac' } });
    fireEvent.change(screen.getByLabelText(/^Site de la promotion/), { target: { value: 'www.jardins.ch' } });
    const select = screen.getByLabelText(/^Courtier principal/) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Liste des promotions');
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/promotions' && init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect([body.get('title'), body.get('url'), body.get('broker_id')]).toEqual(['Les Jardins du Lac', 'www.jardins.ch', '3']);
  });

  it("shows the server's reason when the creation fails (a logo that is no image)", async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage(true, 422);
    fireEvent.change(await screen.findByLabelText(/^Titre/), { target: { value: 'Les Jardins du Lac' } });
    fireEvent.change(screen.getByLabelText(/^Site de la promotion/), { target: { value: 'www.jardins.ch' } });
    const select = screen.getByLabelText(/^Courtier principal/) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Le logo doit être une image PNG ou JPG', expect.anything()));
    expect(error).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Liste des promotions')).toBeNull();
    error.mockRestore();
  });

  it('says the promotion was created, in the toast of the failure before it (which does not stay)', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    renderPage(true, 422, 200);
    fireEvent.change(await screen.findByLabelText(/^Titre/), { target: { value: 'Les Jardins du Lac' } });
    fireEvent.change(screen.getByLabelText(/^Site de la promotion/), { target: { value: 'www.jardins.ch' } });
    const select = screen.getByLabelText(/^Courtier principal/) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Liste des promotions');
    expect(success).toHaveBeenCalledWith('Promotion créée', expect.anything());
    // One toast id: the success takes the failure's place instead of leaving it on screen.
    const errorId = (error.mock.calls[0][1] as { id?: unknown } | undefined)?.id;
    expect(errorId).toBeDefined();
    expect((success.mock.calls[0][1] as { id?: unknown }).id).toBe(errorId);
    error.mockRestore();
    success.mockRestore();
  });

  it('refuses a broker without the admin flag, without listing the brokers', async () => {
    const fetchMock = renderPage(false);
    expect(await screen.findByText('Accès refusé')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/brokers/options'))).toBe(false);
  });
});
