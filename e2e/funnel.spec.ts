import type { ApplicationsPage } from '@promovente/shared';
import { APPLICATION_ACTIONS, formatCHF, PIPELINE_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, downloadWorkbook, expect, seriousViolations, signIn, test } from './support/fixtures.js';

type Page = import('@playwright/test').Page;

/** Opens the funnel from the main menu and waits for its first list answer. */
const openFunnel = async (page: Page): Promise<ApplicationsPage> => {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/applications' && response.ok());
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tunnel de vente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tunnel de vente' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  return (await answer).json();
};

/** The "N dossiers" count above the table. */
const shownTotal = async (page: Page) => {
  const text = await page.getByText(/^\d+ dossiers?$/).textContent();
  return Number(text?.split(' ')[0]);
};

const bodyRows = (page: Page) => page.getByRole('table').locator('tbody').getByRole('row');

test.describe('sales funnel (docs/product/funnel.md#screens)', () => {
  test('a broker filters by stage, sorts, simplifies the view and exports the list', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const first = await openFunnel(page);
    expect(first.total).toBeGreaterThan(0);
    await expect(bodyRows(page).first()).toBeVisible();
    expect(await shownTotal(page)).toBe(first.total);

    // Every column of 2.2, in order.
    const headers = page.getByRole('columnheader');
    for (const name of [
      'Priorité',
      'Client',
      'Statut',
      'Immeuble',
      'Lot',
      'Pièces',
      'Sur.',
      'Étage',
      'Prix',
      'FR',
      'AC',
      'FIN',
      'SIGN PdV',
      'SIGN',
      'À faire',
    ]) {
      await expect(headers.filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
    }

    // The stage arrows filter: only 'Réservé' rows, then back.
    const arrows = page.getByRole('group', { name: 'Filtrer par statut' });
    for (const label of ['Optionné', 'Réservé', 'Promesse de vente', 'Vendu']) {
      await expect(arrows.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    const reserved = arrows.getByRole('button', { name: /^Réservé/ });
    const reservedCount = Number((await reserved.textContent())?.replace(/\D/g, ''));
    await reserved.click();
    await expect(page).toHaveURL(/status=1/);
    await expect(reserved).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(new RegExp(`^${reservedCount} dossiers?$`))).toBeVisible();
    const statuses = await bodyRows(page).locator('td:nth-child(4)').allTextContents();
    expect(statuses.length).toBe(Math.min(reservedCount, 50));
    expect(new Set(statuses)).toEqual(new Set(['Réservé']));
    await page.getByRole('button', { name: 'Réinitialiser le filtre' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByText(new RegExp(`^${first.total} dossiers?$`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toHaveCount(0);

    // Sort: a new column starts descending, the same column flips.
    const price = page.getByRole('columnheader', { name: 'Prix' });
    await price.getByRole('button').click();
    await expect(page).toHaveURL(/orderBy=price&order=desc/);
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    const amounts = async () =>
      (await bodyRows(page).locator('td:nth-child(10)').allTextContents()).map((text) => Number(text.split(' CHF')[0].replace(/\D/g, '')));
    await expect
      .poll(async () => {
        const values = await amounts();
        return values[0] >= values[values.length - 1];
      })
      .toBe(true);
    await price.getByRole('button').click();
    await expect(page).toHaveURL(/orderBy=price&order=asc/);
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(async () => {
        const values = await amounts();
        return values[0] <= values[values.length - 1];
      })
      .toBe(true);

    // The simplified view hides FR to SIGN, and keeps 'À faire'.
    await page.getByLabel('Vue simplifiée').click();
    await expect(page.getByLabel('Vue simplifiée')).toBeChecked();
    for (const name of ['FR', 'AC', 'FIN', 'SIGN PdV', 'SIGN']) {
      await expect(headers.filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(0);
    }
    await expect(headers.filter({ hasText: /^À faire$/ })).toHaveCount(1);
    await page.getByLabel('Vue simplifiée').click();
    await expect(page.getByLabel('Vue simplifiée')).not.toBeChecked();
    await expect(headers.filter({ hasText: /^FR$/ })).toHaveCount(1);

    // The late-tasks toggle narrows the list and shows the reset link.
    await page.getByLabel('Tâches en retard uniquement').click();
    await expect(page.getByLabel('Tâches en retard uniquement')).toBeChecked();
    await expect(page).toHaveURL(/onlyLateTasks=1/);
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toBeVisible();
    expect(await shownTotal(page)).toBeLessThanOrEqual(first.total);
    await page.getByRole('button', { name: 'Réinitialiser le filtre' }).click();
    await expect(page).not.toHaveURL(/onlyLateTasks/);
    // The count of the whole list again, once the list has been read (not the late list's, still
    // on screen for a moment after the URL changed).
    await expect(page.getByText(new RegExp(`^${first.total} dossiers?$`))).toBeVisible();

    // 'Exporter': the .xlsx holds every filtered row (all pages).
    const total = await shownTotal(page);
    const workbook = await downloadWorkbook(page, 'Exporter', '/api/applications/download');
    const sheet = workbook.getWorksheet('Tunnel de vente');
    expect((sheet?.rowCount ?? 0) - 1).toBe(total);
    expect(sheet?.getRow(1).getCell(3).value).toBe('Client');
  });

  test("a broker's right-click menu lists the row's actions; 'Historique' opens the logs and the PDF downloads", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const list = await openFunnel(page);
    const row = list.data[0];
    const tableRow = bodyRows(page)
      .filter({ has: page.getByRole('link', { name: row.lot.reference, exact: true }) })
      .first();

    // The menu shows exactly the actions the server computed for this row, in two columns.
    await tableRow.click({ button: 'right' });
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const expected = row.actions.map((action) => APPLICATION_ACTIONS[action].label);
    // Below the actions, the reservation form in a new tab.
    await expect(menu.getByRole('menuitem')).toHaveText([...expected, 'Formulaire de réservation']);
    for (const always of ['Prix négocié', 'Modifier les statuts', 'Supprimer le dossier', 'Historique', 'Télécharger le PDF']) {
      expect(expected).toContain(always);
    }
    await expect(menu.getByRole('group', { name: 'Dossier' })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Suivi' })).toBeVisible();

    // A modal action opens its modal once it has read the whole application (the page's rows are
    // lean: issue 20), Escape closes it.
    await menu.getByRole('menuitem', { name: 'Prix négocié' }).click();
    await expect(menu).toHaveCount(0);
    const modal = page.getByRole('dialog', { name: 'Prix négocié' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(`Prix du lot : ${formatCHF(row.lot.total_price)}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);

    // 'Télécharger le PDF' (keyboard path): the warning toast, then the signed URL in a new tab.
    const answer = page.waitForResponse((response) => response.url().includes(`/api/applications/${row.public_id}/pdf`));
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: `Actions du dossier ${row.lot.reference} de ${row.candidacy1.candidate.full_name}` }).click();
    await page.getByRole('menuitem', { name: 'Télécharger le PDF' }).click();
    await expect(
      page.getByText(new RegExp(`^(${PIPELINE_MESSAGES.pdfGenerating}|${PIPELINE_MESSAGES.pdfDownloading.replace('...', '')})`)).first(),
    ).toBeVisible();
    const { data: url } = await (await answer).json();
    await (await popup).close().catch(() => {});
    const file = await page.request.get(url);
    expect(file.ok()).toBe(true);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // 'Historique' opens the logs of that application.
    await tableRow.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Historique', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/logs\\?application_id=${row.id}$`));
  });

  test('the query application narrows the funnel; the lot reference opens the lots screen', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const list = await openFunnel(page);
    const row = list.data[list.data.length - 1];
    await page.goto(`/tunnel-de-vente?application=${row.id}`);
    await expect(page.getByText(/^1 dossier$/)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toBeVisible();
    await bodyRows(page).getByRole('link', { name: row.lot.reference, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/lots\\?lot=${row.lot.public_id}`));
  });

  test("an architect sees the funnel without the menu's first column", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.architect);
    await expect(page).toHaveURL(/\/dashboard$/);
    const list = await openFunnel(page);
    expect(list.total).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Exporter' })).toHaveCount(0);
    await bodyRows(page).first().click({ button: 'right' });
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Fichiers' })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Dossier' })).toHaveCount(0);
    for (const name of ['Prix négocié', 'Modifier les statuts', 'Supprimer le dossier', 'Télécharger le PDF']) {
      await expect(menu.getByRole('menuitem', { name })).toHaveCount(0);
    }
  });

  test('a candidate cannot open the funnel', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/tunnel-de-vente');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText("Vous n'êtes pas autorisé à effectuer cette action.")).toBeVisible();
  });

  test('axe finds no serious or critical violation on the funnel and its menu', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openFunnel(page);
    expect(await seriousViolations(page)).toEqual([]);
    await bodyRows(page).first().click({ button: 'right' });
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the reservation form from the funnel (docs/product/reservation-form.md#screens)', () => {
  test("a broker opens an application's reservation form in a new tab from its row menu", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const list = await openFunnel(page);
    const row = list.data[0];
    await page
      .getByRole('button', { name: `Actions du dossier ${row.lot.reference} de ${row.candidacy1.candidate.full_name}` })
      .first()
      .click();
    const link = page.getByRole('menuitem', { name: 'Formulaire de réservation', exact: true });
    await expect(link).toHaveAttribute('href', `/candidate/form/${row.public_id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    const popup = page.context().waitForEvent('page');
    await link.click();
    const tab = await popup;
    await expect(tab).toHaveURL(new RegExp(`/candidate/form/${row.public_id}$`));
    await expect(tab.getByRole('heading', { level: 1, name: 'Formulaire de réservation' })).toBeVisible();
    await tab.close();
    // The funnel stays where it was.
    await expect(page).toHaveURL(/\/tunnel-de-vente/);
  });
});
