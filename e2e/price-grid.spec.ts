import { type LotRow, type LotsList, PRICE_GRID_MESSAGES } from '@promovente/shared';
import ExcelJS from 'exceljs';
import { apiSession, DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

/** The columns of 'Liste des lots' the import reads (the export's headers). */
const HEADERS = ['Lot', 'Titre', 'Immeuble', 'Étage', 'Type', 'Pièces', 'Surface habitable (m²)', 'Exposition', 'Prix (CHF)'];

/** A grid of `count` new lots in `building`, as a promoter would send it. */
const gridOf = async (count: number, building: string) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lots');
  sheet.addRow(HEADERS);
  for (let index = 1; index <= count; index += 1) {
    sheet.addRow([
      `GRILLE-${String(index).padStart(3, '0')}`,
      `Appartement grille ${index}`,
      building,
      ['RDC', '1er', '2ème', 'Attique'][index % 4],
      'Appartement',
      2.5 + (index % 4),
      70 + (index % 40),
      ['Nord', 'Sud', 'Est', 'Ouest'][index % 4],
      600_000 + index * 1_000,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

test.describe('price-grid import (issue 11, docs/sales-process.md#price-grid-import-built)', () => {
  test('the demo admin imports a grid of 200 lots and sees them in the lots screen', async ({ page, request }) => {
    // The building of the admin's current promotion the grid names.
    const session = await apiSession(request, DEMO_ACCOUNTS.admin);
    const current = await session.get<LotsList<LotRow>>('lots');
    const building = current.data[0].building.title;
    await session.close();

    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/promotion');
    await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Lots' }).click();
    await page.getByRole('button', { name: 'Importer une grille de prix' }).click();

    const dialog = page.getByRole('dialog', { name: 'Importer une grille de prix' });
    await expect(dialog.getByText(/colonnes de la « Liste des lots »/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Appliquer' })).toBeDisabled();

    await dialog.getByLabel('Fichier de la grille (.xlsx ou .ods)').setInputFiles({
      name: 'grille-200.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await gridOf(200, building),
    });
    await dialog.getByRole('button', { name: 'Prévisualiser' }).click();

    await expect(dialog.getByRole('heading', { name: 'Lots à créer (200)' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Lots à modifier (0)' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Lignes refusées (0)' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'GRILLE-001', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Grille appliquée : 200 lots créés, 0 lot modifié')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The lots screen lists them (first page: the ground floor, RDC, sorts first of the grid's floors).
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lots' })).toBeVisible();
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill('GRILLE-');
    await expect(page).toHaveURL(/search=GRILLE/);
    await expect(page.getByText('200 lots', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions du lot GRILLE-004', exact: true })).toBeVisible();
  });

  test('a grid under a title row with an empty price: the refused row is shown and its lot keeps its price (issue 18)', async ({
    page,
    request,
  }) => {
    const session = await apiSession(request, DEMO_ACCOUNTS.admin);
    const current = await session.get<LotsList<LotRow>>('lots');
    const [lot] = current.data;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Grille de prix');
    sheet.addRow(['Grille de prix interne - mise à jour']);
    sheet.addRow(['Lot', 'Immeuble', 'Étage', 'Type', 'Prix (CHF)']);
    sheet.addRow([lot.reference, lot.building.title, lot.floor.title, lot.type, null]);
    sheet.addRow(['VIDE-001', lot.building.title, 'RDC', 'Appartement', 700_000]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/promotion');
    await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Lots' }).click();
    await page.getByRole('button', { name: 'Importer une grille de prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer une grille de prix' });
    await dialog.getByLabel('Fichier de la grille (.xlsx ou .ods)').setInputFiles({
      name: 'grille-titre.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByRole('button', { name: 'Prévisualiser' }).click();

    await expect(dialog.getByText(/feuille « Grille de prix » \(en-tête à la ligne 2\)/)).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(/^1 ligne refusée ne sera pas appliquée/);
    await expect(dialog.getByRole('heading', { name: 'Lots à créer (1)' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Lignes refusées (1)' })).toBeVisible();
    const refused = dialog.getByRole('region', { name: 'Lignes refusées' });
    await expect(refused.getByRole('cell', { name: lot.reference, exact: true })).toBeVisible();
    await expect(refused.getByText(PRICE_GRID_MESSAGES.emptyPrice)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Grille appliquée : 1 lot créé, 0 lot modifié, 1 ligne refusée')).toBeVisible();
    const after = await session.get<LotsList<LotRow>>(`lots?search=${encodeURIComponent(lot.reference)}`);
    expect(after.data.find((row) => row.reference === lot.reference)?.price).toBe(lot.price);
    await session.close();
  });
});
