import { DEMO_ACCOUNTS, downloadWorkbook, expect, signIn, test } from './support/fixtures.js';

const openLots = async (page: import('@playwright/test').Page) => {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lots' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
};

/** The "N lots" count above the table. */
const shownTotal = async (page: import('@playwright/test').Page) => {
  const text = await page.getByText(/^\d+ lots?$/).textContent();
  return Number(text?.split(' ')[0]);
};

/** The answer of the lots list filtered on 'Disponible' (status 0), once it has arrived. */
const waitForAvailableLots = (page: import('@playwright/test').Page) =>
  page.waitForResponse((response) => /\/api\/lots\?(.*&)?status=0(&|$)/.test(response.url()) && response.ok());

test.describe('lots screen (docs/product/lots.md#screens)', () => {
  test('a broker sets a lot to PRS and back, changes its price and reads the history', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLots(page);

    // The status arrows: keep only the available lots.
    const arrows = page.getByRole('group', { name: 'Filtrer par statut' });
    // The table keeps the previous rows while the filtered ones load: wait for them.
    const filtered = waitForAvailableLots(page);
    await arrows.getByRole('button', { name: /^Disponible/ }).click();
    await filtered;
    await expect(page).toHaveURL(/status=0/);
    await expect(arrows.getByRole('button', { name: /^Disponible/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Réinitialiser le filtre' })).toBeVisible();

    const firstActions = page.getByRole('button', { name: /^Actions du lot / }).first();
    const reference = ((await firstActions.getAttribute('aria-label')) ?? '').replace('Actions du lot ', '');
    expect(reference).not.toBe('');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Actions du lot ${reference}`, exact: true }) });

    // Right-click: the context menu puts it in PRS; it leaves the 'Disponible' list.
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Passer en PRS' }).click();
    await expect(page.getByText('Statut mis à jour')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Show every status again, and find the lot by its reference.
    await page.getByRole('button', { name: 'Réinitialiser le filtre' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(reference);
    await expect(page).toHaveURL(/search=/);
    await expect(row.getByText('PRS', { exact: true }).first()).toBeVisible();

    // The keyboard path: the row's Actions button, back to available.
    await row.getByRole('button', { name: `Actions du lot ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Remettre en Disponible' }).click();
    await expect(page.getByText('Statut mis à jour').last()).toBeVisible();
    await expect(row.getByText('Disponible', { exact: true })).toBeVisible();

    // Change the price, then read it in the lot history.
    await row.getByRole('button', { name: `Actions du lot ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier le prix' }).click();
    const dialog = page.getByRole('dialog', { name: `Modifier le prix du lot ${reference}` });
    const priceField = dialog.getByLabel('Prix (CHF)');
    const before = Number(await priceField.inputValue());
    const after = before + 1000;
    await priceField.fill(String(after));
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Lot mis à jour')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await row.getByRole('button', { name: `Actions du lot ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Historique du lot' }).click();
    const history = page.getByRole('dialog', { name: `Historique du lot ${reference}` });
    const formatted = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "'")} CHF`;
    const priceRow = history.getByRole('row').filter({ hasText: formatted(after) });
    await expect(priceRow.first()).toContainText('courtier@demo.ch');
    await expect(priceRow.first()).toContainText('Prix');
    await expect(priceRow.first()).toContainText(formatted(before));
    await expect(history.getByRole('row').filter({ hasText: 'Statut' }).first()).toContainText('PRS');
    await page.keyboard.press('Escape');

    // Put the demo price back.
    await row.getByRole('button', { name: `Actions du lot ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier le prix' }).click();
    await dialog.getByLabel('Prix (CHF)').fill(String(before));
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a broker adds a task to a lot, sees it on the row, opens it and finishes it', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLots(page);
    const firstActions = page.getByRole('button', { name: /^Actions du lot / }).first();
    const reference = ((await firstActions.getAttribute('aria-label')) ?? '').replace('Actions du lot ', '');
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(reference);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Actions du lot ${reference}`, exact: true }) });

    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    await dialog.getByLabel('Titre *').fill('Relancer le notaire pour le plan');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog).toHaveCount(0);

    const badge = row.getByRole('button', { name: /^Tâche Relancer le notaire pour le plan/ });
    await expect(badge).toBeVisible();
    await badge.click();
    const task = page.getByRole('dialog', { name: 'Relancer le notaire pour le plan' });
    await task.getByRole('button', { name: 'Marquer comme terminée' }).click();
    await expect(row.getByRole('button', { name: /^Tâche Relancer le notaire pour le plan/ })).toHaveCount(0);
  });

  test("a broker attributes a lot from its row to a candidate of his agency: the lot becomes 'Optionné'", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const lastName = `Ligne${stamp}`;
    const fullName = `Denis ${lastName}`;

    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A candidate of the broker's agency, created for the scenario.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
    await page.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const create = page.getByRole('dialog', { name: 'Ajouter un candidat' });
    await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
    await create.getByLabel('Priorité *').selectOption({ label: 'B' });
    await create.getByLabel('Prénom *').fill('Denis');
    await create.getByLabel('Nom *', { exact: true }).fill(lastName);
    await create.getByLabel('E-mail *').fill(`denis.${stamp}@exemple.ch`);
    await create.getByRole('button', { name: 'Créer le candidat' }).click();
    await expect(create).toHaveCount(0);

    // An available lot, found by its reference.
    await openLots(page);
    const filtered = waitForAvailableLots(page);
    await page
      .getByRole('group', { name: 'Filtrer par statut' })
      .getByRole('button', { name: /^Disponible/ })
      .click();
    await filtered;
    await expect(page).toHaveURL(/status=0/);
    const firstActions = page.getByRole('button', { name: /^Actions du lot / }).first();
    const reference = ((await firstActions.getAttribute('aria-label')) ?? '').replace('Actions du lot ', '');
    expect(reference).not.toBe('');
    await page.getByRole('button', { name: 'Réinitialiser le filtre' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(reference);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Actions du lot ${reference}`, exact: true }) });
    await expect(row.getByText('Disponible', { exact: true })).toBeVisible();

    // Right-click: 'Attribuer le lot', search the candidate, priority 9 by default.
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Attribuer le lot' }).click();
    const dialog = page.getByRole('dialog', { name: `Attribuer le lot ${reference}` });
    const submit = dialog.getByRole('button', { name: 'Attribuer' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByLabel('Priorité *')).toHaveValue('9');
    await dialog.getByLabel('Rechercher un candidat').fill(lastName);
    const candidate = dialog.getByLabel('Candidat *');
    await expect(candidate.locator('option', { hasText: fullName })).toHaveCount(1);
    const choice = (await candidate.locator('option', { hasText: fullName }).textContent()) ?? '';
    await candidate.selectOption({ label: choice });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Lot attribué')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Optionné', { exact: true })).toBeVisible();

    // The picker now marks the candidate 'Existe déjà' and does not offer him again.
    await row.getByRole('button', { name: `Actions du lot ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Attribuer le lot' }).click();
    await dialog.getByLabel('Rechercher un candidat').fill(lastName);
    const held = dialog.getByLabel('Candidat *').locator('option', { hasText: fullName });
    await expect(held).toHaveText(/\(Existe déjà\)$/);
    await expect(held).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toHaveCount(0);

    // Clean up: deleting the candidate releases the lot.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(lastName);
    const candidateRow = page.getByRole('row').filter({ hasText: fullName });
    await expect(candidateRow).toContainText('Client');
    await candidateRow.getByRole('button', { name: `Actions de ${fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer le candidat' }).click();
    await page
      .getByRole('dialog', { name: `Supprimer ${fullName}` })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(candidateRow).toHaveCount(0);
  });

  test("a broker downloads 'Liste des lots' with the table's rows", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLots(page);
    const filtered = waitForAvailableLots(page);
    await page
      .getByRole('group', { name: 'Filtrer par statut' })
      .getByRole('button', { name: /^Disponible/ })
      .click();
    await filtered;
    await expect(page).toHaveURL(/status=0/);
    await expect(page.getByText(/^\d+ lots?$/)).toBeVisible();
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(0);

    const workbook = await downloadWorkbook(page, 'Liste des lots', '/api/lots/download');
    const sheet = workbook.getWorksheet('Lots');
    expect((sheet?.rowCount ?? 0) - 1).toBe(total);
    const statuses = new Set<string>();
    sheet?.eachRow((r, index) => {
      if (index > 1) statuses.add(String(r.getCell(1).value));
    });
    expect([...statuses]).toEqual(['Disponible']);
  });

  test("a candidate sees the 'Grille des prix' without the staff columns and the status bar", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Grille des prix' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grille des prix' })).toBeVisible();
    const table = page.getByRole('table');
    for (const shown of ['Statut', 'Lot', 'Immeuble', 'Étage', 'Pièces', 'Prix']) {
      await expect(table.getByRole('columnheader', { name: shown, exact: true })).toBeVisible();
    }
    for (const hidden of ['PRS', 'Lot PPE', 'Feuillet PPE', 'Candidats', 'Tâches', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: hidden, exact: true })).toHaveCount(0);
    }
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await expect(page.getByRole('group', { name: 'Filtrer par statut' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Liste des lots' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions du lot / })).toHaveCount(0);
  });
});
