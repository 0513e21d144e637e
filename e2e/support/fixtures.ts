import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-2026';

export const DEMO_ACCOUNTS = {
  broker: 'courtier@demo.ch',
  admin: 'admin@demo.ch',
  promoter: 'promoteur@demo.ch',
  banker: 'banquier@demo.ch',
  architect: 'architecte@demo.ch',
  notary: 'notaire@demo.ch',
  candidate: 'candidat@demo.ch',
  pilot: 'pilote@demo.ch',
  investor: 'investisseur@demo.ch',
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

export const test = base;
export { expect };
