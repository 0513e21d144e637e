import type { PhotoGroup, PhotoGroupsPage } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { testUser } from '../../../lib/user.fixtures';
import { ProgressionPage } from './ProgressionPage';

const user = testUser({ preferences: { selected_promotion: 4 } });

const album: PhotoGroup = {
  id: 8,
  name: 'Gros œuvre',
  date: '2026-10-01',
  comment: null,
  lot_id: null,
  lot: null,
  hidden: false,
  home_page: true,
  photos_count: 1,
  photos: [
    {
      id: 31,
      name: 'facade.jpg',
      date: '2026-10-01',
      comment: null,
      is_video: false,
      url: '/f/1',
      url_160h: '/f/2',
      url_1300w: '/f/1',
      url_video: null,
      lot: null,
    },
  ],
};

const page: PhotoGroupsPage = {
  promotion_id: 4,
  data: [album],
  current_page: 1,
  last_page: 1,
  from: 1,
  to: 1,
  total: 1,
  can_manage: true,
  can_add_photos: true,
  lot: null,
  lot_options: [],
  demo_video: null,
};

const serve = (answer: PhotoGroupsPage = page) => {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'DELETE'
      ? new Response(JSON.stringify({ message: 'Photo supprimée' }), { status: 200 })
      : new Response(JSON.stringify(answer), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProgressionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
};
const deletes = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the 'Lot' filter (docs/product/progress.md#screens)", () => {
  it('names each lot by its reference first, so that a narrow select never cuts the reference off', async () => {
    const long = 'Attique traversant 5,5 pièces avec terrasse panoramique sur le lac et les Alpes';
    serve({
      ...page,
      lot_options: [
        { id: 101, title: long, reference: 'A-101', full_title: `${long} (A-101)` },
        { id: 102, title: '', reference: 'B-12', full_title: 'B-12' },
      ],
    });
    const select = (await screen.findByLabelText('Lot')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Tous les lots', `A-101 · ${long}`, 'B-12']);
  });
});

describe('removing a photo of an album (docs/product/progress.md#screens)', () => {
  it("asks 'Voulez-vous vraiment supprimer cette photo ?' first: cancel keeps it, confirm deletes it", { timeout: 20_000 }, async () => {
    const fetchMock = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer la photo facade.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la photo facade.jpg' });
    expect(dialog.textContent).toContain('Voulez-vous vraiment supprimer cette photo ?');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Retirer la photo facade.jpg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(deletes(fetchMock)).toHaveLength(1));
    expect(deletes(fetchMock)[0][0]).toBe('/api/promotions/4/photos/31');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
