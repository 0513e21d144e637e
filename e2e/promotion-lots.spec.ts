import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test } from './support/fixtures.js';

/**
 * The promotion record's 'Lots' menu (docs/product/promotion-administration.md#lots-menu): an
 * admin builds a building with its lots and associated lots; a broker reads the same screens.
 */

const stamp = Date.now().toString(36);
const BUILDING = `Immeuble E2E ${stamp}`;
const MAIN = `E${stamp}-1`;
const OTHER = `E${stamp}-2`;
const CHILD = `E${stamp}-P`;

/** The admin and the broker on the broker's current promotion, whatever earlier scenarios left. */
const samePromotion = async (page: Page) => {
  const session = async (email: string) => {
    const login = await page.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
    return { authorization: `Bearer ${(await login.json()).token}` };
  };
  const broker = await session(DEMO_ACCOUNTS.broker);
  const { promotion_id: current } = await (await page.request.get('/api/user/promotion', { headers: broker })).json();
  const admin = await session(DEMO_ACCOUNTS.admin);
  const answer = await page.request.put('/api/user/promotion', { headers: admin, data: { promotion: current } });
  expect(answer.ok()).toBe(true);
};

const openLotsMenu = async (page: Page) => {
  await page.goto('/promotion');
  await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Lots' }).click();
  await expect(page.getByRole('heading', { name: 'Immeubles' })).toBeVisible();
};

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: "Fil d'Ariane" });

const addLot = async (page: Page, values: { reference: string; type: string; floor: string; rooms?: string; price?: string }) => {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Référence').fill(values.reference);
  await dialog.getByLabel('Type').selectOption({ label: values.type });
  await dialog.getByLabel('Étage').selectOption({ label: values.floor });
  if (values.rooms) await dialog.getByLabel('Pièces').fill(values.rooms);
  if (values.price) await dialog.getByLabel('Prix (CHF)').fill(values.price);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Lot créé').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
};

