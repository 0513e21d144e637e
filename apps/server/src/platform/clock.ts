import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The instant an answer is made at (docs/architecture.md, 'The answer cache'). What an answer
 * computes against the clock (a task's lateness, an application's deadline) reads `answerNow()`:
 * the real time, except in a route served by version, whose handler runs at the start of the
 * current minute (`atInstant`), the minute being part of its key. Two readers in one minute thus
 * get the same answer, whether it was made for them or kept from another request, and a flag
 * moves at most one minute after its instant.
 */

const instant = new AsyncLocalStorage<number>();

/** Now, or the instant of the answer being made. */
export const answerNow = () => new Date(instant.getStore() ?? Date.now());

/** Runs `work` with `answerNow()` answering `at` (milliseconds since the epoch). */
export const atInstant = <T>(at: number, work: () => T): T => instant.run(at, work);

/** The start of the current minute, the instant of an answer served by version. */
export const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
