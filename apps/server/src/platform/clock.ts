import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The instant an answer is made at (docs/architecture.md, 'The answer cache'). What an answer
 * computes against the clock (a task's lateness, an application's deadline) reads `answerNow()`:
 * the real time, except in a route served by version, whose handler runs at the start of the
 * current minute (`clockOf`). Two readers in one minute thus get the same answer, whether it
 * was made for them or kept from another request, and a flag moves at most one minute after its
 * instant. An answer made without reading the clock is the same at every minute: the cache keeps
 * it without the minute in its key (`clockOf`).
 *
 * An answer that knows when what it computed from the clock changes reads `answerInstant()`
 * instead, and names each such instant with `answerChangesAt` (a deadline, the midnight a task
 * becomes today's): it is kept until the minute of the first of them, not remade every minute.
 * One `answerNow()` in the same answer, or one computation from `answerInstant()` whose change is
 * not named, and the answer would be kept past a change: a read of the clock that names nothing
 * uses `answerNow()`.
 */

type Instant = { at: number; read: boolean; bounded: boolean; changesAt: number };
const instant = new AsyncLocalStorage<Instant>();

/** Now, or the instant of the answer being made (which then depends on the clock). */
export const answerNow = () => {
  const store = instant.getStore();
  if (!store) return new Date();
  store.read = true;
  return new Date(store.at);
};

/**
 * Now, for an answer that names with `answerChangesAt` every later instant at which what it
 * computes from it changes (see above).
 */
export const answerInstant = () => {
  const store = instant.getStore();
  if (!store) return new Date();
  store.bounded = true;
  return new Date(store.at);
};

/**
 * What the answer computed from `answerInstant()` is not the same before `at` (milliseconds since
 * the epoch) and from `at` on. An instant at or before the answer's own changes nothing.
 */
export const answerChangesAt = (at: number) => {
  const store = instant.getStore();
  if (store && at > store.at && at < store.changesAt) store.changesAt = at;
};

/**
 * Runs `work` with `answerNow()` and `answerInstant()` answering `at` (milliseconds since the
 * epoch), and says whether what it made read the clock: `readClock` for a read that named no
 * change (the answer is the minute's), else `expiresAt`, the start of the minute from which the
 * answer must be made again (infinite when nothing it computed from the clock ever changes).
 */
export const clockOf = async <T>(at: number, work: () => Promise<T>): Promise<{ value: T; readClock: boolean; expiresAt: number }> => {
  const store: Instant = { at, read: false, bounded: false, changesAt: Number.POSITIVE_INFINITY };
  const value = await instant.run(store, work);
  const expiresAt =
    store.bounded && Number.isFinite(store.changesAt) ? Math.ceil(store.changesAt / 60_000) * 60_000 : Number.POSITIVE_INFINITY;
  return { value, readClock: store.read, expiresAt };
};

/** The start of the current minute, the instant of an answer served by version. */
export const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
