import { MESSAGES, type TasksScreenGroups, type User, type UserPromotion } from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, signOut, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

const HOMES = [
  {
    email: DEMO_ACCOUNTS.broker,
    home: '/dashboard',
    menu: ['Dashboard', 'Candidats', 'Lots', 'Tunnel de vente', 'Tâches', 'Marketing', 'Avancement', 'Documents', 'Messages', 'FAQ'],
  },
  {
    email: DEMO_ACCOUNTS.promoter,
    home: '/dashboard',
    menu: ['Dashboard', 'Lots', 'Tunnel de vente', 'Marketing', 'Avancement', 'Documents', 'Messages', 'FAQ'],
  },
  { email: DEMO_ACCOUNTS.banker, home: '/dashboard', menu: ['Dashboard', 'Lots', 'Tunnel de vente', 'Documents', 'Messages', 'FAQ'] },
  {
    email: DEMO_ACCOUNTS.architect,
    home: '/dashboard',
    menu: ['Dashboard', 'Lots', 'Tunnel de vente', 'Avancement', 'Documents', 'Messages', 'FAQ'],
  },
  {
    email: DEMO_ACCOUNTS.notary,
    home: '/home',
    menu: ['Accueil', 'Dashboard', 'Lots', 'Tunnel de vente', 'Tâches', 'Documents', 'Messages', 'FAQ'],
  },
  { email: DEMO_ACCOUNTS.candidate, home: '/home', menu: ['Accueil', 'Grille des prix', 'Avancement', 'Documents', 'Messages', 'FAQ'] },
  { email: DEMO_ACCOUNTS.pilot, home: '/dashboard', menu: ['Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages'] },
  {
    email: DEMO_ACCOUNTS.investor,
    home: '/home',
    menu: ['Accueil', 'Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages'],
  },
  { email: DEMO_ACCOUNTS.lightInvestor, home: '/home', menu: ['Accueil', 'Avancement', 'Documents', 'Planning', 'Messages'] },
];

