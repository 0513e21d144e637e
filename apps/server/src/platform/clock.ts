import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The instant an answer is made at (docs/architecture.md, 'The answer cache'). What an answer
 * computes against the clock (a task's lateness, an application's deadline) reads `answerNow()`:
 * the real time, except in a route served by version, whose handler runs at the start of the
 * current minute (`clockOf`). Two readers in one minute thus get the same answer, whether it
 * was made for them or kept from another request, and a flag moves at most one minute after its
 * instant. An answer made without reading the clock is the same at every minute: the cache keeps
 * it without the minute in its key (`clockOf`).
 */

type Instant = { at: number; read: boolean };
const instant = new AsyncLocalStorage<Instant>();

/** Now, or the instant of the answer being made (which then depends on the clock). */
export const answerNow = () => {
  const store = instant.getStore();
  if (!store) return new Date();
  store.read = true;
  return new Date(store.at);
};

/** Runs `work` with `answerNow()` answering `at` (milliseconds since the epoch), and says whether what it made read the clock. */
export const clockOf = async <T>(at: number, work: () => Promise<T>): Promise<{ value: T; readClock: boolean }> => {
  const store: Instant = { at, read: false };
  const value = await instant.run(store, work);
  return { value, readClock: store.read };
};

/** The start of the current minute, the instant of an answer served by version. */
export const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
