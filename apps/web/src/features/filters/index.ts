/** Filter pieces other screens compose: the URL filters of a list and the promotion's filter options (docs/product/validation.md#filters-sent-to-the-server). */
export { useFilterOptions } from './api/get-filter-options';
export type { FilterQuery, SortOrder } from './filter-query';
export { useFilters } from './use-filters';
