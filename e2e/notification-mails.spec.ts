import { EMAIL_NOTIFICATION_MESSAGES } from '@promovente/shared';
import PostalMime from 'postal-mime';
import { DEMO_ACCOUNTS, expect, signIn, signOut, test } from './support/fixtures.js';
import { waitForMail } from './support/mailbox.js';

/**
 * The notification e-mail as a mail client gets it (docs/decisions/025-mail-headers-and-salesforce-batches.md):
 * a candidate writes to his broker; the broker's e-mail, read from the loopback SMTP server and
 * parsed by postal-mime, is marked automatic, carries one-click List-Unsubscribe and real links;
 * its unsubscribe page asks, then turns the e-mails off without signing in, and 'Mon compte'
 * shows it. The broker's preference is put back at the end.
 */
test('a notification e-mail carries real links and one-click unsubscribe, which its page confirms in French', async ({ page, request }) => {
  const title = `Question sur le parking ${Date.now()}`;
  await signIn(page, DEMO_ACCOUNTS.candidate);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Nouvelle discussion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle discussion' });
  await dialog.getByLabel('Titre').fill(title);
  await dialog.getByLabel('Message').fill('Le parking est-il couvert ? Voir www.exemple.ch pour le plan.');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page).toHaveURL(/\/messages\/\d+/);
  await page.goto('/home');
  await signOut(page);

  const mail = await waitForMail(DEMO_ACCOUNTS.broker, new RegExp(title));
  const email = await PostalMime.parse(mail.raw);
  const header = (name: string) => email.headers.find((h) => h.key === name)?.value;
  expect(header('auto-submitted')).toBe('auto-generated');
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(http:\/\/[^>]+\/api\/unsubscribe\/[0-9a-f-]{36})>$/.exec(header('list-unsubscribe') ?? '')?.[1];
  expect(oneClick).toBeDefined();
  // Every address of the text part is a link of the HTML part.
  const textUrls = email.text?.match(/https?:\/\/\S+/g) ?? [];
  const hrefs = [...(email.html ?? '').matchAll(/<a href="([^"]*)">/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  expect(textUrls.length).toBe(2);
  expect(hrefs).toEqual(['http://www.exemple.ch', ...textUrls]);
  const pageUrl = textUrls.find((url) => url.includes('/unsubscribe/')) as string;

  // The page, without signing in: opening it changes nothing; the button does.
  await page.goto(pageUrl);
  await expect(page.getByRole('heading', { name: EMAIL_NOTIFICATION_MESSAGES.pageTitle })).toBeVisible();
  await expect(page.getByText(EMAIL_NOTIFICATION_MESSAGES.question)).toBeVisible();
  await page.getByRole('button', { name: EMAIL_NOTIFICATION_MESSAGES.confirm }).click();
  await expect(page.getByRole('status')).toHaveText(EMAIL_NOTIFICATION_MESSAGES.unsubscribed);

  // The mail provider's one-click POST to the header's address, as RFC 8058 has it.
  const posted = await request.post(oneClick as string, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(posted.status()).toBe(200);

  // 'Mon compte' shows the box unchecked; the broker turns the e-mails back on.
  await signIn(page, DEMO_ACCOUNTS.broker);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  const box = page.getByRole('checkbox', { name: EMAIL_NOTIFICATION_MESSAGES.toggle });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('Changements enregistrés')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: EMAIL_NOTIFICATION_MESSAGES.toggle })).toBeChecked();
});
