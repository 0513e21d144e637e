import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from './auth';
import { LIVE_BATCH_MS, useLiveEvents } from './live-events';
import { createQueryClient } from './query-client';

/** The browser's EventSource as the hook uses it: its listeners, its state, closed or not. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

const mount = () => {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, { id: 5, preferences: { selected_promotion: 3 } });
  client.setQueryData(['lots', 'list', 'staff', {}], { data: [] });
  client.setQueryData(['notifications', 'count'], 2);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveEvents({ id: 5 }), { wrapper });
  return { client, hook };
};

describe('useLiveEvents: the signed-in screen follows the live events (docs/architecture.md, Live events)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    FakeEventSource.opened = [];
    setVisibility('visible');
  });

  it('opens one stream, refreshes what a change shows on, and closes it when the screen goes', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, hook } = mount();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/events']);
    FakeEventSource.opened[0].emit('change', JSON.stringify({ what: 'lots', promotion: 3 }));
    await waitFor(() => expect(client.getQueryState(['lots', 'list', 'staff', {}])?.isInvalidated).toBe(true), {
      timeout: LIVE_BATCH_MS * 10,
    });
    expect(client.getQueryState(['notifications', 'count'])?.isInvalidated).toBe(false);
    hook.unmount();
    expect(FakeEventSource.opened[0].closed).toBe(true);
  });

  it('gives its stream back while the tab is hidden, and asks everything again when it is shown', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = mount();
    act(() => setVisibility('hidden'));
    expect(FakeEventSource.opened[0].closed).toBe(true);
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1].emit('open'));
    await waitFor(() => expect(client.getQueryState(['notifications', 'count'])?.isInvalidated).toBe(true));
  });

  it('asks everything again on a resync', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = mount();
    act(() => FakeEventSource.opened[0].emit('resync', '{}'));
    await waitFor(() => expect(client.getQueryState(['notifications', 'count'])?.isInvalidated).toBe(true));
  });

  it('opens a stream again after the browser gave up on one (a stopping server answered 503)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    mount();
    const first = FakeEventSource.opened[0];
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.emit('error');
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
