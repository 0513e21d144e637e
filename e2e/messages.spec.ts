import { DEMO_ACCOUNTS, expect, signIn, signOut, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

/**
 * Messages (docs/product/messages.md): a candidate writes to his broker without choosing him; the
 * broker finds the thread in Messages, the unread badge going down when he opens it, answers
 * with a file, and the candidate receives the answer by e-mail. The thread is new (its title is
 * unique): the demo's threads are left as they are.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const TERRASSES = 'Les Terrasses du Lac';

const unreadOf = async (link: import('@playwright/test').Locator) => {
  const text = (await link.textContent()) ?? '';
  const match = /(\d+)\s*$/.exec(text.trim());
  return match ? Number(match[1]) : 0;
};

test('a candidate writes to his broker, who reads it, the badge going down, and answers with a file', async ({ page }) => {
  const title = `Question sur la cave ${Date.now()}`;

  // The candidate, on his phone: the welcome text, no recipient to choose.
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_ACCOUNTS.candidate);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/messages');
  await expect(page.getByText(/^Bienvenue dans votre messagerie/)).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle discussion' });
  await expect(dialog.getByText('Votre message sera envoyé à votre courtier.')).toBeVisible();
  await expect(dialog.getByLabel('Destinataire *')).toHaveCount(0);
  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Message').fill('Bonjour, la cave du lot est-elle incluse dans le prix ?');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page).toHaveURL(/\/messages\/\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    'the page scrolls sideways',
  ).toBeLessThanOrEqual(0);
  await page.goto('/home');
  await signOut(page);

  // The broker, at his desk, in the candidate's promotion.
  await page.setViewportSize(DESK);
  await signIn(page, DEMO_ACCOUNTS.broker);
  await expect(page).toHaveURL(/\/dashboard$/);
  const picker = page.getByRole('button', { name: /^Promotion : / });
  if ((await picker.getAttribute('aria-label')) !== `Promotion : ${TERRASSES}`) {
    await picker.click();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${TERRASSES}`) }).click();
    await expect(picker).toHaveAccessibleName(`Promotion : ${TERRASSES}`);
  }
  const menuEntry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Messages/ });
  await expect(menuEntry).toHaveAccessibleName(/^Messages\s*non lus : \d+$/);
  const before = await unreadOf(menuEntry);
  expect(before).toBeGreaterThan(0);
  await menuEntry.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText('Pour contacter un candidat ou un notaire, cliquez sur « Nouvelle discussion ».')).toBeVisible();

  // The search (300 ms debounce) finds the thread by its title; opening it reads it.
  await page.getByLabel('Rechercher').fill('cave');
  // The search lands in the address first: a click before it would be undone by its navigation.
  await expect(page).toHaveURL(/search=cave/);
  const row = page.getByRole('link', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('non lus : 1');
  await row.click();
  const conversation = page.getByRole('region', { name: title });
  await expect(conversation.getByText('Bonjour, la cave du lot est-elle incluse dans le prix ?')).toBeVisible();
  await expect.poll(() => unreadOf(menuEntry)).toBe(before - 1);

  // The answer: 'Envoyer' waits for a text; the file goes with it; the form is reset after.
  const send = conversation.getByRole('button', { name: 'Envoyer' });
  await expect(send).toBeDisabled();
  await conversation.getByLabel('Votre réponse').fill('Bonjour, oui : la cave est comprise. Voici le plan des caves.');
  await conversation.getByLabel('Pièces jointes').setInputFiles({ name: 'plan-des-caves.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(send).toBeEnabled();
  await send.click();
  const messages = conversation.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Bonjour, oui : la cave est comprise. Voici le plan des caves.')).toBeVisible();
  await expect(messages.getByRole('button', { name: 'plan-des-caves.pdf' })).toBeVisible();
  await expect(conversation.getByLabel('Votre réponse')).toHaveValue('');
  await expect(send).toBeDisabled();

  // The candidate's e-mail, through the outbox and the loopback SMTP server.
  const mail = await waitForMail(DEMO_ACCOUNTS.candidate, /la cave est comprise/);
  expect(mail.text).toMatch(/\/messages\/\d+/);
});
