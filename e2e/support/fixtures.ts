import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_ACCOUNTS as ROLE_ACCOUNTS } from '@promovente/shared';
import { stackOf } from './stacks.js';

export { DEMO_PASSWORD };

/** One demo account per role, plus the admin broker and the light investor of the demo seed. */
export const DEMO_ACCOUNTS = {
  ...ROLE_ACCOUNTS,
  admin: 'admin@demo.ch',
  lightInvestor: 'investisseur-leger@demo.ch',
} as const;

/** Signs in through the login form, as a user would. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
};

export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login/);
};

/** Every test talks to its worker's stack (e2e/support/stacks.ts): the page, the API requests. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => use(stackOf(testInfo.parallelIndex).baseURL),
});
export { expect };

/**
 * Clicks a download button (the server answers { data: { url } } and the client opens it in
 * a new tab), then fetches that URL and reads the .xlsx back.
 */
export const downloadWorkbook = async (page: Page, buttonName: string, apiPath: string) => {
  const { default: ExcelJS } = await import('exceljs');
  const answer = page.waitForResponse((response) => response.url().includes(apiPath));
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: buttonName }).click();
  const { data } = await (await answer).json();
  await (await popup).close().catch(() => {});
  const file = await page.request.get(data.url);
  expect(file.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  return workbook;
};

/** axe-core's script, injected once per document (a screen reached in the app keeps it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { html: string; target: string[] }[] };

/**
 * The serious and critical accessibility violations axe finds on the page, with their nodes.
 * axe runs in the page itself (what @axe-core/playwright calls its legacy mode), its script
 * loaded once per document, and keeps the nodes of the violations only: the builder's default
 * opened a blank page for each audit and listed every passing node, three times the time of the
 * audit on a 2-core machine (docs/decisions/035-browser-tests-headless-shell.md).
 */
export const seriousViolations = async (page: Page) => {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe
      .run(document, { resultTypes: ['violations'] })
      .then((results) => results.violations),
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(' ')})`);
};

/** An API session of a demo account, to prepare and find the demo data the scenarios work on. */
export const apiSession = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`sign-in failed for ${email}: ${login.status()}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request.get(`/api/${path}`, { headers });
    if (!answer.ok()) throw new Error(`GET ${path}: ${answer.status()}`);
    return (await answer.json()) as T;
  };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const answer = await request.post(`/api/${path}`, { headers, data });
    if (!answer.ok()) throw new Error(`POST ${path}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const put = async <T>(path: string, data: unknown): Promise<T> => {
    const answer = await request.put(`/api/${path}`, { headers, data });
    if (!answer.ok()) throw new Error(`PUT ${path}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return { get, post, put, close: () => request.post('/api/logout', { headers }) };
};
