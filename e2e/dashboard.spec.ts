import { DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

const CARDS = ['Disponibles', 'Optionnés', 'Réservés', 'Signés'];
const CHARTS = [/^Evolution de la commercialisation( globale)?$/, "Vue d'ensemble", 'Par nombre de pièces', 'Par étage'];

test.describe('dashboard (docs/product/dashboard.md#screens)', () => {
  test('a broker sees the four status cards and the four charts', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Promovente | Dashboard');
    const cards = page.getByRole('list', { name: 'Statuts des lots' });
    for (const label of CARDS) await expect(cards.getByRole('heading', { name: label, exact: true })).toBeVisible();
    for (const title of CHARTS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // Each chart is drawn on a canvas.
    await expect(page.locator('canvas')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the number/KCHF toggle switches the unit of the cards and lands in the URL', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const available = page.getByRole('article', { name: 'Disponibles' });
    await expect(available.getByText(/^\d[\d']* lots?$/)).toBeVisible();
    await expect(available.getByText(/CHF$/)).toBeVisible();

    await page.getByRole('region', { name: 'Filtres' }).getByRole('button', { name: 'KCHF' }).click();
    await expect(page).toHaveURL(/toKCHF=1/);
    await expect(available.getByText(/^\d[\d']* KCHF$/)).toBeVisible();

    await page.getByRole('region', { name: 'Filtres' }).getByRole('button', { name: 'Nombre' }).click();
    await expect(page).not.toHaveURL(/toKCHF/);
    await expect(available.getByText(/^\d[\d']* lots?$/)).toBeVisible();
  });

  test('copies the route query into the filters', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard?toKCHF=1');
    const filters = page.getByRole('region', { name: 'Filtres' });
    await expect(filters.getByRole('button', { name: 'KCHF' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article', { name: 'Signés' }).getByText(/^\d[\d']* KCHF$/)).toBeVisible();
  });
});
