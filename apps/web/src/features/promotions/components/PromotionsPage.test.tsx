import type { PromotionCard, User } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { PromotionsPage, pageFromParam, showsPromotionSearch } from './PromotionsPage';

const user = (admin: boolean) =>
  ({
    id: 1,
    type: 'broker',
    admin,
    preferences: { selected_promotion: 4 },
    promotion: null,
    promotions_count: 2,
    agency: { id: 1, name: 'Agence du Léman' },
    restricted_access: 0,
    profile_picture: null,
    full_name: 'Laurent Mottier',
    first_name: 'Laurent',
    last_name: 'Mottier',
    email: 'admin@demo.ch',
    number_connections: 3,
    unread_messages_count: 0,
    assistants: [],
    is_demo: false,
    email_notifications: true,
  }) satisfies User;

const cards: PromotionCard[] = [
  { id: 4, title: 'Les Hauts de Rolle', logo: '/api/images/logo-4', agencies: ['Agence du Léman', 'Rive Immobilier'], archived: false },
  { id: 9, title: 'Quartier des Vergers', logo: null, agencies: [], archived: false },
];

const renderPage = (admin: boolean, total = cards.length) => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/promotions')) {
      return new Response(JSON.stringify({ data: cards, current_page: 1, last_page: Math.ceil(total / 24), from: 1, to: 2, total }), {
        status: 200,
      });
    }
    if (url === '/api/user/promotion' && init?.method === 'PUT') return new Response(JSON.stringify({ promotion_id: 9 }), { status: 200 });
    if (url === '/api/user/preferences') return new Response(JSON.stringify({ data: { selected_promotion: 9 } }), { status: 200 });
    return new Response(JSON.stringify({ data: user(admin) }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user(admin));
  const router = createMemoryRouter(
    [
      { path: '/promotions', element: <PromotionsPage /> },
      { path: '/promotion', element: <p>Fiche de la promotion</p> },
    ],
    { initialEntries: ['/promotions'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
};

describe('Mes promotions (docs/product/promotion-administration.md#mes-promotions)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a card per promotion with its logo, title and agencies, and the add button to admins', async () => {
    renderPage(true);
    const rolle = await screen.findByRole('button', { name: /Les Hauts de Rolle/ });
    expect(rolle.textContent).toContain('Agence du Léman, Rive Immobilier');
    expect(rolle.querySelector('img')?.getAttribute('src')).toBe('/api/images/logo-4');
    expect(screen.getByRole('link', { name: 'Ajouter une promotion' }).getAttribute('href')).toBe('/promotions/add');
    // Two cards: no search box.
    expect(screen.queryByLabelText('Rechercher une promotion')).toBeNull();
  });

  it('hides the add button from brokers without the admin flag, and shows the search when the list runs over a page', async () => {
    renderPage(false, 60);
    await screen.findByRole('button', { name: /Les Hauts de Rolle/ });
    expect(screen.queryByRole('link', { name: 'Ajouter une promotion' })).toBeNull();
    expect(screen.getByLabelText('Rechercher une promotion')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('makes a clicked card the current promotion and opens the promotion record', async () => {
    const fetchMock = renderPage(false);
    fireEvent.click(await screen.findByRole('button', { name: /Quartier des Vergers/ }));
    await screen.findByText('Fiche de la promotion');
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/user/promotion' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ promotion: 9 });
  });

  it("lists the archived promotions under the filter 'Archivées', each marked so", async () => {
    const fetchMock = renderPage(false);
    await screen.findByRole('button', { name: /Les Hauts de Rolle/ });
    expect(screen.getByRole('button', { name: 'En cours' }).getAttribute('aria-pressed')).toBe('true');
    cards[1] = { ...cards[1], archived: true };
    fireEvent.click(screen.getByRole('button', { name: 'Archivées' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('archived=1'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Archivées' }).getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByRole('button', { name: /Quartier des Vergers/ })).textContent).toContain('Archivée');
    cards[1] = { ...cards[1], archived: false };
  });

  it('reads the page from the URL and offers the search past a page only', () => {
    expect([pageFromParam('3'), pageFromParam('0'), pageFromParam('x'), pageFromParam(null)]).toEqual([3, 1, 1, 1]);
    expect([showsPromotionSearch(24, ''), showsPromotionSearch(25, ''), showsPromotionSearch(1, 'verg')]).toEqual([false, true, true]);
  });
});

// The debounced search waits for typing to stop (300 ms) before it asks.
describe('the search of Mes promotions', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the list again with the typed title', async () => {
    const fetchMock = renderPage(true, 60);
    fireEvent.change(await screen.findByLabelText('Rechercher une promotion'), { target: { value: 'verg' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=verg'))).toBe(true), { timeout: 2000 });
  });
});
