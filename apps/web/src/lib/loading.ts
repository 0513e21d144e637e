import { useSyncExternalStore } from 'react';

/** The app-level loading counter behind the global overlay (docs/product/layout.md#global-interface-elements). */
let count = 0;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const startLoading = () => {
  count += 1;
  emit();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    count = Math.max(0, count - 1);
    emit();
  };
};

/** Runs a task under the global overlay; the counter is released in all cases. */
export const withLoading = async <T>(task: () => Promise<T>): Promise<T> => {
  const stop = startLoading();
  try {
    return await task();
  } finally {
    stop();
  }
};

/** The overlay's close button: hides it whatever is still running. */
export const clearLoading = () => {
  count = 0;
  emit();
};

export const useIsLoading = () =>
  useSyncExternalStore(
    subscribe,
    () => count > 0,
    () => false,
  );
