import { DEMO_ACCOUNTS, expect, signIn, signOut, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

/**
 * The people menus of the promotion record (docs/product/promotion-administration.md#people-menus):
 * the admin's main-notary toggle and the invitation that replaces the spec's default password
 * (docs/decisions/013-invitation-instead-of-default-password.md); a plain broker reads only.
 */
/** The sales desk's screen: the people tables fit it without sideways scrolling. */
const DESK = { width: 1440, height: 900 };
const overflow = (box: import('@playwright/test').Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);

const openMenu = async (page: import('@playwright/test').Page, menu: string) => {
  await page.goto('/promotion');
  await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: menu }).click();
};

test.describe('the people of a promotion', () => {
  test('the admin toggles the main notary; the answer replaces the list', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await openMenu(page, 'Notaires');
    const row = page.getByRole('row', { name: new RegExp(DEMO_ACCOUNTS.notary.replace('.', '\\.')) });
    await row.getByRole('button', { name: 'Retirer en tant que principal' }).click();
    await expect(row.getByRole('button', { name: 'Ajouter en tant que principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retirer en tant que principal' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Ajouter en tant que principal' }).click();
    await expect(row.getByRole('button', { name: 'Retirer en tant que principal' })).toBeVisible();
    await expect(row.getByText('Principal', { exact: true })).toBeVisible();
    expect(await overflow(page.getByRole('region', { name: 'Tableau des notaires' })), 'the table scrolls sideways').toBeLessThanOrEqual(0);
  });

  test('the admin creates a promoter, who sets his password from the invitation and signs in', async ({ page }) => {
    const email = `promoteur.${Date.now()}@exemple.ch`;
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await openMenu(page, 'Promoteurs');
    await page.getByRole('button', { name: 'Créer un promoteur' }).click();
    const form = page.getByRole('form', { name: 'Créer un promoteur' });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('Le prénom est requis')).toBeVisible();
    await form.getByLabel('Prénom').fill('Marc');
    await form.getByLabel('Nom', { exact: true }).fill('Bolay');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row.getByText(/^Invitation envoyée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(row.getByRole('button', { name: "Renvoyer l'invitation" })).toBeVisible();
    expect(await overflow(page.getByRole('region', { name: 'Tableau des promoteurs' })), 'the table scrolls sideways').toBeLessThanOrEqual(
      0,
    );

    const mail = await waitForMail(email, /password\/update\//);
    expect(mail.text).toContain('en tant que promoteur de la promotion');
    const link = /(http:\/\/[^\s"<]+\/password\/update\/[A-Za-z0-9_-]+\?email=[^\s"<]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await signOut(page);
    await page.goto(link as string);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('promoteur-2027');
    await page.getByLabel('Confirmation du mot de passe').fill('promoteur-2027');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Mot de passe bien modifié')).toBeVisible();
    await signIn(page, email, 'promoteur-2027');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
    await signOut(page);

    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await openMenu(page, 'Promoteurs');
    await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).getByText('Compte activé')).toBeVisible();
  });

  test('a broker without the admin flag reads the menus without any action', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).not.toHaveURL(/\/login/);
    await openMenu(page, 'Notaires');
    await expect(page.getByRole('row', { name: new RegExp(DEMO_ACCOUNTS.notary.replace('.', '\\.')) })).toBeVisible();
    const menu = page.getByRole('region', { name: 'Notaires' });
    await expect(menu.getByRole('button')).toHaveCount(0);
    await openMenu(page, 'Promoteurs');
    await expect(page.getByRole('button', { name: 'Créer un promoteur' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ajouter un promoteur existant' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retirer de la promotion' })).toHaveCount(0);
  });
});
