import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CandidaciesPage, UserPromotion } from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/** What the sales desk works on: a 1440 px screen. */
const DESK = { width: 1440, height: 900 };
/** The candidate's phone. */
const PHONE = { width: 390, height: 844 };

/** How many pixels the page scrolls sideways (0: it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth - root.clientWidth;
  });

const boxOverflow = (box: Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);

const MAIN_TABLES = [
  { path: '/tunnel-de-vente', heading: 'Tunnel de vente', region: 'Tableau des dossiers' },
  { path: '/lots', heading: 'Lots', region: 'Tableau des lots' },
  { path: '/candidats', heading: 'Candidats', region: 'Tableau des candidatures' },
] as const;

const openTable = async (page: Page, path: string, heading: string, region: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const box = page.getByRole('region', { name: region });
  await expect(box.locator('tbody').getByRole('row').first()).toBeVisible();
  return box;
};

/** A reservation form the demo candidate takes part in (confirmed or not: the page shows either). */
const candidateForm = async (request: APIRequestContext) => {
  const broker = await apiSession(request, DEMO_ACCOUNTS.broker);
  const { data: promotions } = await broker.get<{ data: UserPromotion[] }>('user/promotions');
  let formId: string | null = null;
  for (const promotion of promotions) {
    const page = await broker.get<CandidaciesPage>(
      `candidacies?promotion=${promotion.id}&search=${encodeURIComponent(DEMO_ACCOUNTS.candidate)}`,
    );
    const sent = page.data.flatMap((row) => row.applications).find((application) => application.reservation_sent_at);
    if (sent) formId = sent.public_id;
    if (formId) break;
  }
  await broker.close();
  if (!formId) throw new Error('the demo candidate has no sent reservation form');
  return formId;
};

test.describe('the main tables fit the sales desk (issue 9, item 2)', () => {
  test('at 1440 px the funnel, lots and candidates tables show every default column without sideways scrolling', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const table of MAIN_TABLES) {
      await page.evaluate(() => localStorage.clear());
      const box = await openTable(page, table.path, table.heading, table.region);
      expect(await pageOverflow(page), `${table.heading}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await boxOverflow(box), `${table.heading}: the table scrolls sideways`).toBeLessThanOrEqual(0);
      const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
      const headers = box.getByRole('columnheader');
      const count = await headers.count();
      expect(count).toBeGreaterThan(5);
      for (let index = 0; index < count; index += 1) {
        const header = headers.nth(index);
        const bounds = await header.boundingBox();
        const name = (await header.textContent()) || `column ${index + 1}`;
        expect(bounds, `${table.heading}: ${name}`).not.toBeNull();
        expect(bounds!.x, `${table.heading}: ${name} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(bounds!.x + bounds!.width, `${table.heading}: ${name} ends on screen`).toBeLessThanOrEqual(viewportWidth);
      }
    }
  });

  test('the funnel keeps SIGN PdV, SIGN, À faire and the actions on screen, with each milestone in full on hover', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    const box = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    for (const name of ['SIGN PdV', 'SIGN', 'À faire']) {
      await expect(box.getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(box.getByRole('button', { name: /^Actions du dossier/ }).first()).toBeInViewport({ ratio: 1 });
    // A compact milestone cell: a short date, the whole text ('Envoyé le dd/MM/yyyy HH:mm') on hover and for screen readers.
    const milestone = box.locator('td [title^="Envoyé le"]').first();
    await expect(milestone).toBeVisible();
    const title = (await milestone.getAttribute('title')) ?? '';
    expect(title).toMatch(/^Envoyé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(milestone).toContainText(/^\d{2}\/\d{2}/);
    await expect(milestone).toHaveAccessibleName(title);
  });

  test('a column hidden from the Colonnes menu stays hidden after a reload, for that table only', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    const funnel = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);

    await page.getByRole('button', { name: 'Colonnes' }).click();
    const floor = page.getByRole('menuitemcheckbox', { name: 'Étage' });
    await expect(floor).toHaveAttribute('aria-checked', 'true');
    await floor.click();
    await page.keyboard.press('Escape');
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(0);

    await page.reload();
    await expect(funnel.locator('tbody').getByRole('row').first()).toBeVisible();
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(0);
    await expect(funnel.getByRole('columnheader', { name: 'Prix', exact: true })).toHaveCount(1);

    // The lots table keeps its own choice.
    const lots = await openTable(page, '/lots', 'Lots', 'Tableau des lots');
    await expect(lots.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);

    // Shown again from the menu.
    const funnelAgain = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Étage' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitemcheckbox', { name: 'Étage' }).click();
    await page.keyboard.press('Escape');
    await expect(funnelAgain.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);
  });
});

test.describe('the candidate screens fit a 390 px phone (issue 9, item 2)', () => {
  test('home, the price grid and the reservation form do not scroll sideways', async ({ page, request }) => {
    const formId = await candidateForm(request);
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageOverflow(page), 'home').toBeLessThanOrEqual(0);

    await page.goto('/grille-des-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'Grille des prix' })).toBeVisible();
    await expect(page.getByRole('table').locator('tbody').getByRole('row').first()).toBeVisible();
    expect(await pageOverflow(page), 'price grid').toBeLessThanOrEqual(0);

    await page.goto(`/candidate/form/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Formulaire de réservation' })).toBeVisible();
    expect(await pageOverflow(page), 'reservation form').toBeLessThanOrEqual(0);
  });
});
