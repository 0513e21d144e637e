import type { APIRequestContext, Page } from '@playwright/test';
import {
  type CandidaciesPage,
  PIPELINE_MESSAGES,
  RESERVATION_MESSAGES,
  type ReservationForm,
  type UserPromotion,
} from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, expect, seriousViolations, signIn, test } from './support/fixtures.js';

/**
 * The demo applications whose reservation form was sent, as the broker finds them in his
 * candidates list (search narrows it to one candidate), with their reservation form.
 */
const sentForms = async (request: APIRequestContext, search: string, limit = 40) => {
  const broker = await apiSession(request, DEMO_ACCOUNTS.broker);
  const { data: promotions } = await broker.get<{ data: UserPromotion[] }>('user/promotions');
  const forms: ReservationForm[] = [];
  for (const promotion of promotions) {
    const page = await broker.get<CandidaciesPage>(`candidacies?promotion=${promotion.id}&search=${encodeURIComponent(search)}`);
    for (const row of page.data) {
      for (const application of row.applications) {
        if (!application.reservation_sent_at || forms.length >= limit) continue;
        forms.push((await broker.get<{ data: ReservationForm }>(`applications/public/${application.public_id}`)).data);
      }
    }
  }
  await broker.close();
  return forms;
};

/** The demo candidate's application whose form was sent and not confirmed (the demo seed's 'form filled' one). */
const candidateOpenForm = async (request: APIRequestContext) => {
  const form = (await sentForms(request, DEMO_ACCOUNTS.candidate)).find(
    (f) => !f.confirmed && [f.candidacy1, f.candidacy2].some((c) => c?.candidate.email === DEMO_ACCOUNTS.candidate),
  );
  if (!form) throw new Error('the demo candidate has no sent and unconfirmed reservation form');
  return form;
};

