import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { candidacyKeys } from '../../candidates';
import { lotKeys } from '../../lots';
import { useAttributeLot } from './attribution';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('attributing a lot (docs/product/validation.md#assign-lot)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refreshes the candidates screen too: a candidate opened next is 'Client', not the 'Prospect' kept before", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { id: 7 }, message: 'Lot attribué' }), { status: 200 })),
    );
    const client = createQueryClient();
    client.setQueryData(candidacyKeys.list({ search: 'Ligne' }), { data: [] });
    client.setQueryData(lotKeys.list('staff', {}), { data: [] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAttributeLot(12), { wrapper });

    await act(() => result.current.mutateAsync({ lot_id: 3, priority: 9 }));

    await waitFor(() => expect(client.getQueryState(candidacyKeys.list({ search: 'Ligne' }))?.isInvalidated).toBe(true));
    expect(client.getQueryState(lotKeys.list('staff', {}))?.isInvalidated).toBe(true);
  });
});
