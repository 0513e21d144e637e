import { CAMPAIGN_SORTS, type CampaignSort, isCalendarDay } from '@promovente/shared';
import type { DataColumn } from '../../components/ui/DataTable';

/** The campaigns table's state, kept in the URL (docs/product/marketing.md#screens). */
export type CampaignFilters = {
  search: string;
  start_after: string;
  end_before: string;
  orderBy: CampaignSort | null;
  order: 'asc' | 'desc' | null;
  page: number;
};

const day = (value: string | null) => (value && isCalendarDay(value) ? value : '');

export const filtersFromParams = (params: URLSearchParams): CampaignFilters => {
  const orderBy = params.get('orderBy');
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    start_after: day(params.get('start_after')),
    end_before: day(params.get('end_before')),
    orderBy: CAMPAIGN_SORTS.includes(orderBy as CampaignSort) ? (orderBy as CampaignSort) : null,
    order: order === 'asc' || order === 'desc' ? order : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
};

/** The URL of a state: only what differs from the defaults. */
export const paramsOf = (filters: CampaignFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.start_after) params.set('start_after', filters.start_after);
  if (filters.end_before) params.set('end_before', filters.end_before);
  if (filters.orderBy) params.set('orderBy', filters.orderBy);
  if (filters.order) params.set('order', filters.order);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

export const isFiltered = (filters: CampaignFilters) => Boolean(filters.search || filters.start_after || filters.end_before);

/** A click on a header: ascending first, then descending, on the first page. */
export const toggleSort = (filters: CampaignFilters, column: CampaignSort): CampaignFilters => ({
  ...filters,
  orderBy: column,
  order: filters.orderBy === column && filters.order === 'asc' ? 'desc' : 'asc',
  page: 1,
});

/**
 * The pickers' bounds: a start after the end (and an end before the start) cannot be picked
 * (docs/product/marketing.md#rules). Native date inputs take them as min and max.
 */
export const dateBounds = (start: string | null | undefined, end: string | null | undefined) => ({
  start: { max: end || undefined },
  end: { min: start || undefined },
});

/** The campaigns table's columns: the agency only on a multi-agency promotion; files and comment not sortable. */
export const campaignColumns = (multiAgency: boolean): DataColumn[] => [
  ...(multiAgency ? [{ key: 'agency', label: 'Agence', sort: 'agency' }] : []),
  { key: 'title', label: 'Titre', sort: 'title' },
  { key: 'method', label: 'Méthode', sort: 'method' },
  { key: 'start_at', label: 'Début', sort: 'start_at' },
  { key: 'end_at', label: 'Fin', sort: 'end_at' },
  { key: 'price', label: 'Prix', sort: 'price', numeric: true },
  { key: 'files', label: 'Documents' },
  { key: 'comment', label: 'Commentaire' },
];
