import type { AdminLot, BuildingLotChoices, BuildingLotDetail } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { LotPage } from './LotPage';

const lot = (id: number, reference: string, parentId: number | null): AdminLot => ({
  id,
  building_id: 5,
  parent_id: parentId,
  reference,
  title: '',
  lot_type_id: parentId === null ? 5 : 2,
  type: parentId === null ? 'Appartement' : 'Cave',
  floor_id: 1,
  floor: 'RDC',
  nb_rooms: 1,
  name_child: null,
  raw_price: 500_000,
  price_included: false,
  area_ppe: 0,
  area_hab: 0,
  area_jar: 0,
  area_bal: 0,
  area_ter: 0,
  exposure: null,
  lot_ppe: null,
  feuillet_ppe: null,
  status: 0,
  status_text: 'Disponible',
  children_count: parentId === null ? 1 : 0,
});

const detail: BuildingLotDetail = {
  data: {
    building: { id: 5, title: 'Bâtiment A', street: null, city: 'Rolle', zip: null, main_lots_count: 1, lots_count: 2 },
    lot: lot(102, 'A-102', null),
    parent: null,
    children: [lot(103, 'C-7', 102)],
  },
};

const choices: BuildingLotChoices = {
  data: {
    attachable: [{ id: 104, reference: 'A-104', building_id: 5, building: 'Bâtiment A', type: 'Appartement' }],
    move_targets: [{ id: 105, reference: 'A-105', building_id: 5, building: 'Bâtiment A', type: 'Appartement' }],
  },
};

const serve = () => {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? new Response(JSON.stringify({ data: lot(103, 'C-7', null), message: 'Lot dissocié' }), { status: 200 })
      : new Response(JSON.stringify(_url.endsWith('/choices') ? choices : detail), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LotPage
        promotionId={4}
        admin
        buildingId={5}
        lotId={102}
        childId={null}
        onHome={() => {}}
        onBuilding={() => {}}
        onLot={() => {}}
        onChild={() => {}}
      />
    </QueryClientProvider>,
  );
  return fetchMock;
};
const puts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const choiceReads = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/choices'));

describe("'Dissocier' on a lot's associated lots (docs/product/promotion-administration.md#states)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for confirmation first: cancel changes nothing, confirm sends parent_id null', { timeout: 20_000 }, async () => {
    const fetchMock = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Dissocier le lot C-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dissocier le lot C-7' });
    expect(dialog.textContent).toContain('Voulez-vous vraiment dissocier le lot C-7 du lot A-102 ? Il redeviendra un lot principal.');
    expect(puts(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Dissocier le lot C-7' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Dissocier' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [url, init] = puts(fetchMock)[0];
    expect(url).toBe('/api/promotions/4/buildings/5/lots/103');
    expect(JSON.parse(String(init?.body))).toEqual({ parent_id: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("reads the pickers' choices only when one opens: 'Associer un lot existant' offers the lots to attach, 'Déplacer' the main lots", {
    timeout: 20_000,
  }, async () => {
    const fetchMock = serve();
    await screen.findByRole('button', { name: 'Dissocier le lot C-7' });
    expect(choiceReads(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Associer un lot existant' }));
    const attach = await screen.findByRole('combobox', { name: 'Lot à associer' });
    expect(choiceReads(fetchMock).map(([url]) => url)).toEqual(['/api/promotions/4/buildings/5/lots/102/choices']);
    expect([...(attach as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choisir un lot',
      'A-104 – Appartement (Bâtiment A)',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Déplacer le lot C-7' }));
    const move = await screen.findByRole('combobox', { name: 'Nouveau lot principal' });
    expect([...(move as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choisir un lot',
      'A-105 – Appartement (Bâtiment A)',
    ]);
  });
});
