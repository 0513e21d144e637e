import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAIL_STATUS_LABELS, MESSAGES, OUTBOX_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, seriousViolations, test } from './support/fixtures.js';
import { ROOT } from './support/paths.js';
import { stackOf } from './support/stacks.js';

/**
 * The local mailbox (issue 18, item 16; docs/decisions/027-local-mailbox-and-administration-actions.md):
 * someone trying the product runs it as the README says, without SMTP_URL, on the embedded
 * database and a local address. The suite's own server has an SMTP server, so this scenario
 * starts a second one the way `npm start` does (fresh data folder, demo seeded on first run),
 * with no SMTP and no LOCAL_MAILBOX: the mailbox must be on by itself. A reset e-mail is then
 * read whole by the admin and its link followed to the end.
 */

/** The spare port of the worker's stack: each worker may run this file's own server. */
const PORT = () => stackOf(test.info().parallelIndex).sparePort;
const BASE = () => `http://127.0.0.1:${PORT()}`;
const NEW_PASSWORD = 'boite-locale-2027';
let server: ChildProcess | null = null;

const waitForHealth = async (timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the local server exited with code ${server?.exitCode}`);
    try {
      if ((await fetch(`${BASE()}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the local server did not answer within ${timeoutMs} ms`);
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const dataDir = path.join(ROOT, '.tmp', `e2e-local-mailbox-${test.info().parallelIndex}`);
  await rm(dataDir, { recursive: true, force: true });
  const { SMTP_URL: _smtp, LOCAL_MAILBOX: _mailbox, DATABASE_URL: _database, ...env } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(PORT()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: BASE(),
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      OUTBOX_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(280_000);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

const signInLocally = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto(`${BASE()}/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
};

test('on a local run without SMTP, the admin reads a reset e-mail whole and its link sets the password', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = 'courtier2@demo.ch';
  // The person asks for a new password, as anyone would.
  await page.goto(`${BASE()}/password/reset`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText(MESSAGES.resetRequested)).toBeVisible();

  // The admin's 'E-mails' screen keeps it, whole.
  await signInLocally(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'E-mails' }).click();
  await expect(page).toHaveURL(`${BASE()}/admin/mails`);
  await expect(page.getByText(OUTBOX_MESSAGES.localMailbox)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).first();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText(MAIL_STATUS_LABELS.kept)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // axe reads the screen before the e-mail opens: it cannot run inside a frame sandboxed without scripts.
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Promovente : modification de votre mot de passe' }).click();
  const frameElement = page.getByTitle(OUTBOX_MESSAGES.body);
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');

  // Its link works: it opens the reset page in a new tab, which sets the password.
  const link = page.frameLocator(`iframe[title="${OUTBOX_MESSAGES.body}"]`).getByRole('link', { name: /\/password\/update\// });
  await expect(link).toHaveAttribute('href', new RegExp(`^${BASE()}/password/update/[A-Za-z0-9_-]{40,}\\?email=`));
  const opened = page.context().waitForEvent('page');
  await link.click();
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`^${BASE()}/password/update/`));
  await expect(tab.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await tab.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await tab.getByLabel('Confirmation du mot de passe').fill(NEW_PASSWORD);
  await tab.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(tab.getByText(MESSAGES.passwordReset)).toBeVisible();

  // The broker, in a browser of his own, signs in with it.
  const context = await browser.newContext();
  try {
    await signInLocally(await context.newPage(), email, NEW_PASSWORD);
  } finally {
    await context.close();
  }
});