test.describe
  .serial("the promotion record's 'Lots' menu", () => {
    test('an admin adds a building, lots and an associated lot, attaches and dissociates a lot, deletes one', async ({ page }) => {
      await samePromotion(page);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await openLotsMenu(page);

      // A building: title and city required.
      await page.getByRole('button', { name: 'Ajouter un immeuble' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('Le titre est requis')).toBeVisible();
      await expect(dialog.getByText('La localité est requise')).toBeVisible();
      await dialog.getByLabel('Titre').fill(BUILDING);
      await dialog.getByLabel('Localité').fill('Rolle');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Immeuble créé')).toBeVisible();
      await page.getByRole('button', { name: BUILDING, exact: true }).click();
      await expect(page).toHaveURL(/building=\d+/);
      await expect(page.getByText("Cet immeuble n'a pas encore de lot.")).toBeVisible();

      // A main lot: the surface labels follow the type.
      await page.getByRole('button', { name: 'Ajouter un lot' }).click();
      await dialog.getByLabel('Type').selectOption({ label: 'Villa' });
      await expect(dialog.getByLabel('Surface SPB (m²)')).toBeVisible();
      await expect(dialog.getByLabel('Surface utile (m²)')).toBeVisible();
      await dialog.getByLabel('Type').selectOption({ label: 'Appartement' });
      await expect(dialog.getByLabel('Surface PPE (m²)')).toBeVisible();
      await expect(dialog.getByLabel('Surface pondérée (m²)')).toBeVisible();
      await addLot(page, { reference: MAIN, type: 'Appartement', floor: '1er', rooms: '4.5', price: '1250000' });
      await page.getByRole('button', { name: 'Ajouter un lot' }).click();
      await addLot(page, { reference: OTHER, type: 'Cave', floor: 'RDC', price: '25000' });
      const table = page.getByRole('table');
      await expect(table.getByRole('row').filter({ hasText: MAIN })).toContainText("1'250'000 CHF");
      await expect(table.getByRole('row').filter({ hasText: MAIN })).toContainText('4,5 pièces');

      // The main lot's page.
      await page.getByRole('button', { name: MAIN, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await expect(breadcrumb(page)).toContainText(`Immeubles${BUILDING}Lot ${MAIN}`);

      // An associated lot: a parking type has no outdoor areas.
      await page.getByRole('button', { name: 'Ajouter un lot associé' }).click();
      await dialog.getByLabel('Type').selectOption({ label: 'Box' });
      await expect(dialog.getByLabel('Surface jardin (m²)')).toBeDisabled();
      await dialog.getByLabel('Nom du lot associé').fill('Box 1');
      // Included in the main lot's price: 0 CHF, typed (an empty price is refused).
      await dialog.getByLabel('Prix inclus dans le lot principal').check();
      await addLot(page, { reference: CHILD, type: 'Box', floor: 'RDC', price: '0' });
      const children = page.getByRole('region', { name: 'Lots associés' });
      await expect(children.getByRole('row').filter({ hasText: CHILD })).toContainText('Box 1');

      // Attach an existing lot (one must be chosen), then dissociate it.
      await page.getByRole('button', { name: 'Associer un lot existant' }).click();
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await expect(dialog.getByText('Choisissez un lot')).toBeVisible();
      await expect(dialog.getByLabel('Lot à associer').locator('option', { hasText: MAIN })).toHaveCount(0);
      await dialog.getByLabel('Lot à associer').selectOption({ label: `${OTHER} – Cave (${BUILDING})` });
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await expect(page.getByText('Lot associé', { exact: true })).toBeVisible();
      await expect(children.getByRole('button', { name: OTHER, exact: true })).toBeVisible();
      // Dissociating asks first: 'Annuler' leaves the lot associated.
      await children.getByRole('button', { name: `Dissocier le lot ${OTHER}` }).click();
      const confirm = page.getByRole('dialog', { name: `Dissocier le lot ${OTHER}` });
      await expect(confirm).toContainText(`Voulez-vous vraiment dissocier le lot ${OTHER} du lot ${MAIN} ?`);
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await expect(children.getByRole('button', { name: OTHER, exact: true })).toBeVisible();
      await children.getByRole('button', { name: `Dissocier le lot ${OTHER}` }).click();
      await confirm.getByRole('button', { name: 'Dissocier', exact: true }).click();
      await expect(page.getByText('Lot dissocié')).toBeVisible();
      await expect(confirm).toHaveCount(0);
      await expect(children.getByRole('button', { name: OTHER, exact: true })).toHaveCount(0);

      // The child lot's page: the breadcrumb's four steps, kept by a reload and by back and forward.
      await children.getByRole('button', { name: CHILD, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Lot ${CHILD}` })).toBeVisible();
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(`Lot ${CHILD}`);
      await page.reload();
      await expect(page.getByRole('heading', { name: `Lot ${CHILD}` })).toBeVisible();
      await breadcrumb(page)
        .getByRole('button', { name: `Lot ${MAIN}` })
        .click();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { name: `Lot ${CHILD}` })).toBeVisible();

      // Delete the associated lot, with a confirmation.
      await page.getByRole('button', { name: 'Supprimer le lot' }).click();
      await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await expect(page.getByText('Lot supprimé')).toBeVisible();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await expect(page.getByText("Ce lot n'a aucun lot associé.")).toBeVisible();
      // The deleted lot's page is left before the reads refresh: no stray 404.
      await expect(page.getByText('Page introuvable')).toHaveCount(0);
    });

    test("an emptied price in 'Modifier le lot' shows the field's error and leaves the price as it was", async ({ page }) => {
      await signIn(page, DEMO_ACCOUNTS.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await openLotsMenu(page);
      await page.getByRole('button', { name: BUILDING, exact: true }).click();
      await page.getByRole('button', { name: MAIN, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await expect(page.getByText("1'250'000 CHF")).toBeVisible();

      await page.getByRole('button', { name: 'Modifier le lot' }).click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel('Prix (CHF)');
      await expect(price).toHaveValue('1250000');
      await price.fill('');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('Le champ « Prix (CHF) » est requis.')).toBeVisible();
      await expect(page.getByText('Lot mis à jour')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toHaveCount(0);

      // Read again from the server: the price is the one it was, never 0 CHF.
      await page.reload();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await expect(page.getByText("1'250'000 CHF")).toBeVisible();
      await expect(page.getByText('0 CHF', { exact: true })).toHaveCount(0);
    });

    test('a broker who is not an admin reads the same screens without any action', async ({ page }) => {
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await openLotsMenu(page);
      await expect(page.getByRole('button', { name: 'Ajouter un immeuble' })).toHaveCount(0);
      await page.getByRole('button', { name: BUILDING, exact: true }).click();
      await expect(page.getByRole('table').getByRole('button', { name: MAIN, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ajouter un lot' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: "Modifier l'immeuble" })).toHaveCount(0);
      await page.getByRole('button', { name: MAIN, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Lots associés' })).toBeVisible();
      for (const name of ['Modifier le lot', 'Supprimer le lot', 'Ajouter un lot associé', 'Associer un lot existant']) {
        await expect(page.getByRole('button', { name })).toHaveCount(0);
      }
    });

    test("a lot's link opens the 'Lots' menu on that lot in a fresh browser, whatever menu was remembered", async ({ page, browser }) => {
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await openLotsMenu(page);
      await page.getByRole('button', { name: BUILDING, exact: true }).click();
      await page.getByRole('button', { name: MAIN, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      const link = new URL(page.url());
      expect(link.searchParams.get('lot')).not.toBeNull();
      // Another menu is remembered in this browser; the link still opens 'Lots'.
      await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Informations' }).click();
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();

      // A fresh browser: no remembered menu at all.
      const fresh = await browser.newContext();
      const other = await fresh.newPage();
      await signIn(other, DEMO_ACCOUNTS.broker);
      await expect(other).not.toHaveURL(/\/login/);
      await other.goto(`${link.pathname}${link.search}`);
      const menus = other.getByRole('navigation', { name: 'Menus de la promotion' });
      await expect(menus.getByRole('button', { name: 'Lots' })).toHaveAttribute('aria-current', 'page');
      await expect(other.getByRole('heading', { name: `Lot ${MAIN}` })).toBeVisible();
      await fresh.close();
    });
  });
