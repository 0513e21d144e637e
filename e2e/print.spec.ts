import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, signIn, test } from './support/fixtures.js';

/**
 * The main lists print on A4 landscape with every column (issue 18, item 10): measured in
 * Chromium with the print media, then printed to PDF and read back by pdftotext and pdfinfo
 * (Debian's poppler-utils, README "Requirements"), which nobody here wrote.
 */

/** A4 landscape less the stylesheet's 10 mm margins (277 x 190 mm), in CSS pixels: 96 per inch. */
const PRINTABLE = { width: Math.floor((277 / 25.4) * 96), height: Math.floor((190 / 25.4) * 96) };

type Printed = {
  path: string;
  heading: string;
  /** The table's scroll region: its header row is repeated on each printed page. */
  region?: { name: string; repeated: string };
  expected: string[];
};

const PRINTED: Printed[] = [
  {
    path: '/lots',
    heading: 'Lots',
    region: { name: 'Tableau des lots', repeated: 'Surface hab.' },
    expected: ['Statut', 'Lot', 'Prix', 'PRS', 'Candidats', 'Tâches'],
  },
  {
    path: '/candidats',
    heading: 'Candidats',
    region: { name: 'Tableau des candidatures', repeated: 'Priorité' },
    expected: ['Statut', 'Priorité', 'Candidat'],
  },
  {
    path: '/tunnel-de-vente',
    heading: 'Tunnel de vente',
    region: { name: 'Tableau des dossiers', repeated: 'SIGN PdV' },
    // The price and the five milestones, cut by the table's scroll box before.
    expected: ['Client', 'Prix', 'FR', 'AC', 'FIN', 'SIGN PdV', 'SIGN', 'À faire'],
  },
  { path: '/tasks', heading: 'Tâches', expected: ['Statut', 'Tâche', 'Cible', 'Échéance', 'Assigné à'] },
];

/** Runs a poppler tool; a missing tool fails the test and says which Debian package brings it. */
const poppler = (tool: 'pdftotext' | 'pdfinfo', args: string[]) => {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install Debian's poppler-utils (.ci/run installs it)`);
    }
    throw error;
  }
};

/** What pdfinfo and pdftotext read in a PDF: the first page's size in points and each page's text. */
const readPdf = async (pdf: Buffer) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'promovente-print-'));
  try {
    const file = path.join(dir, 'printed.pdf');
    await writeFile(file, pdf);
    const info = poppler('pdfinfo', [file]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    const texts = Array.from({ length: pages }, (_, index) =>
      poppler('pdftotext', ['-f', String(index + 1), '-l', String(index + 1), '-layout', file, '-']).replace(/\s+/g, ' '),
    );
    return { width: Number(size?.[1]), height: Number(size?.[2]), texts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The column headers a reader sees (not the ones named for screen readers only), with their boxes. */
const visibleHeaders = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main th'))
      .filter((th) => th.getBoundingClientRect().width > 1 && !th.querySelector(':scope > .sr-only'))
      .map((th) => {
        const box = th.getBoundingClientRect();
        return { label: (th.textContent ?? '').trim(), left: box.left, right: box.right };
      }),
  );

test.describe('the main lists print on A4 landscape with every column, without menus or filters (issue 18, item 10)', () => {
  test('lots, candidates, the funnel and the tasks: every column within the printable width, then read back from the PDF', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize(PRINTABLE);
    await page.emulateMedia({ media: 'print' });

    for (const screen of PRINTED) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.locator('main tbody tr').first()).toBeVisible();
      await page.waitForLoadState('networkidle');

      // Left out: the header and its menus, the filters, the column menu, the status filter, the pagination, the row actions.
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
      await expect(page.getByRole('region', { name: 'Filtres' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Colonnes' })).toBeHidden();
      await expect(page.getByRole('group', { name: 'Filtrer par statut' })).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeHidden();
      await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Actions / })).toHaveCount(0);

      // Every column header within the printable width; no scroll box cuts the table.
      const headers = await visibleHeaders(page);
      for (const label of screen.expected) expect(headers.map((header) => header.label)).toContain(label);
      for (const header of headers) {
        expect(header.left, `${screen.heading}: ${header.label} starts on the page`).toBeGreaterThanOrEqual(0);
        expect(header.right, `${screen.heading}: ${header.label} ends on the page`).toBeLessThanOrEqual(PRINTABLE.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${screen.heading}: the page's width`).toBeLessThanOrEqual(
        PRINTABLE.width,
      );
      if (screen.region) {
        const region = page.getByRole('region', { name: screen.region.name });
        expect(
          await region.evaluate((box) => box.scrollWidth - box.clientWidth),
          `${screen.heading}: the table is cut`,
        ).toBeLessThanOrEqual(0);
      }

      // Printed as the stylesheet says (its own page size, not Playwright's): A4 landscape, every header on the first page.
      const pdf = await readPdf(await page.pdf({ preferCSSPageSize: true }));
      expect(Math.round(pdf.width), `${screen.heading}: A4 landscape width (pt)`).toBe(842);
      expect(Math.round(pdf.height), `${screen.heading}: A4 landscape height (pt)`).toBe(595);
      const upper = (text: string) => text.toLocaleUpperCase('fr');
      for (const { label } of headers) {
        expect(upper(pdf.texts[0]), `${screen.heading}: '${label}' printed`).toContain(upper(label));
      }
      expect(pdf.texts[0]).not.toContain('Réinitialiser les filtres');
      // A table longer than a page repeats its header row on the next one.
      for (const [index, text] of pdf.texts.entries()) {
        if (index > 0 && screen.region)
          expect(upper(text), `${screen.heading}: page ${index + 1}`).toContain(upper(screen.region.repeated));
      }
    }
  });
});
