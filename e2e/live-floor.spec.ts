import type { Browser, Page } from '@playwright/test';
import type { CandidaciesPage, LotRow, UserPromotion } from '@promovente/shared';
import { apiSession, DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/**
 * The live sales floor (issue 21, docs/architecture.md 'Live events'): two brokers of two
 * agencies work the same lot of the multi-agency promotion, each in his own browser. What one
 * does shows on the other's screen without a reload, from the server's events.
 */

const SECOND_BROKER = 'courtier2@demo.ch';
const MULTI_AGENCY = 'Quartier des Vergers';

type Session = Awaited<ReturnType<typeof apiSession>>;

/** A browser of its own, signed in, on the lots screen searched for one lot. */
const lotsScreenOf = async (browser: Browser, baseURL: string, email: string, reference: string) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-CH', timezoneId: 'Europe/Zurich' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lots' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lots' })).toBeVisible();
  await page.getByRole('region', { name: 'Filtres' }).getByLabel('Rechercher').fill(reference);
  await expect(page).toHaveURL(/search=/);
  // Set once: a reload would lose it, so its presence at the end proves there was none.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  return { context, page, row: rowOf(page, reference) };
};

const rowOf = (page: Page, reference: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Actions du lot ${reference}`, exact: true }) });

const neverReloaded = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Attributes the lot from its row, as lots.spec.ts does: the row's menu, the candidate searched by name. */
const attributeFromRow = async (page: Page, reference: string, fullName: string) => {
  await rowOf(page, reference)
    .getByRole('button', { name: `Actions du lot ${reference}` })
    .click();
  await page.getByRole('menuitem', { name: 'Attribuer le lot' }).click();
  const dialog = page.getByRole('dialog', { name: `Attribuer le lot ${reference}` });
  await dialog.getByLabel('Rechercher un candidat').fill(fullName);
  const candidate = dialog.getByLabel('Candidat *');
  const option = candidate.locator('option', { hasText: fullName }).first();
  await expect(option).toBeAttached();
  await candidate.selectOption({ label: (await option.textContent()) ?? '' });
  await dialog.getByRole('button', { name: 'Attribuer' }).click();
  await expect(page.getByText('Lot attribué')).toBeVisible();
  await expect(dialog).toHaveCount(0);
};

/** A candidacy of the broker's own agency on the promotion (he may edit it), with no file on any lot. */
const freeCandidacyOf = async (session: Session, promotionId: number) => {
  const page = await session.get<CandidaciesPage>(`candidacies?promotion=${promotionId}&showMyAgency=1`);
  const free = page.data.filter((row) => row.can_edit && row.applications.length === 0);
  const chosen = free.find((row) => row.crm_validated) ?? free[0];
  if (!chosen) throw new Error('no free candidacy of the broker');
  return chosen;
};

test.describe('the live sales floor (issue 21)', () => {
  test("two agencies on one multi-agency lot: an option, a second position, a withdrawal and the promotion show on the other's screen", async ({
    browser,
    request,
    baseURL,
  }) => {
    const first = await apiSession(request, DEMO_ACCOUNTS.broker);
    const second = await apiSession(request, SECOND_BROKER);
    const { data: theirs } = await second.get<{ data: UserPromotion[] }>('user/promotions');
    const { data: ours } = await first.get<{ data: UserPromotion[] }>('user/promotions');
    const promotion = ours.find((p) => p.title === MULTI_AGENCY && theirs.some((q) => q.id === p.id));
    expect(promotion, 'both brokers work the multi-agency promotion').toBeDefined();
    const promotionId = promotion?.id ?? 0;
    const previous = await Promise.all([first, second].map((s) => s.get<{ promotion_id: number | null }>('user/promotion')));

    const contexts: { close: () => Promise<void> }[] = [];
    try {
      for (const session of [first, second]) await session.put('user/promotion', { promotion: promotionId });
      const available = await first.get<{ data: LotRow[] }>(`lots?promotion=${promotionId}&status=0`);
      const lot = available.data[0];
      expect(lot, 'an available lot').toBeDefined();
      const mine = await freeCandidacyOf(first, promotionId);
      const hers = await freeCandidacyOf(second, promotionId);

      const a = await lotsScreenOf(browser, baseURL ?? '', DEMO_ACCOUNTS.broker, lot.reference);
      contexts.push(a.context);
      const b = await lotsScreenOf(browser, baseURL ?? '', SECOND_BROKER, lot.reference);
      contexts.push(b.context);
      await expect(a.row.getByText('Disponible', { exact: true })).toBeVisible();
      await expect(b.row.getByText('Disponible', { exact: true })).toBeVisible();

      // The first broker takes an option: the second one's row says so, without a reload.
      await attributeFromRow(a.page, lot.reference, mine.candidate.full_name);
      await expect(a.row.getByText('Optionné', { exact: true })).toBeVisible();
      await expect(b.row.getByText('Optionné', { exact: true })).toBeVisible({ timeout: 5000 });

      // The second broker takes the next position on the same lot.
      await attributeFromRow(b.page, lot.reference, hers.candidate.full_name);
      const bell = b.page.getByRole('button', { name: /^Notifications/ });
      const before = Number((/(\d+) non lues/.exec((await bell.getAttribute('aria-label')) ?? '') ?? [])[1] ?? 0);

      // The first broker withdraws: the second moves up to priority 1 and is told at once.
      const applications = await first.get<{ data: { id: number; priority: number }[] }>(
        `applications?promotion=${promotionId}&lot=${lot.public_id}`,
      );
      const withdrawn = applications.data.find((application) => application.priority === 1);
      expect(withdrawn, "the first broker's application at priority 1").toBeDefined();
      await first.post('commands/deleteApplication', { entity: 'application', entity_id: withdrawn?.id });
      await expect(b.page.getByText('Priorité modifiée').first()).toBeVisible({ timeout: 5000 });
      await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} non lues`);
      await expect(b.row.getByText('Optionné', { exact: true })).toBeVisible();
      expect(await neverReloaded(a.page)).toBe(true);
      expect(await neverReloaded(b.page)).toBe(true);

      // Clean up: the second broker's file goes too, the lot is free again.
      const left = await second.get<{ data: { id: number }[] }>(`applications?promotion=${promotionId}&lot=${lot.public_id}`);
      for (const application of left.data) {
        await second.post('commands/deleteApplication', { entity: 'application', entity_id: application.id });
      }
      await expect(a.row.getByText('Disponible', { exact: true })).toBeVisible({ timeout: 5000 });
    } finally {
      for (const context of contexts) await context.close();
      await first.put('user/promotion', { promotion: previous[0].promotion_id });
      await second.put('user/promotion', { promotion: previous[1].promotion_id });
      await first.close();
      await second.close();
    }
  });
});
