import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

test.describe('filter bar (docs/product/layout.md#filter-bar and docs/product/validation.md#filters-sent-to-the-server)', () => {
  test('shows the controls of each route and keeps the filters in the URL across a reload', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const filters = page.getByRole('region', { name: 'Filtres' });

    // Dashboard: number/KCHF toggle, no search.
    await expect(filters.getByRole('button', { name: 'KCHF' })).toBeVisible();
    await expect(filters.getByLabel('Rechercher')).toHaveCount(0);

    // Candidates: non-retained checkbox and broker picker, no lot filters and no price slider.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
    await expect(filters.getByLabel('Afficher non retenus')).toBeVisible();
    await expect(filters.getByLabel('Courtier')).toHaveValue('');
    await expect(filters.getByRole('option', { name: 'Tous les courtiers' })).toHaveCount(1);
    await expect(filters.getByRole('button', { name: /Immeubles/ })).toHaveCount(0);
    await expect(filters.getByLabel(/Prix minimum/)).toHaveCount(0);

    // Lots: lot filters, price slider and search; the search lands in the URL after its debounce.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
    await expect(filters.getByRole('button', { name: /Immeubles/ })).toBeVisible();
    await expect(filters.getByRole('button', { name: /Étages/ })).toBeVisible();
    await expect(filters.getByRole('button', { name: /Pièces/ })).toBeVisible();
    await expect(filters.getByLabel(/Prix minimum/)).toBeVisible();
    await filters.getByLabel('Rechercher').fill('A-10');
    await expect(page).toHaveURL(/search=A-10/);

    // Unselect one building: only the remaining one is sent.
    await filters.getByRole('button', { name: /Immeubles/ }).click();
    // The checkboxes follow the URL: wait for the state rather than expecting it at once.
    await page.getByRole('checkbox', { name: 'Bâtiment B' }).click();
    await expect(page.getByRole('checkbox', { name: 'Bâtiment B' })).not.toBeChecked();
    await expect(page).toHaveURL(/buildings=\d+/);
    // The last selected building cannot be unselected.
    await page.getByRole('checkbox', { name: 'Bâtiment A' }).click();
    await expect(page.getByRole('checkbox', { name: 'Bâtiment A' })).toBeChecked();
    await expect(page.getByText('Veuillez sélectionner au moins 1 immeuble')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(filters.getByLabel('Rechercher')).toHaveValue('A-10');
    await expect(page).toHaveURL(/buildings=\d+/);

    await filters.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expect(page).toHaveURL(/\/lots$/);
    await expect(filters.getByLabel('Rechercher')).toHaveValue('');
  });
});
