import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useFilterOptions } from './api/get-filter-options';
import {
  changeFilters,
  defaultFilters,
  EMPTY_FILTER_OPTIONS,
  type FilterQuery,
  type FiltersState,
  mergeIntoSearch,
  parseFilters,
  toggleSort,
  toServerQuery,
  toUrlQuery,
} from './filter-query';

type UseFiltersOptions = {
  /**
   * Starts the list's call for the query a sort or a page change is about to ask, in the click
   * itself: the screen's render with the new state (30 to 50 ms for a table of 50 rows) then runs
   * while the server answers, not before the call leaves (docs/performance.md, 'Lighthouse').
   */
  prefetch?: (serverQuery: FilterQuery) => void;
};

/** The filters of the current screen, read from and written to the URL query. */
export const useFilters = ({ prefetch }: UseFiltersOptions = {}) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data } = useFilterOptions();
  const options = data ?? EMPTY_FILTER_OPTIONS;
  const filters = useMemo(() => parseFilters(searchParams, options), [searchParams, options]);

  // Filter edits replace the history entry (a slider would flood it); a page change is a step Back can undo.
  const apply = (next: FiltersState, replace = true) =>
    setSearchParams((current) => mergeIntoSearch(current, toUrlQuery(next, options)), { replace });

  return {
    filters,
    options,
    /** What a list call sends (docs/product/validation.md#filters-sent-to-the-server). */
    serverQuery: toServerQuery(filters, options),
    update: (patch: Partial<FiltersState>) => apply(changeFilters(filters, patch)),
    setPage: (page: number) => {
      const next = changeFilters(filters, { page });
      prefetch?.(toServerQuery(next, options));
      apply(next, false);
    },
    sortBy: (column: string) => {
      const next = toggleSort(filters, column);
      prefetch?.(toServerQuery(next, options));
      apply(next);
    },
    reset: () => apply(defaultFilters(options)),
    /**
     * Screen-owned query parameters beside the filters (status arrows, lot, candidat...): null
     * removes one; like any filter change, it goes back to page 1.
     */
    writeParams: (patch: Record<string, string | null>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
  };
};
