import { EMPTY_FILTER_OPTIONS } from '@promovente/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { filterOptionsQueryOptions } from './api/get-filter-options';
import { useFilters } from './use-filters';

const render = (prefetch: (query: Record<string, string>) => void) => {
  const client = createQueryClient();
  client.setQueryData(filterOptionsQueryOptions().queryKey, EMPTY_FILTER_OPTIONS);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/candidats?search=Dupont']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => ({ filters: useFilters({ prefetch }), search: useSearchParams()[0] }), { wrapper });
};

describe('the filters of a list (docs/product/validation.md#filters-sent-to-the-server)', () => {
  it("starts the list's call for a sort or a page in the click, with the query the screen then asks", () => {
    const prefetch = vi.fn();
    const { result } = render(prefetch);

    act(() => result.current.filters.sortBy('budget'));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0][0]).toEqual(result.current.filters.serverQuery);
    expect(result.current.search.get('orderBy')).toBe('budget');

    act(() => result.current.filters.setPage(2));
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(prefetch.mock.calls[1][0]).toEqual(result.current.filters.serverQuery);
    expect(result.current.filters.serverQuery).toMatchObject({ search: 'Dupont', orderBy: 'budget', page: '2' });
  });
});
