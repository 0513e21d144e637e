import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MEDIA, useIsPhone } from './use-media-query';

/** A window whose width the test sets, answering PHONE_MEDIA as a browser would. */
const stubWidth = (initial: number) => {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === PHONE_MEDIA && width < 640;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: number) => {
    width = next;
    for (const listener of listeners) listener();
  };
};

const Layout = () => <p>{useIsPhone() ? 'téléphone' : 'bureau'}</p>;

describe('useIsPhone', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('answers the phone layout below 640 px and follows a resized window', () => {
    const resize = stubWidth(390);
    render(<Layout />);
    expect(screen.getByText('téléphone')).toBeTruthy();
    act(() => resize(1440));
    expect(screen.getByText('bureau')).toBeTruthy();
    act(() => resize(639));
    expect(screen.getByText('téléphone')).toBeTruthy();
  });

  it('is the desk layout where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Layout />);
    expect(screen.getByText('bureau')).toBeTruthy();
  });
});
