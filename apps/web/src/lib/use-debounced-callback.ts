import { useEffect, useMemo, useRef } from 'react';

/** Calls `callback` once `delay` ms have passed without a new call. */
export const useDebouncedCallback = <A extends unknown[]>(callback: (...args: A) => void, delay: number) => {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  callbackRef.current = callback;

  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(
    () =>
      (...args: A) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => callbackRef.current(...args), delay);
      },
    [delay],
  );
};
