import { describe, expect, it } from 'vitest';
import { campaignColumns, dateBounds, filtersFromParams, isFiltered, paramsOf, toggleSort } from './marketing-view';

describe('the campaigns table state (docs/product/marketing.md#screens)', () => {
  it('reads the URL, dropping what is not a filter of the table', () => {
    const filters = filtersFromParams(
      new URLSearchParams('search=radio&start_after=2026-03-01&end_before=2026-02-30&orderBy=couleur&page=0'),
    );
    expect(filters).toEqual({ search: 'radio', start_after: '2026-03-01', end_before: '', orderBy: null, order: null, page: 1 });
    expect(paramsOf(filters).toString()).toBe('search=radio&start_after=2026-03-01');
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(filtersFromParams(new URLSearchParams('page=3')))).toBe(false);
  });

  it('sorts ascending first, then descending, back on the first page', () => {
    const start = filtersFromParams(new URLSearchParams('page=4'));
    const asc = toggleSort(start, 'price');
    expect(asc).toMatchObject({ orderBy: 'price', order: 'asc', page: 1 });
    expect(toggleSort(asc, 'price').order).toBe('desc');
    expect(toggleSort(asc, 'title').order).toBe('asc');
  });

  it('docs/product/marketing.md#rules: a start after the end cannot be picked, nor an end before the start', () => {
    expect(dateBounds('2026-03-01', '2026-03-31')).toEqual({ start: { max: '2026-03-31' }, end: { min: '2026-03-01' } });
    expect(dateBounds('', null)).toEqual({ start: { max: undefined }, end: { min: undefined } });
  });

  it('shows the agency column only on a multi-agency promotion; files and comment are not sortable', () => {
    expect(campaignColumns(false).map((c) => c.key)).toEqual(['title', 'method', 'start_at', 'end_at', 'price', 'files', 'comment']);
    const multi = campaignColumns(true);
    expect(multi[0]).toMatchObject({ key: 'agency', sort: 'agency' });
    expect(multi.filter((c) => !c.sort).map((c) => c.key)).toEqual(['files', 'comment']);
  });
});
