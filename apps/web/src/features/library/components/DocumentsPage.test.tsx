import type { LibraryPage, User } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { setDemoMode } from '../../../lib/storage';
import { testUser } from '../../../lib/user.fixtures';
import { DocumentsPage } from './DocumentsPage';

const user = (type: User['type']) => testUser({ type, preferences: { selected_promotion: 4 } });

const file = {
  id: 11,
  uuid: 'f0f0f0f0-0000-4000-8000-000000000011',
  name: 'Brochure.pdf',
  mime: 'application/pdf',
  size: 2048,
  created_at: '2026-11-20T09:00:00.000Z',
  type: { id: 3, name: 'Brochure' },
  folder: null,
  access: null,
};

const pageOf = (manager: boolean): LibraryPage => ({
  promotion_id: 4,
  folder: null,
  folders: [{ id: 2, name: 'Plans', files_count: 3 }],
  files: {
    data: [
      {
        ...file,
        access: manager
          ? { access_candidate: true, access_promoter: false, access_notary: false, access_investor: false, candidate_min_status: null }
          : null,
      },
    ],
    current_page: 1,
    last_page: 1,
    from: 1,
    to: 1,
    total: 1,
  },
  own: manager
    ? null
    : [
        {
          id: 5,
          uuid: 'a0a0a0a0-0000-4000-8000-000000000005',
          name: 'Fiche de salaire.pdf',
          mime: 'application/pdf',
          size: 900,
          created_at: '2026-11-19T09:00:00.000Z',
        },
      ],
  can_manage: manager,
  can_upload: manager,
  can_read_log: manager,
});

const renderPage = (type: User['type']) => {
  const manager = type === 'broker';
  let release: () => void = () => {};
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/files_types'))
      return new Response(
        JSON.stringify({
          data: [
            { id: 1, name: 'Plans' },
            { id: 3, name: 'Brochure' },
          ],
        }),
      );
    if (init?.method === 'DELETE') {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Response(JSON.stringify({ message: 'Fichier supprimé' }));
    }
    if (url.startsWith('/api/files')) return new Response(JSON.stringify({ data: pageOf(manager) }));
    return new Response(JSON.stringify({ data: user(type) }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user(type));
  const router = createMemoryRouter([{ path: '/documents', element: <DocumentsPage /> }], { initialEntries: ['/documents'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, release: () => release() };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentsPage (docs/product/documents.md#screens)', () => {
  it("shows a candidate 'Mes documents' first, then the library with its folders and counts, without the staff's actions", async () => {
    renderPage('candidate');
    const own = await screen.findByRole('heading', { name: 'Mes documents' });
    const library = screen.getByRole('heading', { name: 'Bibliothèque' });
    expect(own.compareDocumentPosition(library) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('Fiche de salaire.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Plans.*3 documents/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Types de document/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un fichier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer Brochure.pdf' })).toBeNull();
  });

  it('asks before deleting a file and keeps the button disabled while the deletion runs', async () => {
    const { fetchMock, release } = renderPage('broker');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Brochure.pdf' }));
    expect(screen.getByText('Êtes-vous sûr de vouloir supprimer ce fichier ?')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: /^Supprimer$/ }).at(-1) as HTMLButtonElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('/api/promotions/4/files/11', expect.objectContaining({ method: 'DELETE' }));
    release();
    await waitFor(() => expect(screen.queryByText('Êtes-vous sûr de vouloir supprimer ce fichier ?')).toBeNull());
  });

  it("offers a broker 'Ajouter un fichier', but not in demo mode (signed in from the demo page), though the server's page allows it", async () => {
    renderPage('broker');
    expect(await screen.findByRole('button', { name: 'Ajouter un fichier' })).toBeTruthy();
    cleanup();
    setDemoMode();
    try {
      renderPage('broker');
      expect(await screen.findByRole('button', { name: 'Supprimer Brochure.pdf' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Ajouter un fichier' })).toBeNull();
    } finally {
      localStorage.clear();
    }
  });
});
