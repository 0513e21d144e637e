import { MARKETING_MESSAGES, MESSAGES } from '@promovente/shared';
import { pdfText } from '../apps/server/src/test/pdf-text';
import { DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

/**
 * Marketing (docs/product/marketing.md): a broker adds a campaign with a document, sorts and
 * filters the table, adds a report and reads its PDF back. Its rows sort after the demo's
 * ('Zz …') and the campaign is deleted at the end.
 */
const DESK = { width: 1440, height: 900 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a broker adds a campaign with a document, sorts and filters, adds a report and downloads its PDF', async ({ page }) => {
  const title = `Zz Campagne radio ${Date.now()}`;
  await page.setViewportSize(DESK);
  await signIn(page, DEMO_ACCOUNTS.broker);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Tableau des campagnes' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Tableau des rapports' })).toBeVisible();
  // One reset, the campaigns table's own: no filter bar above the screen.
  await expect(page.getByRole('region', { name: 'Filtres' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Réinitialiser/ })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Add: 'Titre *' required, the end cannot be picked before the start.
  await page.getByRole('button', { name: 'Ajouter une campagne' }).click();
  const form = page.getByRole('form', { name: 'Ajouter une campagne' });
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await expect(save).toBeDisabled();
  await form.getByLabel('Titre *').fill(title);
  await form.getByLabel('Méthode').fill('Radio');
  await form.getByLabel('Prix (CHF)').fill('99999');
  await form.getByLabel('Début').fill('2026-01-10');
  await expect(form.getByLabel('Fin', { exact: true })).toHaveAttribute('min', '2026-01-10');
  await form.getByLabel('Fin', { exact: true }).fill('2026-01-20');
  await expect(form.getByLabel('Début')).toHaveAttribute('max', '2026-01-20');
  await form.getByLabel('Lien').fill('www.radio-chablais.ch');
  await form.getByLabel('Documents').setInputFiles({ name: 'plan-media.pdf', mimeType: 'application/pdf', buffer: PDF });
  await save.click();
  await expect(page.getByText(MESSAGES.changesSaved)).toBeVisible();

  // Sort by price, descending: the new campaign (99'999 CHF) comes first.
  await table.getByRole('button', { name: 'Prix' }).click();
  await expect(page).toHaveURL(/orderBy=price&order=asc/);
  await table.getByRole('button', { name: 'Prix' }).click();
  await expect(page).toHaveURL(/order=desc/);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(title);
  await expect(first).toContainText("99'999 CHF");
  await expect(first).toContainText('10/01/2026');
  await expect(first).toContainText('1 document');

  // Filter: the search (300 ms), then 'Fin avant le', then reset.
  await page.getByLabel('Rechercher').fill('Zz Campagne radio');
  await expect(page).toHaveURL(/search=Zz/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
  await expect(table.getByRole('row')).not.toHaveCount(2);
  await page.getByLabel('Fin avant le').fill('2026-01-31');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(title);

  // The row menu: Documents lists the file; Visiter opens the url with a protocol-relative prefix.
  await table.getByRole('button', { name: `Actions de la campagne ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Visiter' })).toHaveAttribute('href', '//www.radio-chablais.ch');
  await page.getByRole('menuitem', { name: 'Documents' }).click();
  const documents = page.getByRole('dialog', { name: `Documents de la campagne ${title}` });
  await expect(documents.getByText('plan-media.pdf')).toBeVisible();
  await documents.getByRole('button', { name: 'Fermer' }).click();

  // A report: the visits start at the highest report's; the PDF holds the lots table.
  await page.getByRole('button', { name: 'Ajouter un rapport' }).click();
  const report = page.getByRole('form', { name: 'Ajouter un rapport' });
  const visits = report.getByLabel('Nombre de visites');
  const minimum = Number(await visits.getAttribute('min'));
  expect(minimum).toBeGreaterThan(0);
  await expect(visits).toHaveValue(String(minimum));
  await visits.fill(String(minimum + 4));
  await report.getByLabel('Visites futures').fill('5');
  await report.getByLabel('Capture des visites (PNG ou JPG)').setInputFiles({ name: 'visites.png', mimeType: 'image/png', buffer: PNG });
  await report.getByLabel('Points positifs').fill('Très bon accueil des acquéreurs.');
  await report.getByLabel('À faire').fill('Relancer les visiteurs.');
  await report.getByLabel('Problèmes').fill('Peu de places de parc.');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(MARKETING_MESSAGES.reportCreated)).toBeVisible();
  const reports = page.getByRole('table', { name: 'Tableau des rapports' });
  await expect(reports.getByRole('row').nth(1)).toContainText(String(minimum + 4));

  const answer = page.waitForResponse(
    (response) => /marketing-reports\/\d+$/.test(response.url()) && response.request().method() === 'GET',
  );
  const popup = page.context().waitForEvent('page');
  await reports
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /Télécharger le rapport/ })
    .click();
  const { data: url } = await (await answer).json();
  await (await popup).close().catch(() => {});
  const file = await page.request.get(url);
  expect(file.ok()).toBe(true);
  expect(file.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await file.body());
  for (const expected of ['Rapport marketing', 'Très bon accueil des acquéreurs.', 'Référence', 'Statut', 'Campagnes marketing']) {
    expect(text, expected).toContain(expected);
  }
  expect(text).toMatch(/\d{1,3}(?:'\d{3})+ CHF/);
  expect(text).toMatch(/Disponible|Réservé|Optionné|Signé/);

  // Clean up: the campaign goes, after its confirmation.
  await table.getByRole('button', { name: `Actions de la campagne ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await expect(page.getByText(MARKETING_MESSAGES.confirmDeleteCampaign)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(MARKETING_MESSAGES.campaignDeleted)).toBeVisible();
  await expect(page.getByText(MARKETING_MESSAGES.noCampaign)).toBeVisible();
});
