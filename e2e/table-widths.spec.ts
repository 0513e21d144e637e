import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CandidaciesPage, UserPromotion } from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';
import { checkScreen, DESK, PHONE } from './support/screen-checks.js';

/** How many pixels the page scrolls sideways (0: it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth - root.clientWidth;
  });

const boxOverflow = (box: Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);

const MAIN_TABLES = [
  { path: '/tunnel-de-vente', heading: 'Tunnel de vente', region: 'Tableau des dossiers' },
  { path: '/lots', heading: 'Lots', region: 'Tableau des lots' },
  { path: '/candidats', heading: 'Candidats', region: 'Tableau des candidatures' },
] as const;

const openTable = async (page: Page, path: string, heading: string, region: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const box = page.getByRole('region', { name: region });
  await expect(box.locator('tbody').getByRole('row').first()).toBeVisible();
  return box;
};

/** A reservation form the demo candidate takes part in (confirmed or not: the page shows either). */
const candidateForm = async (request: APIRequestContext) => {
  const broker = await apiSession(request, DEMO_ACCOUNTS.broker);
  const { data: promotions } = await broker.get<{ data: UserPromotion[] }>('user/promotions');
  let formId: string | null = null;
  for (const promotion of promotions) {
    const page = await broker.get<CandidaciesPage>(
      `candidacies?promotion=${promotion.id}&search=${encodeURIComponent(DEMO_ACCOUNTS.candidate)}`,
    );
    const sent = page.data.flatMap((row) => row.applications).find((application) => application.reservation_sent_at);
    if (sent) formId = sent.public_id;
    if (formId) break;
  }
  await broker.close();
  if (!formId) throw new Error('the demo candidate has no sent reservation form');
  return formId;
};

// Each check stands alone: the two workers share them (e2e/support/stacks.ts), the longest file of the suite.
test.describe.configure({ mode: 'parallel' });

test.describe('the main tables fit the sales desk (issue 9, item 2)', () => {
  test('at 1440 px the funnel, lots and candidates tables show every default column without sideways scrolling', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const table of MAIN_TABLES) {
      await page.evaluate(() => localStorage.clear());
      const box = await openTable(page, table.path, table.heading, table.region);
      expect(await pageOverflow(page), `${table.heading}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await boxOverflow(box), `${table.heading}: the table scrolls sideways`).toBeLessThanOrEqual(0);
      const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
      const headers = box.getByRole('columnheader');
      const count = await headers.count();
      expect(count).toBeGreaterThan(5);
      for (let index = 0; index < count; index += 1) {
        const header = headers.nth(index);
        const bounds = await header.boundingBox();
        const name = (await header.textContent()) || `column ${index + 1}`;
        expect(bounds, `${table.heading}: ${name}`).not.toBeNull();
        expect(bounds!.x, `${table.heading}: ${name} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(bounds!.x + bounds!.width, `${table.heading}: ${name} ends on screen`).toBeLessThanOrEqual(viewportWidth);
      }
    }
  });

  test('the funnel keeps SIGN PdV, SIGN, À faire and the actions on screen, with each milestone in full on hover', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    const box = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    for (const name of ['SIGN PdV', 'SIGN', 'À faire']) {
      await expect(box.getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(box.getByRole('button', { name: /^Actions du dossier/ }).first()).toBeInViewport({ ratio: 1 });
    // A compact milestone cell: a short date, the whole text ('Envoyé le dd/MM/yyyy HH:mm') on hover and for screen readers.
    const milestone = box.locator('td [title^="Envoyé le"]').first();
    await expect(milestone).toBeVisible();
    const title = (await milestone.getAttribute('title')) ?? '';
    expect(title).toMatch(/^Envoyé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(milestone).toContainText(/^\d{2}\/\d{2}/);
    await expect(milestone).toHaveAccessibleName(title);
  });

  test('a column hidden from the Colonnes menu stays hidden after a reload, for that table only', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    const funnel = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);

    await page.getByRole('button', { name: 'Colonnes' }).click();
    const floor = page.getByRole('menuitemcheckbox', { name: 'Étage' });
    await expect(floor).toHaveAttribute('aria-checked', 'true');
    await floor.click();
    await page.keyboard.press('Escape');
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(0);

    await page.reload();
    await expect(funnel.locator('tbody').getByRole('row').first()).toBeVisible();
    await expect(funnel.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(0);
    await expect(funnel.getByRole('columnheader', { name: 'Prix', exact: true })).toHaveCount(1);

    // The lots table keeps its own choice.
    const lots = await openTable(page, '/lots', 'Lots', 'Tableau des lots');
    await expect(lots.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);

    // Shown again from the menu.
    const funnelAgain = await openTable(page, '/tunnel-de-vente', 'Tunnel de vente', 'Tableau des dossiers');
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Étage' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitemcheckbox', { name: 'Étage' }).click();
    await page.keyboard.press('Escape');
    await expect(funnelAgain.getByRole('columnheader', { name: 'Étage', exact: true })).toHaveCount(1);
  });
});

