import { PRICE_GRID_MESSAGES, type PriceGridPreview } from '@promovente/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({
  preview: vi.fn(),
  apply: vi.fn(),
  template: vi.fn(),
}));

vi.mock('../api/price-grid', () => ({
  usePreviewGrid: () => ({ mutateAsync: calls.preview, isPending: false }),
  useApplyGrid: () => ({ mutateAsync: calls.apply, isPending: false }),
  useDownloadGridTemplate: () => ({ mutate: calls.template, isPending: false }),
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { PriceGridImport } = await import('./PriceGridImport');
const { toast } = await import('sonner');

const PREVIEW: PriceGridPreview = {
  id: 41,
  file_name: 'grille.xlsx',
  sheet: 'Grille 2027',
  header_line: 4,
  expires_at: '2026-11-25T10:00:00.000Z',
  counts: { rows: 4, create: 1, change: 1, unchanged: 1, refused: 1 },
  creations: [
    {
      line: 3,
      lot: {
        reference: 'B-201',
        title: '',
        building: 'Bâtiment B',
        floor: '2ème',
        type: 'Appartement',
        nb_rooms: 3.5,
        area_hab: 80,
        area_ppe: 85,
        exposure: 'Sud',
        raw_price: 890_000,
        lot_ppe: null,
        feuillet_ppe: null,
      },
    },
  ],
  changes: [
    {
      line: 2,
      lot_id: 7,
      reference: 'A-102',
      changes: [
        { field: 'raw_price', label: 'Prix', from: '650000', to: '640000' },
        { field: 'exposure', label: 'Exposition', from: 'Nord', to: '' },
      ],
    },
  ],
  refused: [
    { line: 5, reference: 'A-109', column: 'Immeuble', reason: "Immeuble inconnu : « Tour C » ; créez-le d'abord dans le menu Lots" },
  ],
};

const open = () => {
  render(<PriceGridImport promotionId={12} />);
  fireEvent.click(screen.getByRole('button', { name: 'Importer une grille de prix' }));
  return screen.getByRole('dialog', { name: 'Importer une grille de prix' });
};

const choose = (dialog: HTMLElement, file: File | null) => {
  const input = within(dialog).getByLabelText('Fichier de la grille (.xlsx ou .ods)') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: file ? [file] : [], configurable: true });
  fireEvent.change(input);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Prévisualiser' }));
};

const xlsx = (name = 'grille.xlsx') =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe("PriceGridImport: the 'Importer une grille de prix' modal", () => {
  beforeEach(() => {
    calls.preview.mockReset();
    calls.apply.mockReset();
  });
  afterEach(cleanup);

  it('explains the columns of the Liste des lots, offers the current list as a template, and cannot apply before a preview', () => {
    const dialog = open();
    expect(within(dialog).getByText(/colonnes de la « Liste des lots » : Lot, Titre, Immeuble, Étage, Type/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Télécharger la liste actuelle comme modèle' }));
    expect(calls.template).toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Appliquer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for a file, an .xlsx or .ods one, before sending anything, and names a format it does not read', async () => {
    const dialog = open();
    choose(dialog, null);
    expect(await within(dialog).findByText(PRICE_GRID_MESSAGES.noFile)).toBeTruthy();
    choose(dialog, new File(['a;b'], 'grille.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(PRICE_GRID_MESSAGES.csv)).toBeTruthy();
    choose(dialog, new File(['x'], 'grille.xls', { type: 'application/vnd.ms-excel' }));
    expect(await within(dialog).findByText(PRICE_GRID_MESSAGES.xls)).toBeTruthy();
    choose(dialog, new File(['x'], 'grille.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText(PRICE_GRID_MESSAGES.notXlsx)).toBeTruthy();
    expect(calls.preview).not.toHaveBeenCalled();
    calls.preview.mockResolvedValue(PREVIEW);
    choose(dialog, new File(['PK'], 'grille.ods', { type: 'application/vnd.oasis.opendocument.spreadsheet' }));
    await waitFor(() => expect(calls.preview).toHaveBeenCalled());
  });

  it('says which sheet and header line were read, and shows the refused rows, an empty price among them, as not applied', async () => {
    calls.preview.mockResolvedValue({
      ...PREVIEW,
      counts: { ...PREVIEW.counts, refused: 2 },
      refused: [
        { line: 5, reference: 'A-101', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.emptyPrice },
        { line: 6, reference: 'A-103', column: 'Prix (CHF)', reason: PRICE_GRID_MESSAGES.formulaWithoutResult },
      ],
    });
    const dialog = open();
    choose(dialog, xlsx());
    expect(await within(dialog).findByText(/feuille « Grille 2027 » \(en-tête à la ligne 4\)/)).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toMatch(/^2 lignes refusées ne seront pas appliquées/);
    const refused = within(dialog).getByRole('region', { name: 'Lignes refusées' });
    expect(within(refused).getByRole('row', { name: /A-101 Prix \(CHF\) Prix vide/ })).toBeTruthy();
    expect(within(refused).getByText(PRICE_GRID_MESSAGES.formulaWithoutResult)).toBeTruthy();
  });

  it('shows the three sections with their counts, before -> after per changed field, then applies and says the counts', async () => {
    calls.preview.mockResolvedValue(PREVIEW);
    calls.apply.mockResolvedValue({
      created: 1,
      changed: 1,
      unchanged: 1,
      refused: PREVIEW.refused,
      message: 'Grille appliquée : 1 lot créé, 1 lot modifié, 1 ligne refusée',
    });
    const dialog = open();
    choose(dialog, xlsx());

    expect(await within(dialog).findByRole('heading', { name: 'Lots à créer (1)' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Lots à modifier (1)' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Lignes refusées (1)' })).toBeTruthy();
    expect(within(dialog).getByText("Prix : 650'000 CHF → 640'000 CHF")).toBeTruthy();
    expect(within(dialog).getByText('Exposition : Nord → —')).toBeTruthy();
    expect(within(dialog).getByText("Immeuble inconnu : « Tour C » ; créez-le d'abord dans le menu Lots")).toBeTruthy();
    expect(within(dialog).getByText('B-201')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Grille appliquée : 1 lot créé, 1 lot modifié, 1 ligne refusée'));
    expect(calls.apply.mock.calls[0][0].importId).toBe(41);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cannot apply a grid that creates and changes nothing', async () => {
    calls.preview.mockResolvedValue({
      ...PREVIEW,
      counts: { rows: 1, create: 0, change: 0, unchanged: 0, refused: 1 },
      creations: [],
      changes: [],
    });
    const dialog = open();
    choose(dialog, xlsx());
    expect(await within(dialog).findByRole('heading', { name: 'Lignes refusées (1)' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Appliquer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal of the file in the modal", async () => {
    calls.preview.mockRejectedValue(new Error(PRICE_GRID_MESSAGES.unreadable));
    const dialog = open();
    choose(dialog, xlsx());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PRICE_GRID_MESSAGES.unreadable);
  });
});
