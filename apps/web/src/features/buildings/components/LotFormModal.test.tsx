import { type AdminLot, BUILDING_MESSAGES } from '@promovente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotFormModal } from './LotFormModal';

const TYPES = [
  { id: 3, title: 'Box' },
  { id: 5, title: 'Appartement' },
  { id: 6, title: 'Villa' },
];
const FLOORS = [{ id: 2, number: 0, title: 'RDC', sort_order: 1 }];

/** Answers the reference data and records what the form posts. */
const stubApi = () => {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.includes('lots_types')) return new Response(JSON.stringify({ data: TYPES }), { status: 200 });
      if (url.includes('lots_floors')) return new Response(JSON.stringify({ data: FLOORS }), { status: 200 });
      posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ data: {}, message: BUILDING_MESSAGES.lotCreated }), { status: 200 });
    }),
  );
  return posted;
};

const renderForm = (parentId: number | null, onClose = vi.fn(), lot: AdminLot | null = null) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LotFormModal promotionId={1} buildingId={7} lot={lot} parentId={parentId} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

/** Lot A-01 of the issue, at 857'500 CHF. */
const A01: AdminLot = {
  id: 11,
  building_id: 7,
  parent_id: null,
  reference: 'A-01',
  title: 'Attique',
  lot_type_id: 5,
  type: 'Appartement',
  floor_id: 2,
  floor: 'RDC',
  nb_rooms: 4.5,
  name_child: null,
  raw_price: 857_500,
  price_included: false,
  area_ppe: 120,
  area_hab: 110,
  area_jar: 0,
  area_bal: 12,
  area_ter: 0,
  exposure: 'Sud',
  lot_ppe: null,
  feuillet_ppe: null,
  status: 0,
  status_text: 'Disponible',
  children_count: 0,
};

const choose = async (label: string, option: string) => {
  await screen.findByRole('option', { name: option });
  fireEvent.change(screen.getByLabelText(label), { target: { value: String(TYPES.find((t) => t.title === option)?.id ?? 2) } });
};

describe('LotFormModal (docs/product/promotion-administration.md#validation)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('labels the surfaces by type and disables the outdoor areas of a parking type', async () => {
    stubApi();
    renderForm(null);
    await choose('Type', 'Villa');
    expect(screen.getByLabelText('Surface SPB (m²)')).toBeTruthy();
    expect(screen.getByLabelText('Surface utile (m²)')).toBeTruthy();
    await choose('Type', 'Appartement');
    expect(screen.getByLabelText('Surface pondérée (m²)')).toBeTruthy();
    expect((screen.getByLabelText('Surface jardin (m²)') as HTMLInputElement).disabled).toBe(false);
    await choose('Type', 'Box');
    expect((screen.getByLabelText('Surface jardin (m²)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Surface terrasse (m²)') as HTMLInputElement).value).toBe('0');
    // A main lot has neither a name of its own nor 'prix inclus'.
    expect(screen.queryByLabelText('Nom du lot associé')).toBeNull();
  });

  it('requires reference, type and floor', async () => {
    const posted = stubApi();
    renderForm(null);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(BUILDING_MESSAGES.referenceRequired)).toBeTruthy();
    expect(screen.getByText(BUILDING_MESSAGES.typeRequired)).toBeTruthy();
    expect(screen.getByText(BUILDING_MESSAGES.floorRequired)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("shows the field's error when the price is emptied in 'Modifier le lot', and sends nothing (never 0 CHF)", async () => {
    const posted = stubApi();
    const onClose = renderForm(null, vi.fn(), A01);
    expect((screen.getByLabelText('Prix (CHF)') as HTMLInputElement).value).toBe('857500');
    fireEvent.change(screen.getByLabelText('Prix (CHF)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le champ « Prix (CHF) » est requis.')).toBeTruthy();
    expect(posted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts a new lot with an empty price to type, and refuses it left empty', async () => {
    const posted = stubApi();
    renderForm(null);
    expect((screen.getByLabelText('Prix (CHF)') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Référence'), { target: { value: 'B-1' } });
    await choose('Type', 'Appartement');
    await choose('Étage', 'RDC');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le champ « Prix (CHF) » est requis.')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('creates an associated lot under its main lot, with its name and the rooms by halves', async () => {
    const posted = stubApi();
    const onClose = renderForm(42);
    fireEvent.change(screen.getByLabelText('Référence'), { target: { value: 'P-1' } });
    await choose('Type', 'Box');
    await choose('Étage', 'RDC');
    fireEvent.change(screen.getByLabelText('Nom du lot associé'), { target: { value: 'Box 1' } });
    fireEvent.change(screen.getByLabelText('Prix (CHF)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Pièces'), { target: { value: '1.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(BUILDING_MESSAGES.roomsStep)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pièces'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([
      expect.objectContaining({
        reference: 'P-1',
        lot_type_id: '3',
        floor_id: '2',
        parent_id: 42,
        name_child: 'Box 1',
        nb_rooms: '1.5',
        raw_price: '0',
        area_jar: 0,
      }),
    ]);
  });
});
