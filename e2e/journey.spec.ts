import type { Browser, Page } from '@playwright/test';
import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ApplicationsPage,
  type CandidaciesPage,
  type LotsPage,
  PIPELINE_MESSAGES,
  RESERVATION_MESSAGES,
} from '@promovente/shared';
import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

/**
 * The whole sales journey of docs/product/README.md#sales-pipeline with real e-mails captured on loopback: from the
 * attribution of a lot to the signed deed, each step by the role that does it, through the
 * funnel's menu and modals. After each step the funnel row, the lot status and the candidacy
 * status are checked, and the sales file's PDF downloads.
 */

type Actor = { page: Page; close: () => Promise<void> };

const openAs = async (browser: Browser, email: string, password?: string): Promise<Actor> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return { page, close: () => context.close() };
};

/** The bearer of the page's session (the API calls the screens make use the same token). */
const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'token')?.value;

const apiGet = async <T>(page: Page, path: string): Promise<T> => {
  const answer = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return (await answer.json()) as T;
};

const STAGES = ['Optionné', 'Réservé', 'Promesse de vente', 'Vendu'];

test.describe('the whole sales journey (docs/product/README.md#sales-pipeline)', () => {
  test('from the attribution of a lot to the signed deed, each role through the funnel', async ({ browser }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const firstName = 'Léa';
    const lastName = `Parcours${stamp}`;
    const fullName = `${firstName} ${lastName}`;
    const email = `lea.${stamp}@exemple.ch`;

    // The broker creates the candidate and attributes him a free lot.
    const broker = await openAs(browser, DEMO_ACCOUNTS.broker);
    const b = broker.page;
    await b.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Candidats' }).click();
    await b.getByRole('button', { name: 'Ajouter un candidat' }).click();
    const create = b.getByRole('dialog', { name: 'Ajouter un candidat' });
    await create.getByLabel('Statut *').selectOption({ label: 'Prospect' });
    await create.getByLabel('Priorité *').selectOption({ label: 'A' });
    await create.getByLabel('Prénom *').fill(firstName);
    await create.getByLabel('Nom *', { exact: true }).fill(lastName);
    await create.getByLabel('E-mail *').fill(email);
    await create.getByRole('button', { name: 'Créer le candidat' }).click();
    await expect(create).toHaveCount(0);
    await b.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(lastName);
    const candidateRow = b.getByRole('row').filter({ hasText: fullName });
    await expect(candidateRow).toHaveCount(1);
    await candidateRow.click({ button: 'right' });
    await b.getByRole('menuitem', { name: 'Attribuer un lot' }).click();
    const attribute = b.getByRole('dialog', { name: `Attribuer un lot à ${fullName}` });
    const lotSelect = attribute.getByLabel('Lot *');
    await expect(lotSelect.locator('option').nth(1)).toBeAttached();
    const available = (await lotSelect.locator('option').allTextContents()).find((label) => label.endsWith(' – Disponible'));
    expect(available).toBeTruthy();
    const reference = (available as string).split(' – ')[0];
    await lotSelect.selectOption({ label: available as string });
    await attribute.getByRole('button', { name: 'Attribuer' }).click();
    await expect(attribute).toHaveCount(0);

    // The priority badge opens the funnel on that application.
    await candidateRow.getByRole('link', { name: new RegExp(`Lot ${reference} : Optionné`) }).click();
    await expect(b).toHaveURL(/\/tunnel-de-vente\?application=\d+/);
    const applicationId = Number(new URL(b.url()).searchParams.get('application'));
    const funnelPath = `/tunnel-de-vente?application=${applicationId}`;

    /** Opens the funnel on the application and runs a menu action. */
    const menuAction = async (page: Page, action: ApplicationAction) => {
      await page.goto(funnelPath);
      const row = page.getByRole('table').locator('tbody').getByRole('row').filter({ hasText: reference });
      await expect(row).toHaveCount(1);
      await row.click({ button: 'right' });
      await page.getByRole('menuitem', { name: APPLICATION_ACTIONS[action].label, exact: true }).click();
      return page.getByRole('dialog', { name: APPLICATION_ACTIONS[action].label });
    };

    /** The funnel row, the lot and the candidacy after a step; the PDF downloads. */
    const expectState = async (stage: number, lotStatus: string, candidacyStatus: string) => {
      const funnel = await apiGet<ApplicationsPage>(b, `applications?application=${applicationId}`);
      expect(funnel.data).toHaveLength(1);
      expect(funnel.data[0].status_text).toBe(STAGES[stage]);
      await b.goto(funnelPath);
      const row = b.getByRole('table').locator('tbody').getByRole('row').filter({ hasText: reference });
      await expect(row.getByText(STAGES[stage], { exact: true })).toBeVisible();

      const lots = await apiGet<LotsPage>(b, `lots?search=${encodeURIComponent(reference)}`);
      expect(lots.data.find((l) => l.reference === reference)?.status_text).toBe(lotStatus);
      const candidacies = await apiGet<CandidaciesPage>(b, `candidacies?search=${encodeURIComponent(lastName)}`);
      expect(candidacies.data[0]?.status_text).toBe(candidacyStatus);

      await row.click({ button: 'right' });
      const pdfAnswer = b.waitForResponse((r) => r.url().includes(`/pdf`) && r.request().method() === 'GET');
      const popup = b.context().waitForEvent('page');
      await b.getByRole('menuitem', { name: APPLICATION_ACTIONS.downloadPdf.label }).click();
      // The warning toast says it generates, then that it downloads (the same toast, updated).
      await expect(b.getByText(PIPELINE_MESSAGES.pdfGenerating).or(b.getByText(PIPELINE_MESSAGES.pdfDownloading)).first()).toBeVisible();
      const { data: url } = await (await pdfAnswer).json();
      await (await popup).close().catch(() => {});
      const pdf = await b.request.get(url);
      expect(pdf.ok()).toBe(true);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    };

    await expectState(0, 'Optionné', 'Client');

    // 1. The broker sends the reservation form; the candidate receives the link and his access.
    let dialog = await menuAction(b, 'sendReservationForm');
    await expect(dialog.getByLabel('Objet *')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(dialog).toHaveCount(0);
    const mail = await waitForMail(email, /candidate\/form\//);
    const formUrl = mail.text.match(/https?:\/\/\S+\/candidate\/form\/[0-9a-f-]{36}/)?.[0];
    const password = mail.text.match(/Mot de passe : (\S+)/)?.[1];
    expect(formUrl).toBeTruthy();
    expect(password).toBeTruthy();
    await expectState(0, 'Optionné', 'Client');

    // 2. The candidate signs in with the e-mailed access, chooses his password, fills and confirms the form.
    const candidate = await openAs(browser, email, password);
    const c = candidate.page;
    await expect(c).toHaveURL(/\/settings\?password=true/);
    await c.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('parcours-2026');
    await c.getByLabel('Confirmation du mot de passe').fill('parcours-2026');
    await c.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(c.getByText('Mot de passe modifié', { exact: true })).toBeVisible();
    await c.goto(new URL(formUrl as string).pathname);
    await expect(c.getByRole('heading', { level: 1, name: 'Formulaire de réservation' })).toBeVisible();
    await c.getByRole('button', { name: 'Suivant' }).click();
    await c.getByLabel('Profession', { exact: true }).fill('Architecte paysagiste');
    await c.getByLabel('NPA').fill('1260');
    await c.getByRole('button', { name: 'Suivant' }).click();
    await c.getByRole('button', { name: 'Suivant' }).click();
    await c.getByLabel('Montant hypothécaire (CHF)').fill('720000');
    await c.getByRole('button', { name: 'Suivant' }).click();
    await c.getByRole('button', { name: 'Confirmer' }).click();
    await expect(c.getByRole('status').filter({ hasText: RESERVATION_MESSAGES.submitted })).toBeVisible();
    await candidate.close();
    await expectState(0, 'Optionné', 'Client');

    // 3. The broker validates the form.
    dialog = await menuAction(b, 'validateReservationForm');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(dialog).toHaveCount(0);
    await expectState(0, 'Optionné', 'Client');

    // 4. The notary records the deposit: the lot is reserved.
    const notary = await openAs(browser, DEMO_ACCOUNTS.notary);
    dialog = await menuAction(notary.page, 'advanceDepositReceived');
    await dialog.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await expect(notary.page.getByText(PIPELINE_MESSAGES.depositPaid, { exact: true })).toBeVisible();
    await expectState(1, 'Réservé', 'Client acquéreur');

    // 5. The banker declares the client solvent.
    const banker = await openAs(browser, DEMO_ACCOUNTS.banker);
    dialog = await menuAction(banker.page, 'ClientSolvent');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog).toHaveCount(0);
    await banker.close();
    await expectState(1, 'Réservé', 'Client acquéreur');

    // 6. The broker schedules the promise.
    dialog = await menuAction(b, 'scheduleAgreement');
    await dialog.getByLabel('Date de signature *').fill('2027-03-15');
    await dialog.getByRole('button', { name: 'Planifier' }).click();
    await expect(dialog).toHaveCount(0);
    await expectState(1, 'Réservé', 'Client acquéreur');

    // 7. The notary sends the draft act, then confirms the promise funds: the promise is signed.
    dialog = await menuAction(notary.page, 'draftActSent');
    await dialog.getByRole('button', { name: "Confirmer l'envoi" }).click();
    await expect(dialog).toHaveCount(0);
    await expectState(1, 'Réservé', 'Client acquéreur');
    dialog = await menuAction(notary.page, 'agreementFundsReceived');
    await dialog.getByRole('button', { name: 'Confirmer la réception' }).click();
    await expect(dialog).toHaveCount(0);
    await expectState(2, 'Signé', 'Promettant acquéreur');

    // 8. The broker plans the act.
    dialog = await menuAction(b, 'planActOfPurchase');
    await dialog.getByLabel('Date de signature *').fill('2027-05-20');
    await dialog.getByLabel('Message *').fill("Madame, Monsieur,\nLa signature de l'acte est fixée.");
    await dialog.getByRole('button', { name: 'Planifier' }).click();
    await expect(dialog).toHaveCount(0);
    await expectState(2, 'Signé', 'Promettant acquéreur');

    // 9. The notary sends the call for funds.
    dialog = await menuAction(notary.page, 'callForFundsSent');
    await dialog.getByRole('button', { name: "Confirmer l'envoi" }).click();
    await expect(dialog).toHaveCount(0);
    await notary.close();
    await expectState(2, 'Signé', 'Promettant acquéreur');

    // 10. The broker records the act signed: sold.
    dialog = await menuAction(b, 'actOfPurchaseSigned');
    await dialog.getByRole('button', { name: 'Confirmer la signature' }).click();
    await expect(b.getByText(PIPELINE_MESSAGES.actSigned, { exact: true })).toBeVisible();
    await expectState(3, 'Signé', 'Acquéreur');

    // The history of the application tells the whole story.
    await b.goto(funnelPath);
    await b.getByRole('table').locator('tbody').getByRole('row').filter({ hasText: reference }).click({ button: 'right' });
    await b.getByRole('menuitem', { name: APPLICATION_ACTIONS.history.label, exact: true }).click();
    await expect(b).toHaveURL(new RegExp(`/logs\\?application_id=${applicationId}`));
    await expect(b.getByRole('table').locator('tbody').getByRole('row')).not.toHaveCount(0);
    await broker.close();
  });
});
