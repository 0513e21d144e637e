import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useFilterOptions } from './api/get-filter-options';
import {
  applyDifference,
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
   * itself, and settles when its rows are there: the call left 30 to 50 ms after the click, once
   * the screen had rendered its new state (docs/performance.md, 'Lighthouse').
   */
  prefetch?: (serverQuery: FilterQuery) => Promise<unknown>;
};

/**
 * How long a sort or a page change waits for its rows before the screen shows its new state over
 * the old rows: on a quick answer, one render shows the new order and its rows together (the render
 * of the old rows under the new header cost the candidates screen 15 to 20 ms); on a slow network,
 * the header still answers the click at once to the eye.
 */
const WAIT_FOR_ROWS_MS = 150;

/** The filters of the current screen, read from and written to the URL query. */
export const useFilters = ({ prefetch }: UseFiltersOptions = {}) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data } = useFilterOptions();
  const options = data ?? EMPTY_FILTER_OPTIONS;
  const filters = useMemo(() => parseFilters(searchParams, options), [searchParams, options]);
  // What a sort or a page written a moment after its click reads: the URL of now, and whether the
  // screen is still there (React Router's functional update reads the URL of its render).
  const latest = useRef({ searchParams, mounted: true });
  latest.current.searchParams = searchParams;
  useEffect(() => {
    const state = latest.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
    };
  }, []);

  // Filter edits replace the history entry (a slider would flood it); a page change is a step Back can undo.
  const apply = (next: FiltersState, replace = true) =>
    setSearchParams((current) => mergeIntoSearch(current, toUrlQuery(next, options)), { replace });

  // A sort or a page: its call leaves in the click, and the URL changes when its rows are there
  // (or after WAIT_FOR_ROWS_MS), writing only the keys it changes.
  const applyWhenReady = (next: FiltersState, replace: boolean) => {
    const before = toUrlQuery(filters, options);
    const after = toUrlQuery(next, options);
    const write = () => {
      if (latest.current.mounted) setSearchParams(applyDifference(latest.current.searchParams, before, after), { replace });
    };
    const ready = prefetch?.(toServerQuery(next, options));
    if (!ready) return write();
    let written = false;
    const once = () => {
      if (written) return;
      written = true;
      write();
    };
    void ready.finally(once);
    setTimeout(once, WAIT_FOR_ROWS_MS);
  };

  return {
    filters,
    options,
    /** What a list call sends (docs/product/validation.md#filters-sent-to-the-server). */
    serverQuery: toServerQuery(filters, options),
    update: (patch: Partial<FiltersState>) => apply(changeFilters(filters, patch)),
    setPage: (page: number) => applyWhenReady(changeFilters(filters, { page }), false),
    sortBy: (column: string) => applyWhenReady(toggleSort(filters, column), true),
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
