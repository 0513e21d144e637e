import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/**
 * The FAQ (docs/product/faq.md) and the candidate record (docs/product/candidate-record.md),
 * driven as the demo broker. The FAQ scenario adds its own question and deletes it again, so the
 * demo's questions stay as seeded.
 */
const DESK = { width: 1440, height: 900 };

test.describe('the FAQ', () => {
  test('a broker adds a question, opens its answer, and deletes it after the confirmation', async ({ page }) => {
    const question = `Zz question de test ${Date.now()}`;
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/FAQ');
    await expect(page).toHaveTitle(/FAQ/);
    await expect(
      page.getByText('Vous retrouverez ici les questions fréquentes. Cliquez sur une question afin de visualiser les conseils proposés.'),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Questions fréquentes' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const before = await list.getByRole('listitem').count();
    expect(before).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    const form = page.getByRole('form', { name: 'Ajouter une question' });
    // A plain broker does not write for every promotion (docs/decisions/018-faq-global-questions-and-demo-mode.md).
    await expect(form.getByLabel('Ajouter pour toutes les promotions')).toHaveCount(0);
    await expect(form.getByLabel('Réponse')).toHaveAttribute('rows', '10');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await expect(form.getByText('Question requise')).toBeVisible();
    await form.getByLabel('Question').fill(question);
    await form.getByLabel('Réponse').fill('Une réponse de test.');
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Question ajoutée')).toBeVisible();

    const item = list.getByRole('listitem').filter({ hasText: question });
    await expect(list.getByRole('listitem')).toHaveCount(before + 1);
    await item.getByRole('button', { name: new RegExp(question) }).click();
    await expect(item.getByText('Une réponse de test.')).toBeVisible();

    await item.getByRole('button', { name: `Supprimer la question ${before + 1}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer la question' });
    await expect(dialog.getByText('Voulez-vous vraiment supprimer cette Question ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Question supprimée')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(before);
    await expect(list.getByText(question)).toHaveCount(0);
  });
});

test.describe('the candidate record', () => {
  test('opens from the candidates screen, keeps the chosen menu and jumps to another candidate by search', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/candidats');
    const links = page.getByRole('table').getByTitle('Ouvrir la fiche du candidat');
    await expect(links.first()).toBeVisible();
    const first = (await links.nth(0).textContent())?.trim() ?? '';
    const second = (await links.nth(1).textContent())?.trim() ?? '';
    expect(first).not.toBe(second);

    await links.nth(0).click();
    await expect(page).toHaveURL(/\/candidate\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Menus du candidat' });
    await expect(tabs.getByRole('tab')).toHaveText(['Informations', 'Candidatures', 'Documents', 'Commentaires', 'Messages']);

    await tabs.getByRole('tab', { name: 'Candidatures' }).click();
    await expect(tabs.getByRole('tab', { name: 'Candidatures' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('region').first()).toBeVisible();
    await tabs.getByRole('tab', { name: 'Messages' }).click();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Nouvelle discussion' })).toBeVisible();

    // The chosen menu is kept in the browser: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Rechercher un candidat').fill(second);
    const found = page.getByRole('list', { name: 'Candidats trouvés' }).getByRole('link').filter({ hasText: second }).first();
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Informations' }).click();
    await expect(page.getByText('Profession', { exact: true })).toBeVisible();
  });

  test("lists an application's lot with its rooms, living area, total price and floor", async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/candidats');
    await page.getByRole('table').getByTitle('Ouvrir la fiche du candidat').first().click();
    await expect(page).toHaveURL(/\/candidate\/\d+$/);
    await page.getByLabel('Rechercher un candidat').fill('Thomas Berset');
    await page.getByRole('list', { name: 'Candidats trouvés' }).getByRole('link').filter({ hasText: 'Thomas Berset' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thomas Berset' })).toBeVisible();
    await page.getByRole('tab', { name: 'Candidatures' }).click();
    const candidacy = page.getByRole('tabpanel').getByRole('region', { name: 'Candidature Les Terrasses du Lac' });
    const lot = candidacy.getByRole('listitem').first();
    await expect(lot).toContainText(/\d(,\d)? pièces?/);
    await expect(lot).toContainText(/\d(,\d+)? m²/);
    await expect(lot).toContainText(/\d{1,3}('\d{3})+ CHF/);
    await expect(lot.getByRole('definition')).toHaveCount(4);
  });
});
