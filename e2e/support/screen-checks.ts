import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './fixtures.js';

/** What the sales desk works on: a 1440 px screen. */
export const DESK = { width: 1440, height: 900 };
/** A phone: every screen of every role works on it (issue 18, item 19). */
export const PHONE = { width: 390, height: 844 };

/** A search box stays usable on a phone: at least this wide (issue 18, item 19). */
export const MIN_SEARCH_WIDTH = 160;

type MeasureOptions = {
  /**
   * On a phone the named regions that take the keyboard's focus (the DataTables of the sales desk:
   * lots, funnel, candidacies, campaigns, people) may scroll sideways inside themselves; at the
   * desk only the Gantt's timeline does. Every other table fits the screen.
   */
  phone: boolean;
  minSearchWidth: number;
};

/**
 * What sticks out of a screen: the page's sideways scroll, and that of every scrolling region
 * that holds a table (except the ones allowed to scroll by themselves); controls and texts cut
 * off by the screen's edge; ellipses without their full text; on a phone, texts of one table
 * row that overlap or leave their cell, and search boxes too narrow to type in.
 */
export const screenOverflow = (page: Page, options: MeasureOptions = { phone: false, minSearchWidth: 0 }) =>
  page.evaluate(({ phone, minSearchWidth }) => {
    const root = document.scrollingElement as Element;
    const scrollsAlone = (box: Element) =>
      box.closest('[aria-label="Frise chronologique"]') !== null ||
      (phone && box.getAttribute('tabindex') === '0' && box.hasAttribute('aria-label'));
    const regions: { name: string; overflow: number }[] = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      let box: HTMLElement | null = table.parentElement;
      while (box && box !== document.body) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        box = box.parentElement;
      }
      if (!box || box === document.body || scrollsAlone(box)) continue;
      const name = box.getAttribute('aria-label') ?? table.getAttribute('aria-label') ?? 'table';
      regions.push({ name, overflow: box.scrollWidth - box.clientWidth });
    }
    // Controls and texts cut off by the screen's edge (outside a region that scrolls by itself).
    const width = document.documentElement.clientWidth;
    const offscreen: string[] = [];
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>('button, a, input, select, textarea, [role="tab"], th, td, h1, h2, p, li'),
    )) {
      const bounds = element.getBoundingClientRect();
      // Not drawn, or visually hidden for screen readers (the skip link, sr-only texts).
      if (bounds.width <= 1 || bounds.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
      if (bounds.right <= width + 0.5 && bounds.left >= -0.5) continue;
      let scroller: HTMLElement | null = element.parentElement;
      while (scroller && scroller !== document.body && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      if (scroller && scroller !== document.body) continue;
      offscreen.push(
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(bounds.left)}..${Math.round(bounds.right)}`,
      );
    }
    // Tables cut by a container that hides what sticks out.
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const right = table.getBoundingClientRect().right;
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
        if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && right > box.getBoundingClientRect().right + 0.5) {
          offscreen.push(
            `table "${table.getAttribute('aria-label') ?? ''}" cut by ${Math.round(right - box.getBoundingClientRect().right)} px`,
          );
          break;
        }
      }
    }
    // A text cut short by an ellipsis can be read in full on hover (a title) or by a screen reader (a label).
    const shortened: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (element.scrollWidth <= element.clientWidth || getComputedStyle(element).textOverflow !== 'ellipsis') continue;
      if (element.closest('[title], [aria-label]')) continue;
      shortened.push((element.textContent ?? '').trim().slice(0, 40));
    }
    // On a phone, the texts of a table row: each stays inside its own cell, so no two cells'
    // texts overlap (a text clipped by a box of its own, an ellipsis or a screen-reader text,
    // does not spill).
    const overlapping: string[] = [];
    const range = document.createRange();
    for (const cell of phone ? Array.from(document.querySelectorAll<HTMLElement>('td, th')) : []) {
      const box = cell.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (!text.textContent?.trim()) continue;
        range.selectNodeContents(text);
        const out = Math.max(
          0,
          ...Array.from(range.getClientRects()).map((line) =>
            Math.max(box.left - line.left, line.right - box.right, box.top - line.top, line.bottom - box.bottom),
          ),
        );
        if (out <= 1) continue;
        let clipped = false;
        for (let parent = text.parentElement; parent && !clipped; parent = parent === cell ? null : parent.parentElement) {
          clipped = getComputedStyle(parent).overflowX !== 'visible';
        }
        if (clipped) continue;
        overlapping.push(`"${text.textContent.trim().slice(0, 40)}" leaves its cell by ${Math.round(out)} px`);
        break;
      }
    }
    // Search boxes keep room to type in.
    const narrowSearch: string[] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[type="search"]'))) {
      const bounds = input.getBoundingClientRect();
      if (bounds.width <= 1 || bounds.width >= minSearchWidth) continue;
      const name = input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? input.name;
      narrowSearch.push(`"${name.trim()}" ${Math.round(bounds.width)} px`);
    }
    return { page: root.scrollWidth - root.clientWidth, regions, offscreen, shortened, overlapping, narrowSearch };
  }, options);

/**
 * Measures one screen, then checks it fits and passes axe (serious and critical findings),
 * softly: one run measures all. On a phone, pass `phone: true`: the DataTables then scroll
 * inside themselves, everything else fits, and search boxes keep their width.
 */
export const checkScreen = async (page: Page, name: string, { phone = false }: { phone?: boolean } = {}) => {
  const measured = await screenOverflow(page, { phone, minSearchWidth: phone ? MIN_SEARCH_WIDTH : 0 });
  const shown = await page.evaluate(
    (longs) => longs.filter((long) => (document.body.textContent ?? '').includes(long)).join('|'),
    // Whether the lengthened texts of the 'long names' tests reached the screen (an annotation, not a check).
    ['de-montmollin-vuilleumier@', 'Plan_etage_Batiment', 'Grands Chênes', 'de Montmollin-Vuilleumier'],
  );
  test
    .info()
    .annotations.push({ type: 'overflow', description: `${name}: ${JSON.stringify(measured)}, long texts shown: ${shown || 'none'}` });
  expect.soft(measured.page, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  for (const region of measured.regions) {
    expect.soft(region.overflow, `${name}: ${region.name} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  expect.soft(measured.offscreen, `${name}: cut off by the screen's edge`).toEqual([]);
  expect.soft(measured.shortened, `${name}: shortened texts without their full text`).toEqual([]);
  expect.soft(measured.overlapping, `${name}: texts of a row that leave their cell`).toEqual([]);
  expect.soft(measured.narrowSearch, `${name}: search boxes too narrow to type in`).toEqual([]);
  expect.soft(await seriousViolations(page), `${name}: axe`).toEqual([]);
};
