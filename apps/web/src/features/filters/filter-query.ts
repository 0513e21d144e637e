import { EMPTY_FILTER_OPTIONS, type FilterOptions } from '@promovente/shared';

/**
 * The filter bar's state and its two text forms (docs/product/entities.md#filters and docs/product/validation.md#filters-sent-to-the-server). The URL query and the server query use the same names and the same compact
 * encoding, so a reload rebuilds the state and a list call can send it as is.
 */
export type SortOrder = 'asc' | 'desc';

export type FiltersState = {
  /** Selected ids (all of them by default). */
  buildings: number[];
  floors: number[];
  nb_rooms: number[];
  /** The price slider's range, in KCHF. */
  price: { min: number; max: number };
  toKCHF: boolean;
  showMyAgency: boolean;
  showNonRetained: boolean;
  onlyLateTasks: boolean;
  search: string;
  broker: number | null;
  orderBy: string | null;
  order: SortOrder | null;
  page: number;
  /** Context filters a link may carry (a lot, an application, a candidate...). */
  lot: string | null;
  application: number | null;
  candidat: number | null;
  candidacy: number | null;
  searchCampaign: string | null;
};

export type FilterQuery = Record<string, string>;

/** Every query key the filters own; other keys of the URL are left alone. */
export const FILTER_KEYS = [
  'buildings',
  'floors',
  'nb_rooms',
  'price_min',
  'price_max',
  'toKCHF',
  'showMyAgency',
  'showNonRetained',
  'onlyLateTasks',
  'search',
  'broker',
  'orderBy',
  'order',
  'page',
  'lot',
  'application',
  'candidat',
  'candidacy',
  'searchCampaign',
] as const;

export const PRICE_FACTOR = 1000;

export { EMPTY_FILTER_OPTIONS };

type MultiKey = 'buildings' | 'floors' | 'nb_rooms';

export const optionValues = (options: FilterOptions): Record<MultiKey, number[]> => ({
  buildings: options.buildings.map((b) => b.id),
  floors: options.floors.map((f) => f.id),
  nb_rooms: [...options.nb_rooms],
});

export const defaultFilters = (options: FilterOptions): FiltersState => ({
  ...optionValues(options),
  price: { ...options.price },
  toKCHF: false,
  showMyAgency: false,
  showNonRetained: false,
  onlyLateTasks: false,
  search: '',
  broker: null,
  orderBy: null,
  order: null,
  page: 1,
  lot: null,
  application: null,
  candidat: null,
  candidacy: null,
  searchCampaign: null,
});

const text = (params: URLSearchParams, key: string): string | null => {
  const value = params.get(key)?.trim();
  return value ? value : null;
};

const positiveInt = (params: URLSearchParams, key: string): number | null => {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value > 0 ? value : null;
};

const flag = (params: URLSearchParams, key: string) => params.get(key) === '1' || params.get(key) === 'true';

