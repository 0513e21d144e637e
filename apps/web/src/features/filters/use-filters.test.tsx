import { EMPTY_FILTER_OPTIONS } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { filterOptionsQueryOptions } from './api/get-filter-options';
import type { FilterQuery } from './filter-query';
import { useFilters } from './use-filters';

const render = (prefetch: (query: FilterQuery) => Promise<unknown>) => {
  const client = createQueryClient();
  client.setQueryData(filterOptionsQueryOptions().queryKey, EMPTY_FILTER_OPTIONS);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/candidats?search=Dupont&status=1']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => ({ filters: useFilters({ prefetch }), params: useSearchParams() }), { wrapper });
};

/** A call the test answers when it wants. */
const pending = () => {
  let answer = () => {};
  const promise = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
};

describe('sorting and paging a list (docs/product/layout.md#sort-and-pagination)', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the call in the click and shows the new order with its rows, keeping what changed meanwhile', async () => {
    const call = pending();
    const prefetch = vi.fn(() => call.promise);
    const { result } = render(prefetch);

    act(() => result.current.filters.sortBy('budget'));
    expect(prefetch).toHaveBeenCalledWith({ search: 'Dupont', orderBy: 'budget', order: 'desc', page: '1' });
    expect(result.current.params[0].get('orderBy')).toBeNull();

    // Another key of the URL changes before the rows are there: the sort leaves it as it is.
    act(() => result.current.params[1]((current) => new URLSearchParams({ ...Object.fromEntries(current), status: '2' })));
    await act(async () => call.answer());
    expect(Object.fromEntries(result.current.params[0])).toEqual({ search: 'Dupont', status: '2', orderBy: 'budget', order: 'desc' });
    expect(result.current.filters.serverQuery).toMatchObject({ search: 'Dupont', orderBy: 'budget', order: 'desc' });
  });

  it('shows the new page over the old rows when its rows are slow to come (150 ms)', () => {
    vi.useFakeTimers();
    const prefetch = vi.fn(() => new Promise<unknown>(() => {}));
    const { result } = render(prefetch);

    act(() => result.current.filters.setPage(2));
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ page: '2' }));
    act(() => vi.advanceTimersByTime(149));
    expect(result.current.params[0].get('page')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.params[0].get('page')).toBe('2');
  });
});
