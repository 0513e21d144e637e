import { PIPELINE_MESSAGES, REGISTRATION_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';
import { registrationLinkOf } from './support/registration.js';

test.describe('public candidate registration (docs/product/registration.md#screens)', () => {
  test('a visitor registers through the public link and the broker finds the new candidate', async ({ page, request }) => {
    const link = await registrationLinkOf(request, DEMO_ACCOUNTS.broker);
    const stamp = Date.now().toString(36);
    const lastName = `Inscrit${stamp}`;

    await page.goto(link.path);
    const heading = page.getByRole('heading', { level: 1, name: /^Créer un dossier sur le lot / });
    await expect(heading).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The required fields first.
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText(REGISTRATION_MESSAGES.lastNameRequired)).toBeVisible();

    await page.getByLabel('Nom*', { exact: true }).fill(lastName);
    await page.getByLabel('Prénom*', { exact: true }).fill('Camille');
    await page.getByLabel('Email*', { exact: true }).fill(`camille.${stamp}@exemple.ch`);
    await page.getByLabel('Téléphone').fill('+41 79 123 45 67');
    await page.getByLabel('Adresse').fill('Chemin des Vignes 2');
    await page.getByLabel('Ville').fill('Morges');
    await page.getByLabel('Code Postal').fill('1110');
    await page.getByLabel('Message').fill('Je cherche un 3.5 pièces.');
    await page.getByRole('button', { name: 'Valider' }).click();

    const thanks = page.getByRole('dialog', { name: REGISTRATION_MESSAGES.thanks });
    await expect(thanks).toBeVisible();
    await expect(thanks.getByText(PIPELINE_MESSAGES.registered)).toBeVisible();
    await expect(thanks.getByRole('link', { name: REGISTRATION_MESSAGES.backToSite })).toHaveAttribute('href', /^https?:\/\//);
    expect(await seriousViolations(page)).toEqual([]);
    await thanks.getByRole('button', { name: 'Fermer' }).click();
    await expect(thanks).toHaveCount(0);

    // The broker of the promotion sees the new Prospect in his candidates list.
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
    await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(lastName);
    const row = page.getByRole('row').filter({ hasText: `Camille ${lastName}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Prospect');
  });

  test("a broken link shows 'Lien invalide'", async ({ page }) => {
    await page.goto('/candidate/register/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toHaveText(PIPELINE_MESSAGES.invalidLink);
    await expect(page.getByRole('button', { name: 'Valider' })).toHaveCount(0);
    await page.goto('/candidate/register/pas-un-lien');
    await expect(page.getByRole('alert')).toHaveText(PIPELINE_MESSAGES.invalidLink);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the page fits a phone', async ({ page, request }) => {
    const link = await registrationLinkOf(request, DEMO_ACCOUNTS.broker);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(link.path);
    await expect(page.getByRole('button', { name: 'Valider' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