const stepHeading = (page: Page, step: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^${step}\\. `) });

test.describe('reservation form (docs/product/reservation-form.md#screens)', () => {
  test('the candidate walks the five steps on a phone, confirms, and the page reloads', async ({ page, request }) => {
    const form = await candidateOpenForm(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/candidate/form/${form.public_id}`);

    // Step 1: the lot summary; Previous only above step 1.
    await expect(page.getByRole('heading', { level: 1, name: 'Formulaire de réservation' })).toBeVisible();
    await expect(stepHeading(page, 1)).toHaveText('1. Informations sur la candidature');
    const summary = page.getByRole('definition');
    await expect(summary.filter({ hasText: form.lot.reference }).first()).toBeVisible();
    await expect(page.getByText(form.lot.promotion_title, { exact: true })).toBeVisible();
    await expect(page.getByText(form.lot.building_title, { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d[\d']* CHF$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Précédent' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Confirmer' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Step 2: candidate 1; the e-mail is read-only, the zip numeric, the company toggle.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(stepHeading(page, 2)).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Nom *', { exact: true })).toHaveValue(form.candidacy1.candidate.last_name);
    const zip = page.getByLabel('NPA');
    await zip.fill('1196x');
    await expect(zip).toHaveValue('1196');
    await page.getByLabel('Profession', { exact: true }).fill('Ingénieur en environnement');
    await page.getByLabel('État civil').selectOption({ label: 'Marié' });
    const company = page.getByLabel('Le candidat est une société');
    await company.check();
    await expect(page.getByLabel('Raison sociale *')).toBeVisible();
    await expect(page.getByLabel('Prénom du père')).toHaveCount(0);
    await page.getByLabel('Raison sociale *').fill('Berset Immobilier SA');
    await company.uncheck();
    await expect(page.getByLabel('Raison sociale *')).toHaveCount(0);
    await expect(page.getByLabel('Prénom du père')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing runs off the side of a phone screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Step 3: the second candidate, empty to buy alone; the same e-mail is refused.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(stepHeading(page, 3)).toBeVisible();
    await expect(page.getByText('Laisser vide pour acheter seul')).toBeVisible();
    if (!form.candidacy2) {
      await page.getByLabel('Prénom *', { exact: true }).fill('Julie');
      await page.getByLabel('Nom *', { exact: true }).fill('Berset');
      await page.getByLabel('E-mail *', { exact: true }).fill(DEMO_ACCOUNTS.candidate);
      await page.getByRole('button', { name: /^Étape 5/ }).click();
      await page.getByRole('button', { name: 'Confirmer' }).click();
      await expect(stepHeading(page, 3)).toBeVisible();
      await expect(page.getByText(PIPELINE_MESSAGES.sameEmail).first()).toBeVisible();
      await page.getByLabel('Prénom *', { exact: true }).fill('');
      await page.getByLabel('Nom *', { exact: true }).fill('');
      await page.getByLabel('E-mail *', { exact: true }).fill('');
    }

    // Steps 4 and 5: the financing; amounts are numeric. Next only below step 5.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(stepHeading(page, 4)).toBeVisible();
    const mortgage = page.getByLabel('Montant hypothécaire (CHF)');
    await mortgage.fill("720'000");
    await expect(mortgage).toHaveValue('720000');
    await expect(page.getByText("720'000 CHF")).toBeVisible();
    await page.getByLabel("Banque de l'hypothèque").fill('Banque Cantonale Vaudoise');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(stepHeading(page, 5)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suivant' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText(RESERVATION_MESSAGES.submitted).first()).toBeVisible();
    await reloaded;

    // After the reload: the saved values and the notice that the form may still be edited.
    await expect(page.getByText(/^Ce formulaire a déjà été rempli le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./)).toBeVisible();
    await page.getByRole('button', { name: /^Étape 2/ }).click();
    await expect(page.getByLabel('Profession', { exact: true })).toHaveValue('Ingénieur en environnement');
    await expect(page.getByLabel('État civil')).toHaveValue('marié');
    await page.getByRole('button', { name: /^Étape 4/ }).click();
    await expect(page.getByLabel('Montant hypothécaire (CHF)')).toHaveValue('720000');
  });

  test('a broker sees Confirm and edits a form he already confirmed', async ({ page, request }) => {
    const form = (await sentForms(request, '')).find((f) => f.confirmed && f.editable);
    if (!form) throw new Error('no confirmed reservation form in the demo');
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/candidate/form/${form.public_id}`);

    await expect(stepHeading(page, 1)).toBeVisible();
    // Brokers never read the locked notice: they may still edit.
    await expect(page.getByText(RESERVATION_MESSAGES.confirmedNotice)).toHaveCount(0);
    await expect(page.getByText(/^Ce formulaire a déjà été rempli le /)).toBeVisible();
    await page.getByRole('button', { name: /^Étape 2/ }).click();
    const job = page.getByLabel('Profession', { exact: true });
    await expect(job).not.toHaveAttribute('readonly', '');
    await job.fill('Directrice financière');
    await page.getByRole('button', { name: /^Étape 5/ }).click();
    await expect(page.getByRole('button', { name: 'Précédent' })).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText(RESERVATION_MESSAGES.submitted).first()).toBeVisible();
    await reloaded;
    await page.getByRole('button', { name: /^Étape 2/ }).click();
    await expect(page.getByLabel('Profession', { exact: true })).toHaveValue('Directrice financière');
  });

  test('a notary reads the form without a Confirm button', async ({ page, request }) => {
    const form = await candidateOpenForm(request);
    await signIn(page, DEMO_ACCOUNTS.notary);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/candidate/form/${form.public_id}`);

    await expect(stepHeading(page, 1)).toBeVisible();
    await page.getByRole('button', { name: /^Étape 2/ }).click();
    await expect(page.getByLabel('Nom *', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('État civil')).toBeDisabled();
    await page.getByRole('button', { name: /^Étape 5/ }).click();
    await expect(stepHeading(page, 5)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmer' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a link that leads nowhere says so', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.candidate);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/candidate/form/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: PIPELINE_MESSAGES.invalidLink })).toBeVisible();
  });
});
