import sharp from 'sharp';
import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/**
 * Progress albums and the home page (docs/product/progress.md, docs/product/home.md): a broker
 * creates an album and uploads photos, whose 160 px and 1300 px sizes exist; a candidate sees
 * them in the carousel and finds his application's progress on his home, also on a phone.
 * The album is the spec's own row (its name sorts after the demo's), on the home page.
 */
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const ALBUM = `Zz Album de test ${Date.now()}`;

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

const naturalSize = (image: import('@playwright/test').Locator) =>
  image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    return { width: img.naturalWidth, height: img.naturalHeight };
  });

const noSidewaysScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe
  .serial('progress albums and the home page', () => {
    test('a broker creates an album and uploads photos in their two sizes', async ({ page }) => {
      await page.setViewportSize(DESK);
      await signIn(page, DEMO_ACCOUNTS.broker);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/progression');
      await expect(page.getByRole('heading', { name: 'Avancement', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Ajouter un album' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter un album' });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('Le nom est requis')).toBeVisible();
      await dialog.getByLabel('Nom *').fill(ALBUM);
      await dialog.getByLabel('Date *').fill('2026-06-30');
      await dialog.getByLabel('Commentaire').fill('Album créé par le test du navigateur.');
      await dialog.getByLabel('Homepage').selectOption('oui');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog).toBeHidden();

      const album = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ALBUM }) });
      await expect(album.getByText('Homepage : oui')).toBeVisible();
      await album.getByRole('button', { name: 'Ajouter des photos' }).click();
      const upload = page.getByRole('dialog', { name: `Ajouter des photos à ${ALBUM}` });
      await expect(upload.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
      await upload.getByLabel('Photos et vidéos').setInputFiles([
        { name: 'facade.jpg', mimeType: 'image/jpeg', buffer: await picture('#3366aa') },
        { name: 'toiture.jpg', mimeType: 'image/jpeg', buffer: await picture('#aa6633') },
      ]);
      await upload.getByRole('button', { name: 'Envoyer' }).click();
      await expect(upload).toBeHidden({ timeout: 30_000 });
      await expect(album.getByText('2 photos')).toBeVisible();

      const thumbnail = album.getByRole('img', { name: 'facade.jpg' });
      expect((await naturalSize(thumbnail)).height).toBe(160);
      await album.getByRole('button', { name: 'Voir facade.jpg' }).click();
      const carousel = page.getByRole('dialog', { name: ALBUM });
      const large = carousel.getByRole('img', { name: 'facade.jpg' });
      await expect(large).toBeVisible();
      expect((await naturalSize(large)).width).toBe(1300);
      await expect(carousel.getByRole('button', { name: 'Photo suivante' })).toBeVisible();
      await expect(carousel.getByRole('button', { name: 'Photo précédente' })).toBeVisible();
    });

    test("a candidate sees his home with his progress and the album's photos in the carousel", async ({ page }) => {
      await page.setViewportSize(DESK);
      await signIn(page, DEMO_ACCOUNTS.candidate);
      await expect(page).toHaveURL(/\/home/);
      await expect(page.getByRole('region', { name: 'Mon dossier' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Étapes du dossier' }).first()).toContainText('FR');
      await expect(page.getByRole('region', { name: 'Votre courtier' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Brochure' })).toBeVisible();
      const home = page.getByRole('region', { name: 'Avancement du chantier' });
      await expect(home.getByRole('img', { name: 'facade.jpg' })).toHaveCount(1);
      await expect(home.getByRole('button', { name: 'Photo suivante' })).toBeVisible();

      await page.goto('/progression');
      const album = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ALBUM }) });
      await expect(album.getByRole('button', { name: 'Ajouter des photos' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ajouter un album' })).toHaveCount(0);
      await album.getByRole('button', { name: 'Voir toiture.jpg' }).click();
      await expect(page.getByRole('dialog', { name: ALBUM }).getByRole('img', { name: 'toiture.jpg' })).toBeVisible();
    });

    test("the candidate's screens work on a 390 px phone", async ({ page }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, DEMO_ACCOUNTS.candidate);
      await expect(page).toHaveURL(/\/home/);
      await expect(page.getByRole('region', { name: 'Mon dossier' })).toBeVisible();
      expect(await noSidewaysScroll(page), 'the home scrolls sideways').toBeLessThanOrEqual(0);
      await page.goto('/progression');
      await expect(page.getByRole('heading', { name: ALBUM })).toBeVisible();
      expect(await noSidewaysScroll(page), 'the albums scroll sideways').toBeLessThanOrEqual(0);
    });

    test('a demo user signed in from the demo page sees the demo video, a real MP4', async ({ page }) => {
      await page.goto('/demo');
      await page.getByRole('link', { name: 'Candidat', exact: true }).click();
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page).toHaveURL(/\/home/);
      await page.goto('/progression');
      const demo = page.getByRole('region', { name: 'Vidéo de démonstration' });
      await expect(demo).toBeVisible();
      const source = await demo.locator('video').getAttribute('src');
      const answer = await page.request.get(source ?? '');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('video/mp4');
      expect((await answer.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    });
  });
