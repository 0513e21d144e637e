import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/**
 * The planning and the finances (docs/product/planning.md, docs/product/finances.md): a pilot adds,
 * edits and deletes a planning task and switches to the weekly view; he edits the finances, and
 * cancelling an edit brings the saved values back. The task is the spec's own (deleted at the
 * end); the finances value changed is put back.
 */
const DESK = { width: 1440, height: 900 };

test.describe('planning and finances', () => {
  test('a pilot adds, edits and deletes a planning task, and switches to weekly', async ({ page }) => {
    const title = `Zz contrôle e2e ${Date.now()}`;
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.pilot);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/planning');
    await expect(page).toHaveTitle(/Planning/);
    await expect(page.getByRole('button', { name: /^Gros œuvre, du / })).toBeVisible();

    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const form = page.getByRole('form', { name: 'Nouvelle tâche' });
    const submit = form.getByRole('button', { name: 'Valider', exact: true });
    await expect(submit).toBeDisabled();
    await form.getByLabel('Titre *').fill(title);
    await form.getByLabel('Catégorie *').selectOption({ label: 'Phase travaux' });
    await form.getByLabel('Date de début *').fill('2027-05-03');
    await expect(submit).toBeDisabled();
    await form.getByLabel('Date de fin *').fill('2027-05-21');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(form).toHaveCount(0);
    const bar = page.getByRole('button', { name: `${title}, du 03/05/2027 au 21/05/2027` });
    await expect(bar).toBeVisible();

    await bar.click();
    const edit = page.getByRole('form', { name: 'Modifier la tâche' });
    await expect(edit.getByLabel('Titre *')).toHaveValue(title);
    await edit.getByLabel('Date de fin *').fill('2027-06-30');
    await edit.getByLabel('Détails').fill('Contrôle des installations');
    await edit.getByRole('button', { name: 'Valider', exact: true }).click();
    const edited = page.getByRole('button', { name: `${title}, du 03/05/2027 au 30/06/2027` });
    await expect(edited).toBeVisible();

    // Each period opens on today, not on the planning's first period (January 2024 in the demo).
    const today = page.getByRole('img', { name: /^Aujourd’hui, le / });
    await expect(today).toBeInViewport();
    await page.getByRole('button', { name: 'Hebdomadaire', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Hebdomadaire', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(today).toBeInViewport();
    await expect(edited).toBeVisible();
    // The timeline scrolls inside its own region; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await edited.click();
    await page.getByRole('form', { name: 'Modifier la tâche' }).getByRole('button', { name: 'Supprimer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: /^Supprimer/ });
    await expect(confirm.getByText('Attention ! Toutes les données seront supprimées.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${title}`) })).toHaveCount(0);
  });

  test('a pilot edits the finances; cancel restores the saved values', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.pilot);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/finances');
    await expect(page).toHaveTitle(/Finances/);
    const land = page.getByRole('region', { name: 'Terrain' });
    const field = 'Prix par m² de terrain (CHF/m²)';
    const shown = land.getByRole('row', { name: /Prix par m² de terrain/ });
    const saved = (await shown.getByRole('cell').first().textContent()).trim();

    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const original = await page.getByLabel(field).inputValue();
    await page.getByLabel(field).fill("2'750");
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Changements enregistrés')).toBeVisible();
    await expect(shown.getByRole('cell').first()).toHaveText("2'750 CHF/m²");

    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.getByLabel(field).fill('9999');
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(shown.getByRole('cell').first()).toHaveText("2'750 CHF/m²");
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    // Edit mode writes the value as view mode shows it.
    await expect(page.getByLabel(field)).toHaveValue("2'750");

    // Put the demo value back.
    await page.getByLabel(field).fill(original);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(shown.getByRole('cell').first()).toHaveText(saved);
  });
});

test('an investor reads the planning and the finances on a phone (390 px), without sideways scrolling of the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_ACCOUNTS.investor);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/planning');
  // A phone reads the planning as a list, each task with its whole title.
  await expect(page.getByRole('list', { name: 'Tâches du planning' }).getByText('Gros œuvre', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter une tâche' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.goto('/finances');
  await expect(page.getByRole('region', { name: 'Ventes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
