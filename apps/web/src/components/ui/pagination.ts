export type PageItem = number | 'ellipsis';

/** Under this many pages, every page number is shown (docs/product/layout.md#global-interface-elements). */
const SHOW_ALL_BELOW = 8;

/** Only pages from 1 to the last page are accepted. */
export const isAcceptedPage = (page: number, lastPage: number) => Number.isInteger(page) && page >= 1 && page <= lastPage;

/**
 * The page numbers to show: all of them under 8 pages; otherwise 1, 2, 3, an ellipsis and the
 * last three, or, when the current page is in the middle, a window around it.
 */
export const paginationItems = (currentPage: number, lastPage: number): PageItem[] => {
  if (lastPage < 1) return [];
  if (lastPage < SHOW_ALL_BELOW) return Array.from({ length: lastPage }, (_, i) => i + 1);

  const current = Math.min(Math.max(currentPage, 1), lastPage);
  const edges = current <= 3 || current >= lastPage - 2;
  const shown = edges ? [1, 2, 3, lastPage - 2, lastPage - 1, lastPage] : [1, current - 1, current, current + 1, lastPage];

  const items: PageItem[] = [];
  let previous = 0;
  for (const page of shown) {
    // A gap of a single page shows that page rather than an ellipsis.
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('ellipsis');
    items.push(page);
    previous = page;
  }
  return items;
};
