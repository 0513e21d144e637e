import type { FilterOptions } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { changeFilters, defaultFilters, mergeIntoSearch, parseFilters, toggleSort, toServerQuery, toUrlQuery } from './filter-query';

const options: FilterOptions = {
  promotion: { id: 1, title: 'Les Cèdres', multi_agency: true, crm_updated_at: null },
  buildings: [
    { id: 10, title: 'A' },
    { id: 11, title: 'B' },
    { id: 12, title: 'C' },
  ],
  floors: [
    { id: 20, floor: 0, title: 'RDC' },
    { id: 21, floor: 1, title: '1er' },
  ],
  nb_rooms: [2.5, 3.5, 4.5],
  price: { min: 400, max: 1600 },
  brokers: [],
  agencies: [],
};

describe('parseFilters', () => {
  it('selects everything and the full price range by default', () => {
    const state = parseFilters('', options);
    expect(state).toEqual(defaultFilters(options));
    expect(state.buildings).toEqual([10, 11, 12]);
    expect(state.price).toEqual({ min: 400, max: 1600 });
    expect(state.page).toBe(1);
  });

  it('reads comma lists, prices in CHF, flags, sort and page from the URL', () => {
    const state = parseFilters(
      'buildings=11,12&nb_rooms=3.5&price_min=500000&price_max=900000&onlyLateTasks=1&toKCHF=1&search=dupont&broker=7&orderBy=price&order=asc&page=3',
      options,
    );
    expect(state.buildings).toEqual([11, 12]);
    expect(state.floors).toEqual([20, 21]);
    expect(state.nb_rooms).toEqual([3.5]);
    expect(state.price).toEqual({ min: 500, max: 900 });
    expect(state.onlyLateTasks).toBe(true);
    expect(state.toKCHF).toBe(true);
    expect(state.search).toBe('dupont');
    expect(state.broker).toBe(7);
    expect(state.orderBy).toBe('price');
    expect(state.order).toBe('asc');
    expect(state.page).toBe(3);
  });

  it('ignores unknown ids, bad pages and prices out of range', () => {
    const state = parseFilters('buildings=99&page=-2&price_min=10&price_max=99000000&broker=abc', options);
    expect(state.buildings).toEqual([10, 11, 12]);
    expect(state.page).toBe(1);
    expect(state.price).toEqual({ min: 400, max: 1600 });
    expect(state.broker).toBeNull();
  });
});

describe('toServerQuery', () => {
  it('sends only the page when nothing is filtered', () => {
    expect(toServerQuery(defaultFilters(options), options)).toEqual({ page: '1' });
  });

  it('sends multi-selects only when not all are selected, prices in CHF only when narrowed', () => {
    const state = { ...defaultFilters(options), floors: [21], price: { min: 400, max: 1200 }, onlyLateTasks: true, search: '  ' };
    expect(toServerQuery(state, options)).toEqual({ floors: '21', price_max: '1200000', onlyLateTasks: '1', page: '1' });
  });

  it('drops null and empty values and keeps the sort', () => {
    const state = { ...defaultFilters(options), broker: null, orderBy: 'created_at', order: 'desc' as const, page: 2, lot: '' };
    expect(toServerQuery(state, options)).toEqual({ orderBy: 'created_at', order: 'desc', page: '2' });
  });
});

describe('URL round trip', () => {
  it('omits the first page from the URL and reads back the same state', () => {
    const state = { ...defaultFilters(options), buildings: [12, 10], nb_rooms: [4.5], showMyAgency: true, search: 'léa' };
    const query = toUrlQuery(state, options);
    expect(query).toEqual({ buildings: '10,12', nb_rooms: '4.5', showMyAgency: '1', search: 'léa' });
    const back = parseFilters(new URLSearchParams(query), options);
    expect(back.buildings).toEqual([10, 12]);
    expect(back.nb_rooms).toEqual([4.5]);
    expect(back.showMyAgency).toBe(true);
    expect(back.search).toBe('léa');
  });

  it('keeps the URL keys that the filters do not own', () => {
    const next = mergeIntoSearch(new URLSearchParams('password=true&page=4&buildings=10'), { page: '2' });
    expect(next.toString()).toBe('password=true&page=2');
  });
});

describe('changeFilters', () => {
  it('resets the page to 1 on any change other than the page', () => {
    const state = { ...defaultFilters(options), page: 5 };
    expect(changeFilters(state, { search: 'x' }).page).toBe(1);
    expect(changeFilters(state, { page: 3 }).page).toBe(3);
  });
});

describe('toggleSort', () => {
  it('starts a new column descending', () => {
    const state = toggleSort({ ...defaultFilters(options), orderBy: 'price', order: 'asc', page: 4 }, 'created_at');
    expect(state).toMatchObject({ orderBy: 'created_at', order: 'desc', page: 1 });
  });

  it('flips the direction of the same column', () => {
    const once = toggleSort(defaultFilters(options), 'price');
    expect(once.order).toBe('desc');
    const twice = toggleSort(once, 'price');
    expect(twice.order).toBe('asc');
    expect(toggleSort(twice, 'price').order).toBe('desc');
  });
});