test.describe('sign-in (docs/product/access.md#home-route-by-user-type to 2.5)', () => {
  for (const { email, home, menu } of HOMES) {
    test(`${email} lands on ${home} with the menu of its role`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await expect(nav.getByRole('link')).toHaveText(menu.map((label) => new RegExp(`^${label}`)));
      await signOut(page);
    });
  }

  test('refuses a wrong password with the French message', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.broker, 'pas-le-bon');
    await expect(page.getByText('E-mail ou mot de passe incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('switches the current promotion in the picker, a menu of whole titles with their unread badges', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await apiSession(request, DEMO_ACCOUNTS.broker);
    const { data: promotions } = await api.get<{ data: UserPromotion[] }>('user/promotions');
    await api.close();
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    const picker = page.getByRole('button', { name: /^Promotion : / });
    const choose = async (title: string) => {
      await picker.click();
      await page.getByRole('menuitemradio', { name: new RegExp(`^${title}`) }).click();
      await expect(picker).toHaveAccessibleName(`Promotion : ${title}`);
    };
    await choose('Quartier des Vergers');
    await page.reload();
    await expect(picker).toHaveAccessibleName('Promotion : Quartier des Vergers');

    // Each promotion reads whole, with its unread messages as a badge of its own.
    await picker.click();
    for (const promotion of promotions) {
      const item = page.getByRole('menuitemradio', { name: new RegExp(`^${promotion.title}`) });
      await expect(item).toBeVisible();
      const name = item.getByText(promotion.title, { exact: true });
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect(item).toHaveAccessibleName(
        promotion.unread_messages > 0 ? `${promotion.title} non lus : ${promotion.unread_messages}` : promotion.title,
      );
    }
    await expect(page.getByRole('menuitemradio', { name: /^Quartier des Vergers/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await choose('Les Terrasses du Lac');
  });
});

test.describe('password reset (docs/product/access.md#password-reset and docs/product/errors.md#sign-in-and-account)', () => {
  test('resets the password with the e-mailed link, then the new password works', async ({ page }) => {
    const email = DEMO_ACCOUNTS.architect;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(
      page.getByText('Si votre email est connu dans notre base, vous venez de recevoir un email pour modifier votre mot de passe'),
    ).toBeVisible();

    const mail = await waitForMail(email, /password\/update\//);
    const link = /(http:\/\/[^\s"<]+\/password\/update\/[A-Za-z0-9_-]+\?email=[^\s"<]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('architecte-2027');
    await page.getByLabel('Confirmation du mot de passe').fill('architecte-2027');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Mot de passe bien modifié')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, email, DEMO_PASSWORD);
    await expect(page.getByText('E-mail ou mot de passe incorrect')).toBeVisible();
    await signIn(page, email, 'architecte-2027');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Put the demo password back through 'Mon compte'.
    await page.goto('/settings');
    await page.getByLabel('Mot de passe actuel').fill('architecte-2027');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Mot de passe modifié', { exact: true })).toBeVisible();
  });
});

test.describe('a malformed reset link (docs/product/access.md#password-reset)', () => {
  test('reads the plain invalid-link sentence and offers a new link, never validator wording', async ({ page }) => {
    await page.goto('/password/update/abc?email=architecte@demo.ch');
    await expect(page.getByText(MESSAGES.invalidResetToken)).toBeVisible();
    await expect(page.getByText(/Trop petit|caractères|chaîne/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
  });
});

test.describe('the tasks screen in the menu, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const [role, email] of [
    ['broker', DEMO_ACCOUNTS.broker],
    ['notary', DEMO_ACCOUNTS.notary],
  ] as const) {
    test(`a ${role} opens his tasks from 'Tâches', whose badge counts his late tasks`, async ({ page, request }) => {
      const api = await apiSession(request, email);
      const { data: user } = await api.get<{ data: User }>('user');
      const promotion = user.preferences.selected_promotion;
      const path = role === 'broker' ? `actions?promotion=${promotion}&broker=${user.id}` : `promotions/${promotion}/notary/actions`;
      const late = (await api.get<{ data: TasksScreenGroups }>(`${path}${path.includes('?') ? '&' : '?'}group=past&limit=0`)).data.totals
        .past;
      await api.close();

      await signIn(page, email);
      await expect(page).toHaveURL(role === 'broker' ? /\/dashboard$/ : /\/home$/);
      const entry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Tâches/ });
      await expect(entry).toBeVisible();
      await expect(entry).toBeInViewport();
      await expect(entry).toHaveAccessibleName(late > 0 ? `Tâches en retard : ${late}` : 'Tâches');
      await entry.click();
      await expect(page).toHaveURL(/\/tasks$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
    });
  }
});

test.describe('first connection of a candidate (docs/product/access.md#route-guard and docs/product/access.md#sign-in-and-account-screens)', () => {
  test('is held on Mon compte with the yellow banner until the password is changed', async ({ page }) => {
    await signIn(page, 'nouveau.candidat@demo.ch');
    await expect(page).toHaveURL(/\/settings\?password=true/);
    await expect(page.getByText('Merci de modifier votre mot de passe avant de commencer à utiliser Promovente.')).toBeVisible();
    await page.goto('/grille-des-prix');
    await expect(page).toHaveURL(/\/settings\?password=true/);

    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('nouveau-2026');
    await page.getByLabel('Confirmation du mot de passe').fill('autre-chose');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Les mots de passe doivent être identiques')).toBeVisible();

    await page.getByLabel('Confirmation du mot de passe').fill('nouveau-2026');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page.getByText('Mot de passe modifié', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('error pages and the 401 redirect (docs/product/access.md#error-pages, docs/product/access.md#sign-in-and-account-screens and docs/product/errors.md#http-answers)', () => {
  test('shows the 404 page for an unknown path', async ({ page }) => {
    await page.goto('/nulle-part');
    await expect(page.getByText("Oups, cette page n'existe pas")).toBeVisible();
    await expect(page).toHaveTitle(/^Promovente/);
  });

  test('sends a role that may not open a route to the 401 page', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/candidats');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText("Vous n'êtes pas autorisé à effectuer cette action.")).toBeVisible();
  });

  test('a 401 from the API sends the user to login and back to the saved page after sign-in', async ({ page, context }) => {
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/lots');
    await expect(page).toHaveTitle('Promovente | Lots');
    // The session ends on the server (as after a revocation or expiry).
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    const logout = await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(logout.ok()).toBe(true);

    await page.reload();
    await expect(page.getByText('Merci de vous connecter')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO_ACCOUNTS.broker);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Redirection...')).toBeVisible();
    await expect(page).toHaveURL(/\/lots$/, { timeout: 10_000 });
  });
});
