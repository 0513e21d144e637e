import { useMemo, useSyncExternalStore } from 'react';

/**
 * A phone: narrower than Tailwind's `sm` breakpoint (40rem). The screens that change their
 * layout there, not only their styles (the tasks as cards, the planning as a list, the price
 * grid's column order), render one layout or the other, never both (issue 10: at most 1,500
 * elements a screen). Printing lays the page out at the paper's width: never a phone.
 */
export const PHONE_MEDIA = '(max-width: 39.999rem)';

const subscribeTo = (query: string) => (onChange: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

const matches = (query: string) => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches);

/** Whether the media query matches now; the component renders again when it changes (a turned phone, a resized window). */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useMemo(() => subscribeTo(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
};

/** Whether the screen is a phone's (PHONE_MEDIA). */
export const useIsPhone = () => useMediaQuery(PHONE_MEDIA);
