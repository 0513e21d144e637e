import type { APIRequestContext, Page } from '@playwright/test';
import { LIBRARY_MESSAGES } from '@promovente/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, signOut, test } from './support/fixtures.js';

/**
 * The documents library (docs/product/documents.md): a broker adds two files for candidates,
 * one from 'Prospect' on and one from 'Acquéreur' on; the demo candidate (a client, not yet a
 * buyer) opens the first on a phone and never sees the second; the broker reads the data-room
 * log and deletes both. The names sort after the demo's files, and the files are removed at
 * the end, so the other scenarios see the demo library as seeded.
 */
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const OPEN_FILE = `Zz Plans e2e ${stamp}`;
const CLOSED_FILE = `Zz Acte e2e ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The candidate's promotion: the broker adds the files there (his current promotion, restored afterwards). */
const sessionOf = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const current = async () => (await (await request.get('/api/user/promotion', { headers })).json()).promotion_id as number;
  const select = (promotion: number) => request.put('/api/user/promotion', { headers, data: { promotion } });
  return { current, select, headers };
};

const addFile = async (page: Page, name: string, status: string) => {
  await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
  const form = page.getByRole('form', { name: 'Ajouter un fichier' });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le nom est requis')).toBeVisible();
  await expect(form.getByText('Le type est requis')).toBeVisible();
  await expect(form.getByText('Le fichier est requis')).toBeVisible();
  await form.getByLabel('Nom', { exact: true }).fill(name);
  await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Plans' });
  await form.getByLabel('Dossier', { exact: true }).selectOption({ label: 'Aucun dossier' });
  await form.getByLabel('Fichier *').setInputFiles({ name: 'plans.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByLabel('Candidats').check();
  await form.getByLabel('Statut minimum du candidat').selectOption({ label: status });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('list', { name: 'Fichiers' }).getByText(`${name}.pdf`)).toBeVisible();
};

test.describe('the documents library', () => {
  test('a broker adds files, the candidate opens the one his status allows on a phone, the broker reads the log and deletes them', async ({
    page,
    request,
  }) => {
    const candidate = await sessionOf(request, DEMO_ACCOUNTS.candidate);
    const broker = await sessionOf(request, DEMO_ACCOUNTS.broker);
    const brokerPromotion = await broker.current();
    await broker.select(await candidate.current());

    try {
      await page.setViewportSize(DESK);
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/documents');
      await expect(page.getByRole('heading', { name: 'Bibliothèque' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Dossiers' }).getByRole('button', { name: /Plans/ })).toBeVisible();
      await addFile(page, OPEN_FILE, 'Prospect');
      await addFile(page, CLOSED_FILE, 'Acquéreur');
      await signOut(page);

      // The candidate, on a phone: his own documents first, then the library without the buyer's file.
      await page.setViewportSize(PHONE);
      await signIn(page, DEMO_ACCOUNTS.candidate);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/documents');
      await expect(page.getByRole('heading', { name: 'Mes documents' })).toBeVisible();
      const files = page.getByRole('list', { name: 'Fichiers' });
      await expect(files.getByText(`${OPEN_FILE}.pdf`)).toBeVisible();
      await expect(page.getByText(`${CLOSED_FILE}.pdf`)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ajouter un fichier' })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the phone screen scrolls sideways').toBeLessThanOrEqual(0);

      const popup = page.context().waitForEvent('page');
      const signed = page.waitForResponse((response) => response.url().includes('/api/file-url/'));
      await page.getByRole('button', { name: `Ouvrir ${OPEN_FILE}.pdf` }).click();
      const { data } = await (await signed).json();
      expect(data.url).toContain('inline=1');
      await (await popup).close().catch(() => {});
      const opened = await page.request.get(data.url);
      expect(opened.ok()).toBe(true);
      expect(opened.headers()['content-type']).toContain('application/pdf');

      // The file above his status is refused by the server too (the search finds nothing, its link 404).
      const search = await request.get(`/api/files?search=${encodeURIComponent(CLOSED_FILE)}`, { headers: candidate.headers });
      expect((await search.json()).data.files.total).toBe(0);
      await signOut(page);

      // The broker: the data-room log shows the candidate's view; then he deletes both files.
      await page.setViewportSize(DESK);
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(`/documents?search=${encodeURIComponent('Zz')}`);
      await page.getByRole('button', { name: `Journal de ${OPEN_FILE}.pdf` }).click();
      const log = page.getByRole('dialog', { name: `Journal de la data room : ${OPEN_FILE}.pdf` });
      await expect(log.getByRole('cell', { name: 'Consultation' })).toBeVisible();
      await expect(log.getByRole('cell', { name: 'Candidat' })).toBeVisible();
      // The 'Personne' filter names who opened the file, with the count (its own read: GET /files_log/people).
      await expect(log.getByRole('combobox', { name: 'Personne' }).getByRole('option', { name: /\(1\)$/ })).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(log).toBeHidden();

      for (const name of [OPEN_FILE, CLOSED_FILE]) {
        await page.getByRole('button', { name: `Supprimer ${name}.pdf` }).click();
        const confirm = page.getByRole('dialog', { name: 'Supprimer le fichier' });
        await expect(confirm.getByText('Êtes-vous sûr de vouloir supprimer ce fichier ?')).toBeVisible();
        await confirm.getByRole('button', { name: 'Supprimer' }).click();
        await expect(confirm).toBeHidden();
        await expect(page.getByText(`${name}.pdf`)).toHaveCount(0);
      }
    } finally {
      await broker.select(brokerPromotion);
    }
  });

  test("a broker signed in from the demo page is offered no 'Ajouter un fichier', and the server refuses his upload", async ({ page }) => {
    await page.goto('/demo');
    await page.getByRole('link', { name: 'Courtier', exact: true }).click();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'Bibliothèque' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Journal de la data room' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter un fichier' })).toHaveCount(0);

    // His session is a demo session: the upload the screen hides is refused (403), nothing stored.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    const headers = { authorization: `Bearer ${token}` };
    const promotion = (await (await page.request.get('/api/user/promotion', { headers })).json()).promotion_id as number;
    const upload = await page.request.post(`/api/promotions/${promotion}/files`, {
      headers,
      multipart: {
        name: `Zz Démo e2e ${stamp}`,
        type_id: '1',
        file: { name: 'plans.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(upload.status()).toBe(403);
    expect((await upload.json()).message).toBe(LIBRARY_MESSAGES.demoUpload);
  });
});