test.describe('the candidate screens fit a 390 px phone (issue 9, item 2)', () => {
  test('home, the price grid and the reservation form do not scroll sideways', async ({ page, request }) => {
    const formId = await candidateForm(request);
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageOverflow(page), 'home').toBeLessThanOrEqual(0);

    await page.goto('/grille-des-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'Grille des prix' })).toBeVisible();
    await expect(page.getByRole('table').locator('tbody').getByRole('row').first()).toBeVisible();
    expect(await pageOverflow(page), 'price grid').toBeLessThanOrEqual(0);

    await page.goto(`/candidate/form/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Formulaire de réservation' })).toBeVisible();
    expect(await pageOverflow(page), 'reservation form').toBeLessThanOrEqual(0);
  });
});

const openPromotionMenu = async (page: Page, menu: string) => {
  await page.goto('/promotion');
  await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: menu }).click();
};

test.describe('the new screens fit the sales desk and pass axe', () => {
  test('at 1440 px the broker: marketing, documents, messages, a candidate record', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/marketing');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tableau des campagnes' }).locator('tbody').getByRole('row').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Tableau des rapports' })).toBeVisible();
    await checkScreen(page, 'Marketing');

    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Bibliothèque' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Dossiers' }).getByRole('button').first()).toBeVisible();
    await checkScreen(page, 'Documents');

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const threads = page.getByRole('region', { name: 'Discussions' }).getByRole('link');
    await expect(threads.first()).toBeVisible();
    await checkScreen(page, 'Messages');
    await threads.first().click();
    await expect(page).toHaveURL(/\/messages\/\d+/);
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await checkScreen(page, 'Messages, a conversation');

    await page.goto('/candidats');
    const record = page.getByRole('table').getByTitle('Ouvrir la fiche du candidat').first();
    await expect(record).toBeVisible();
    await record.click();
    const tabs = page.getByRole('tablist', { name: 'Menus du candidat' });
    await expect(tabs).toBeVisible();
    for (const tab of ['Informations', 'Candidatures', 'Documents', 'Commentaires', 'Messages']) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `Candidate record, ${tab}`);
    }
    await tabs.getByRole('tab', { name: 'Informations' }).click();
  });

  test("at 1440 px the admin: 'Mes promotions', the new promotion and the promotion record's menus", async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes promotions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Promotions' }).getByRole('listitem').first()).toBeVisible();
    await checkScreen(page, 'Mes promotions');

    await page.goto('/promotions/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Ajouter une promotion' })).toBeVisible();
    await checkScreen(page, 'Ajouter une promotion');

    await openPromotionMenu(page, 'Informations');
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Promotion record, Informations');

    await openPromotionMenu(page, 'Lots');
    await expect(page.getByRole('heading', { name: 'Immeubles' })).toBeVisible();
    await checkScreen(page, 'Promotion record, Lots (buildings)');
    await page.getByRole('region', { name: 'Immeubles' }).getByRole('listitem').first().getByRole('button').first().click();
    await expect(page.getByRole('table').locator('tbody').getByRole('row').first()).toBeVisible();
    await checkScreen(page, 'Promotion record, Lots of a building');

    for (const menu of ['Notaires', 'Courtiers', 'Promoteurs', 'Banquiers', 'Architectes']) {
      await openPromotionMenu(page, menu);
      const region = page.getByRole('region', { name: `Tableau des ${menu.toLocaleLowerCase('fr')}` });
      await expect(region.locator('tbody').getByRole('row').first()).toBeVisible();
      await checkScreen(page, `Promotion record, ${menu}`);
    }
    await openPromotionMenu(page, 'Informations');
  });

  test('at 1440 px the pilot: planning and finances', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.pilot);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/planning');
    await expect(page.getByRole('button', { name: /^Gros œuvre, du / })).toBeVisible();
    await checkScreen(page, 'Planning');

    await page.goto('/finances');
    await expect(page.getByRole('region', { name: 'Terrain' })).toBeVisible();
    await checkScreen(page, 'Finances');
  });
});

test.describe('the new candidate screens fit a 390 px phone and pass axe', () => {
  test('home, documents, messages (the list and a conversation), FAQ and progression', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).toHaveURL(/\/home$/);

    await expect(page.getByRole('region', { name: 'Mon dossier' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Home (phone)', { phone: true });

    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Mes documents' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Documents (phone)', { phone: true });

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const threads = page.getByRole('region', { name: 'Discussions' }).getByRole('link');
    await expect(threads.first()).toBeVisible();
    await checkScreen(page, 'Messages (phone)', { phone: true });
    await page.getByRole('button', { name: 'Nouvelle discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle discussion' });
    await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'Messages, a new thread (phone)', { phone: true });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toHaveCount(0);
    await threads.first().click();
    await expect(page).toHaveURL(/\/messages\/\d+/);
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    // The answer form is reachable: scrolled to, it is wholly on screen.
    const send = page.getByRole('button', { name: 'Envoyer' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel('Votre réponse')).toBeInViewport();
    await checkScreen(page, 'Messages, a conversation (phone)', { phone: true });

    await page.goto('/FAQ');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'FAQ (phone)', { phone: true });

    await page.goto('/progression');
    await expect(page.getByRole('heading', { level: 1, name: 'Avancement' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Avancement (phone)', { phone: true });
  });
});

/** Long texts as they come in real life: a long e-mail and file name (no space to wrap at), a long title. */
const LONG_EMAIL = 'jean-christophe.de-montmollin-vuilleumier@etude-notariale-neuchatel.ch';
const LONG_FILE = 'Plan_etage_Batiment_A_niveau_3_version_definitive_signee_2026';
const LONG_TITLE = 'Résidence des Grands Chênes, deuxième étape, lots en PPE et places de parc';

const lengthen = (value: unknown, key = ''): unknown => {
  if (Array.isArray(value)) return value.map((item) => lengthen(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lengthen(v, k)]));
  }
  if (typeof value !== 'string' || value === '') return value;
  if (key === 'email') return LONG_EMAIL;
  if (key === 'name' && /\.[a-z0-9]{2,4}$/i.test(value)) return `${LONG_FILE}${value.slice(value.lastIndexOf('.'))}`;
  if (key === 'title' || key === 'name' || key === 'question') return `${value} – ${LONG_TITLE}`;
  if (key === 'last_name' || key === 'full_name') return `${value}-de Montmollin-Vuilleumier`;
  return value;
};

/** Lengthens the names, e-mails, titles and file names of the API's answers in this browser only (the demo data stays as it is). */
const withLongTexts = (page: Page) =>
  page.route('**/api/**', async (route) => {
    const request = route.request();
    // The live events stream (it never ends) and the session go through untouched.
    if (request.method() !== 'GET' || /\/api\/(user|login|me|events)\b/.test(request.url())) return route.fallback();
    const answer = await route.fetch();
    const type = answer.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) return route.fulfill({ response: answer });
    return route.fulfill({ response: answer, json: lengthen(await answer.json()) });
  });

test.describe("the notary's and the investor's screens fit a 390 px phone and pass axe", () => {
  test('the notary: home, documents, messages', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.notary);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Notary home (phone)', { phone: true });
    for (const path of ['/documents', '/messages']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `Notary ${path} (phone)`, { phone: true });
    }
  });

  test('the investor: home, progression, planning (its timeline scrolls by itself), finances', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.investor);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Investor home (phone)', { phone: true });
    for (const path of ['/progression', '/documents', '/messages', '/planning', '/finances']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `Investor ${path} (phone)`, { phone: true });
    }
  });
});

test.describe('long names, e-mails, titles and file names stay on screen', () => {
  test('at 1440 px the broker and the admin', async ({ page }) => {
    await page.setViewportSize(DESK);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await withLongTexts(page);

    await page.goto('/marketing');
    await expect(page.getByRole('region', { name: 'Tableau des campagnes' }).locator('tbody').getByRole('row').first()).toBeVisible();
    await checkScreen(page, 'Marketing (long texts)');

    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Bibliothèque' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Documents (long texts)');

    await page.goto('/messages');
    const threads = page.getByRole('region', { name: 'Discussions' }).getByRole('link');
    await expect(threads.first()).toBeVisible();
    await checkScreen(page, 'Messages (long texts)');
    await threads.first().click();
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await checkScreen(page, 'Messages, a conversation (long texts)');

    await page.goto('/promotions');
    await expect(page.getByRole('list', { name: 'Promotions' }).getByRole('listitem').first()).toBeVisible();
    await checkScreen(page, 'Mes promotions (long texts)');

    for (const menu of ['Notaires', 'Courtiers', 'Promoteurs', 'Banquiers', 'Architectes']) {
      await openPromotionMenu(page, menu);
      const region = page.getByRole('region', { name: `Tableau des ${menu.toLocaleLowerCase('fr')}` });
      await expect(region.locator('tbody').getByRole('row').first()).toBeVisible();
      await checkScreen(page, `Promotion record, ${menu} (long texts)`);
    }
    await openPromotionMenu(page, 'Informations');

    await page.goto('/candidats');
    await page.getByRole('table').getByTitle('Ouvrir la fiche du candidat').first().click();
    const tabs = page.getByRole('tablist', { name: 'Menus du candidat' });
    for (const tab of ['Informations', 'Candidatures', 'Documents', 'Messages']) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `Candidate record, ${tab} (long texts)`);
    }
    await tabs.getByRole('tab', { name: 'Informations' }).click();

    for (const path of ['/planning', '/finances']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `${path} (long texts)`);
    }
  });

  test('at 390 px the candidate', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).toHaveURL(/\/home$/);
    await withLongTexts(page);

    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Mon dossier' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Home (phone, long texts)', { phone: true });

    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Mes documents' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Documents (phone, long texts)', { phone: true });

    await page.goto('/messages');
    const threads = page.getByRole('region', { name: 'Discussions' }).getByRole('link');
    await expect(threads.first()).toBeVisible();
    await checkScreen(page, 'Messages (phone, long texts)', { phone: true });
    await threads.first().click();
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await checkScreen(page, 'Messages, a conversation (phone, long texts)', { phone: true });

    await page.goto('/FAQ');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'FAQ (phone, long texts)', { phone: true });

    await page.goto('/progression');
    await expect(page.getByRole('heading', { level: 1, name: 'Avancement' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkScreen(page, 'Avancement (phone, long texts)', { phone: true });
  });
});
