import { DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

test.describe('demo access (docs/product/access.md#login)', () => {
  test('the demo page offers the eight roles and prefills the chosen account', async ({ page }) => {
    await page.goto('/demo');
    const roles = ['Courtier', 'Promoteur', 'Banquier', 'Architecte', 'Notaire', 'Candidat', 'Pilote', 'Investisseur'];
    for (const role of roles) await expect(page.getByRole('link', { name: role, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Notaire', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?demo=notary/);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(DEMO_ACCOUNTS.notary);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // Demo mode stored locally shows the demo user switcher.
    await expect(page.getByLabel('Compte démo')).toBeVisible();
  });

  test('a visitor requests a demo access from the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Nom complet').fill('Mathilde Rochat');
    await page.getByLabel('E-mail de contact').fill('mathilde.rochat@bluewin.ch');
    await page.getByLabel('Téléphone').fill('+41 79 555 12 34');
    await page.getByRole('button', { name: 'Demander un accès démo' }).click();
    await expect(page.getByText('Vous recevrez sous peu un accès démo par mail')).toBeVisible();
  });
});

test.describe('profile menu (docs/product/layout.md#profile-menu)', () => {
  test("a broker reaches 'Mes promotions' from the profile menu", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Mes promotions' }).click();
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page).toHaveTitle('Promovente | Mes promotions');
  });
});

test.describe('notifications (docs/product/layout.md#notifications)', () => {
  test('the bell shows the unread count and marks notifications read one at a time', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ non lues$/ });
    await expect(bell).toBeVisible();
    const before = Number(/(\d+) non lues/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.click();
    const buttons = page.getByRole('button', { name: 'Marquer comme lu' });
    await expect(buttons).toHaveCount(Math.min(before, 50));
    await buttons.first().click();
    await expect(page.getByRole('button', { name: before > 1 ? `Notifications, ${before - 1} non lues` : 'Notifications' })).toBeVisible();
  });
});

test.describe('accessibility of the foundation screens', () => {
  test('axe finds no serious violation on login, dashboard and Mon compte', async ({ page }) => {
    await page.goto('/login');
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
