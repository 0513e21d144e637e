import type { APIRequestContext, Page } from '@playwright/test';
import { BUILDING_MESSAGES, MESSAGES, OUTBOX_MESSAGES, PEOPLE_MESSAGES, PROMOTION_ARCHIVE_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, seriousViolations, signIn, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

/**
 * The administration actions of issue 18, item 17 (docs/product/promotion-administration.md):
 * the main broker named from the brokers menu, a building deleted after the spec's confirmation,
 * a promotion archived (read-only, under 'Archivées') then restored; and the admins' 'E-mails'
 * screen on a server with SMTP, whose secrets stay masked (item 16; the local mailbox, whole
 * e-mails with working links, is e2e/local-mailbox.spec.ts). Each action by role and label.
 */

const stamp = Date.now().toString(36);

const sessionOf = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).token}` };
};

/** The admin's current promotion, set to the broker's (the demo's 'Les Terrasses du Lac'): answers its id. */
const adminOnBrokersPromotion = async (request: APIRequestContext) => {
  const broker = await sessionOf(request, DEMO_ACCOUNTS.broker);
  const { promotion_id: current } = await (await request.get('/api/user/promotion', { headers: broker })).json();
  const admin = await sessionOf(request, DEMO_ACCOUNTS.admin);
  expect((await request.put('/api/user/promotion', { headers: admin, data: { promotion: current } })).ok()).toBe(true);
  return current as number;
};

const openMenu = async (page: Page, menu: string) => {
  await page.goto('/promotion');
  await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: menu }).click();
};

const rowOf = (page: Page, email: string) => page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

test.describe
  .serial('the administration actions of the promotion record', () => {
    test('the admin names another broker main; the former one may then be removed; he is named again', async ({ page }) => {
      await adminOnBrokersPromotion(page.request);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await openMenu(page, 'Courtiers');
      const main = rowOf(page, DEMO_ACCOUNTS.broker);
      const other = rowOf(page, 'courtier2@demo.ch');
      await expect(main.getByText('Courtier principal')).toBeVisible();
      await expect(main.getByRole('button')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await other.getByRole('button', { name: 'Définir comme courtier principal' }).click();
      await expect(page.getByText(PEOPLE_MESSAGES.mainBrokerSet)).toBeVisible();
      await expect(other.getByText('Courtier principal')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Retirer de la promotion' })).toBeVisible();
      await expect(other.getByRole('button')).toHaveCount(0);

      // The record names him too.
      await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Informations' }).click();
      await expect(page.getByRole('definition').filter({ hasText: 'Sophie Rochat' })).toBeVisible();

      // Named back: the demo keeps its main broker for the other scenarios.
      await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Courtiers' }).click();
      await main.getByRole('button', { name: 'Définir comme courtier principal' }).click();
      await expect(main.getByText('Courtier principal')).toBeVisible();
    });

    test('the admin deletes a building after confirming; a building whose lots carry sales files stays, with the reason', async ({
      page,
    }) => {
      const title = `Immeuble à supprimer ${stamp}`;
      await adminOnBrokersPromotion(page.request);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await openMenu(page, 'Lots');
      await page.getByRole('button', { name: 'Ajouter un immeuble' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Titre').fill(title);
      await form.getByLabel('Localité').fill('Rolle');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(BUILDING_MESSAGES.buildingCreated)).toBeVisible();
      // The toast gone, axe reads the dialog alone (a toast dimmed by the dialog's overlay is no text to read).
      await expect(page.getByText(BUILDING_MESSAGES.buildingCreated)).toHaveCount(0, { timeout: 15_000 });

      await page.getByRole('button', { name: `Supprimer l'immeuble ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: "Supprimer l'immeuble" });
      await expect(confirm.getByText(`Êtes-vous sûr de vouloir supprimer l'immeuble « ${title} » ?`)).toBeVisible();
      await expect(confirm.getByText("Il n'a aucun lot.")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await expect(page.getByText(BUILDING_MESSAGES.buildingDeleted)).toBeVisible();
      await expect(page.getByRole('button', { name: title, exact: true })).toHaveCount(0);

      // The demo's 'Bâtiment A' carries sales files: refused, in French, and the building stays.
      await page.getByRole('button', { name: "Supprimer l'immeuble Bâtiment A" }).click();
      const refused = page.getByRole('dialog', { name: "Supprimer l'immeuble" });
      await expect(refused.getByText(/^Ses \d+ lots seront supprimés avec lui/)).toBeVisible();
      await refused.getByRole('button', { name: 'Supprimer' }).click();
      await expect(page.getByText(/^Cet immeuble a des dossiers de vente sur ses lots .* : il ne peut pas être supprimé\.$/)).toBeVisible();
      await refused.getByRole('button', { name: 'Annuler' }).click();
      await expect(page.getByRole('button', { name: 'Bâtiment A', exact: true })).toBeVisible();
    });

    test("the admin archives a promotion: it goes under 'Archivées', read-only with a banner, and is restored", async ({ page }) => {
      const title = `Vergers d’hiver ${stamp}`;
      const home = await adminOnBrokersPromotion(page.request);
      const admin = await sessionOf(page.request, DEMO_ACCOUNTS.admin);
      const me = (await (await page.request.get('/api/user', { headers: admin })).json()).data;
      const created = await page.request.post('/api/promotions', {
        headers: admin,
        multipart: { title, url: 'www.vergers-hiver.ch', broker_id: String(me.id) },
      });
      expect(created.ok()).toBe(true);
      const promotionId = (await created.json()).data.id as number;
      try {
        await page.request.put('/api/user/promotion', { headers: admin, data: { promotion: promotionId } });
        await signIn(page, DEMO_ACCOUNTS.admin);
        await expect(page).not.toHaveURL(/\/login/);
        await openMenu(page, 'Informations');
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

        await page.getByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.archive }).click();
        const confirm = page.getByRole('dialog', { name: PROMOTION_ARCHIVE_MESSAGES.archive });
        await expect(confirm.getByText(PROMOTION_ARCHIVE_MESSAGES.confirmArchive(title))).toBeVisible();
        await expect(confirm.getByText(PROMOTION_ARCHIVE_MESSAGES.archiveConsequences)).toBeVisible();
        await confirm.getByRole('button', { name: 'Archiver' }).click();
        await expect(page.getByText(PROMOTION_ARCHIVE_MESSAGES.archived, { exact: true })).toBeVisible();

        // Read-only for everyone, said on every screen of it.
        await expect(page.getByRole('status').filter({ hasText: MESSAGES.promotionArchived })).toBeVisible();
        await expect(page.getByText(/^Archivée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
        await expect(page.getByLabel('Titre', { exact: true })).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
        await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Lots' }).click();
        await expect(page.getByRole('heading', { name: 'Immeubles' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Ajouter un immeuble' })).toHaveCount(0);
        // axe reads the screen once the toast has gone (a toast fading in is no text to read yet).
        await expect(page.getByText(PROMOTION_ARCHIVE_MESSAGES.archived, { exact: true })).toHaveCount(0, { timeout: 15_000 });
        expect(await seriousViolations(page)).toEqual([]);
        // The server refuses a change all the same, in French.
        const refused = await page.request.post(`/api/promotions/${promotionId}/buildings`, {
          headers: admin,
          data: { title: 'Bâtiment X', city: 'Rolle' },
        });
        expect(refused.status()).toBe(409);
        expect((await refused.json()).message).toBe(MESSAGES.promotionArchived);

        // 'Mes promotions': gone from the list in progress, under 'Archivées' with its mark.
        await page.goto(`/promotions?search=${encodeURIComponent(title)}`);
        await expect(page.getByRole('button', { name: 'En cours' })).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByText('Aucune promotion ne correspond à la recherche.')).toBeVisible();
        await page.getByRole('button', { name: 'Archivées' }).click();
        const card = page.getByRole('list', { name: 'Promotions' }).getByRole('button', { name: new RegExp(title) });
        await expect(card.getByText(PROMOTION_ARCHIVE_MESSAGES.archivedBadge)).toBeVisible();
        await card.click();

        // Restored: back in progress, writable again.
        await expect(page).toHaveURL(/\/promotion$/);
        await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Informations' }).click();
        await page.getByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.restore }).click();
        await expect(page.getByText(PROMOTION_ARCHIVE_MESSAGES.restored, { exact: true })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: MESSAGES.promotionArchived })).toHaveCount(0);
        await expect(page.getByLabel('Titre', { exact: true })).toBeEnabled();
        await expect(page.getByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.archive })).toBeVisible();
      } finally {
        await page.request.put('/api/user/promotion', { headers: admin, data: { promotion: home } });
      }
    });

    test('a broker without the admin flag has none of these actions and no e-mails screen', async ({ page }) => {
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await openMenu(page, 'Informations');
      await expect(page.getByLabel('Titre', { exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: PROMOTION_ARCHIVE_MESSAGES.archive })).toHaveCount(0);
      await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Courtiers' }).click();
      await expect(rowOf(page, 'courtier2@demo.ch')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Définir comme courtier principal' })).toHaveCount(0);
      await page.getByRole('navigation', { name: 'Menus de la promotion' }).getByRole('button', { name: 'Lots' }).click();
      await expect(page.getByRole('button', { name: 'Bâtiment A', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Supprimer l'immeuble/ })).toHaveCount(0);

      await page.getByRole('button', { name: /Menu du profil/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Mon compte' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'E-mails' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.goto('/admin/mails');
      await expect(page).toHaveURL(/\/401$/);
    });

    test("with SMTP configured, the admin's 'E-mails' screen lists what was sent, its secrets masked", async ({ page }) => {
      const requested = await page.request.post('/api/password/create', { data: { email: DEMO_ACCOUNTS.banker } });
      expect(requested.ok()).toBe(true);
      // Delivered to the loopback SMTP server first: the screen then lists it as sent.
      await waitForMail(DEMO_ACCOUNTS.banker, /password\/update\//);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await expect(page).not.toHaveURL(/\/login/);
      await page.getByRole('button', { name: /Menu du profil/ }).click();
      await page.getByRole('menuitem', { name: 'E-mails' }).click();
      await expect(page).toHaveURL(/\/admin\/mails$/);
      await expect(page).toHaveTitle('Promovente | E-mails');
      await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
      await expect(page.getByText(OUTBOX_MESSAGES.masked)).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(DEMO_ACCOUNTS.banker.replace(/\./g, '\\.')) }).first();
      // The row turns 'Envoyé' once the worker has recorded the delivery.
      await expect(async () => {
        await page.reload();
        await expect(row.getByText('Envoyé')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await row.getByRole('button', { name: 'Promovente : modification de votre mot de passe' }).click();
      const body = page.getByRole('region', { name: OUTBOX_MESSAGES.body });
      await expect(body).toContainText('/password/update/[masqué]?email=');
      await expect(page.getByTitle(OUTBOX_MESSAGES.body)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