/** A comma list restricted to the known values; nothing known left means all. */
const selection = (params: URLSearchParams, key: string, all: number[]): number[] => {
  const raw = params.get(key);
  if (raw === null) return all;
  const wanted = new Set(
    raw
      .split(',')
      .filter((s) => s !== '')
      .map(Number),
  );
  const kept = all.filter((value) => wanted.has(value));
  return kept.length > 0 ? kept : all;
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** URL (or server) query -> state. Unknown or out-of-range values fall back to the defaults. */
export const parseFilters = (query: URLSearchParams | string, options: FilterOptions): FiltersState => {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const base = defaultFilters(options);
  const all = optionValues(options);
  const { min, max } = options.price;
  const priceOf = (key: string, fallback: number) => {
    const chf = Number(params.get(key));
    return params.get(key) !== null && Number.isFinite(chf) ? clamp(Math.round(chf / PRICE_FACTOR), min, max) : fallback;
  };
  const priceMin = priceOf('price_min', min);
  const priceMax = priceOf('price_max', max);
  const order = params.get('order');
  const orderBy = text(params, 'orderBy');
  return {
    ...base,
    buildings: selection(params, 'buildings', all.buildings),
    floors: selection(params, 'floors', all.floors),
    nb_rooms: selection(params, 'nb_rooms', all.nb_rooms),
    price: priceMin <= priceMax ? { min: priceMin, max: priceMax } : { min, max },
    toKCHF: flag(params, 'toKCHF'),
    showMyAgency: flag(params, 'showMyAgency'),
    showNonRetained: flag(params, 'showNonRetained'),
    onlyLateTasks: flag(params, 'onlyLateTasks'),
    search: params.get('search') ?? '',
    broker: positiveInt(params, 'broker'),
    orderBy,
    order: orderBy && (order === 'asc' || order === 'desc') ? order : null,
    page: positiveInt(params, 'page') ?? 1,
    lot: text(params, 'lot'),
    application: positiveInt(params, 'application'),
    candidat: positiveInt(params, 'candidat'),
    candidacy: positiveInt(params, 'candidacy'),
    searchCampaign: text(params, 'searchCampaign'),
  };
};

const sameSelection = (selected: number[], all: number[]) =>
  selected.length === all.length && all.every((value) => selected.includes(value));

/**
 * State -> the compact query the server receives: multi-selects only when not all are selected,
 * prices in CHF only when they differ from the full range, flags as 1 or omitted, empty values
 * dropped. The page is always sent.
 */
export const toServerQuery = (state: FiltersState, options: FilterOptions): FilterQuery => {
  const all = optionValues(options);
  const query: FilterQuery = {};
  for (const key of ['buildings', 'floors', 'nb_rooms'] as const) {
    if (!sameSelection(state[key], all[key])) query[key] = all[key].filter((v) => state[key].includes(v)).join(',');
  }
  if (state.price.min !== options.price.min) query.price_min = String(state.price.min * PRICE_FACTOR);
  if (state.price.max !== options.price.max) query.price_max = String(state.price.max * PRICE_FACTOR);
  for (const key of ['toKCHF', 'showMyAgency', 'showNonRetained', 'onlyLateTasks'] as const) {
    if (state[key]) query[key] = '1';
  }
  const search = state.search.trim();
  if (search) query.search = search;
  const values: [string, string | number | null][] = [
    ['broker', state.broker],
    ['orderBy', state.orderBy],
    ['order', state.orderBy ? state.order : null],
    ['lot', state.lot],
    ['application', state.application],
    ['candidat', state.candidat],
    ['candidacy', state.candidacy],
    ['searchCampaign', state.searchCampaign],
  ];
  for (const [key, value] of values) {
    if (value !== null && value !== '') query[key] = String(value);
  }
  query.page = String(state.page);
  return query;
};

/** State -> the URL query: the server query without the default page. */
export const toUrlQuery = (state: FiltersState, options: FilterOptions): FilterQuery => {
  const { page, ...rest } = toServerQuery(state, options);
  return page === '1' ? rest : { ...rest, page };
};

/** Writes the filters into a URL query, keeping the keys the filters do not own. */
export const mergeIntoSearch = (current: URLSearchParams, query: FilterQuery): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of Object.entries(query)) next.set(key, value);
  return next;
};

/**
 * Writes into a URL query only what changed from `before` to `after` (a sort, a page): a change
 * written a moment after it was decided leaves alone what was changed meanwhile.
 */
export const applyDifference = (current: URLSearchParams, before: FilterQuery, after: FilterQuery): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === after[key]) continue;
    if (after[key] === undefined) next.delete(key);
    else next.set(key, after[key]);
  }
  return next;
};

/** Any filter change other than the page sends the list back to page 1 (docs/product/layout.md#sort-and-pagination). */
export const changeFilters = (state: FiltersState, patch: Partial<FiltersState>): FiltersState => {
  const onlyPage = Object.keys(patch).every((key) => key === 'page');
  return { ...state, ...patch, page: onlyPage ? (patch.page ?? state.page) : 1 };
};

/** The same column flips asc/desc; a new column starts descending. */
export const toggleSort = (state: FiltersState, column: string): FiltersState =>
  changeFilters(state, {
    orderBy: column,
    order: state.orderBy === column ? (state.order === 'desc' ? 'asc' : 'desc') : 'desc',
  });
