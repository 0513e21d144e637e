import { MESSAGES } from '@promovente/shared';
import sharp from 'sharp';
import { apiSession, DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

// The promotion administration (docs/product/promotion-administration.md): the demo admin
// (admin@demo.ch, a broker with the admin flag) creates a promotion with a logo, opens it from
// 'Mes promotions' and saves a setting; a broker without the flag reads the same menu.

const logoPng = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 15, g: 85, b: 150 } } })
    .png()
    .toBuffer();

test.describe('promotion administration (docs/product/promotion-administration.md#screens)', () => {
  // Opening the new promotion makes it the admin's current one, stored on the server: it is put
  // back whatever happens, since the next files of the worker open the admin's current promotion
  // (e2e/promotion-people.spec.ts reads the demo's notaries there).
  let restoreAdminPromotion: (() => Promise<unknown>) | null = null;
  test.beforeEach(async ({ request }) => {
    const admin = await apiSession(request, DEMO_ACCOUNTS.admin);
    const { promotion_id: previous } = await admin.get<{ promotion_id: number }>('user/promotion');
    restoreAdminPromotion = async () => {
      await admin.put('user/promotion', { promotion: previous });
      await admin.close();
    };
  });
  test.afterEach(async () => {
    await restoreAdminPromotion?.();
    restoreAdminPromotion = null;
  });

  test('the admin creates a promotion with a logo, opens it and saves a setting', async ({ page }) => {
    // A title after the demo promotions': the others' accounts keep their first promotion by title.
    const title = `Vignes du Lac ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);

    // Mes promotions: the admin's button opens the creation form.
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes promotions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Promotions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ajouter une promotion' }).click();
    await expect(page).toHaveURL(/\/promotions\/add$/);
    await expect(page.getByLabel('Courtier principal').locator('option').nth(1)).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Titre', { exact: true }).fill(title);
    await page.getByLabel('Site de la promotion', { exact: true }).fill('www.jardins-du-lac.ch');
    await page.getByLabel('Rechercher un courtier').fill('Favre');
    const broker = page.getByLabel('Courtier principal');
    await expect(broker.locator('option', { hasText: 'Julien Favre' })).toHaveCount(1);
    await broker.selectOption({ label: `Julien Favre (${DEMO_ACCOUNTS.broker})` });
    // An image that is no PNG or JPG: the server's reason, not 'Une erreur est survenue'.
    await page.getByLabel('Image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="x()"/>') });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const refused = page.getByText('Le logo doit être une image PNG ou JPG');
    await expect(refused).toBeVisible();
    await expect(page).toHaveURL(/\/promotions\/add$/);
    await page.getByLabel('Image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    // Back on the list: 'Promotion créée' in place of the failure, the new card with its logo and the main broker's agency.
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByText('Promotion créée')).toBeVisible();
    await expect(refused).toHaveCount(0);
    const searchBox = page.getByLabel('Rechercher une promotion');
    if (await searchBox.isVisible()) await searchBox.fill(title);
    const card = page.getByRole('button', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
    await card.click();

    // The record opens on it, on the Informations menu.
    await expect(page).toHaveURL(/\/promotion$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Informations' }).click();
    await expect(page.getByRole('img', { name: 'Logo de la promotion' })).toHaveAttribute('src', /^\/api\/images\//);
    await expect(page.getByRole('link', { name: 'Tester le lien' })).toHaveAttribute('href', 'https://www.jardins-du-lac.ch');

    const save = page.getByRole('button', { name: 'Enregistrer' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Identifiant Google Tag Manager').fill('GTM-JARDINS');
    await page.getByLabel('Date de début').fill('2026-09-01');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(MESSAGES.changesSaved)).toBeVisible();
    await expect(save).toBeDisabled();

    // Saved: a reload shows the stored values.
    await page.reload();
    await expect(page.getByLabel('Identifiant Google Tag Manager')).toHaveValue('GTM-JARDINS');
    await expect(page.getByLabel('Date de début')).toHaveValue('2026-09-01');

    // The registration link, as a full address, with its copy button.
    await expect(page.getByLabel("Lien du formulaire d'inscription")).toHaveValue(
      /^http:\/\/127\.0\.0\.1:\d+\/candidate\/register\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a broker without the admin flag reads the Informations menu without changing it', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/promotions');
    await expect(page.getByRole('link', { name: 'Ajouter une promotion' })).toHaveCount(0);
    await page.getByRole('list', { name: 'Promotions' }).getByRole('button').first().click();
    await expect(page).toHaveURL(/\/promotion$/);
    await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Informations' }).click();
    await expect(page.getByLabel('Titre', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Site de la promotion', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(page.getByLabel('Logo', { exact: true })).toHaveCount(0);
  });
});
