/**
 * The positions of a lot (docs/product/positions.md#priorities; docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built),
 * written once: in a multi-agency promotion at most 3 live applications hold a ranked position
 * (1, 2, 3) on a lot; the others wait on the waiting list (9, 'NP', non prioritaire). Every
 * other place (the server's position moves, its SQL, the pickers, the priority badges and the
 * database check) imports these.
 */
export const MAX_POSITIONS_PER_LOT = 3;

/** The waiting list: the priority of an application without a position, and the default. */
export const WAITING_LIST_PRIORITY = 9;
export const DEFAULT_APPLICATION_PRIORITY = WAITING_LIST_PRIORITY;

/** The ranked positions, 1 to MAX_POSITIONS_PER_LOT. */
export const RANKED_POSITIONS: readonly number[] = Array.from({ length: MAX_POSITIONS_PER_LOT }, (_, index) => index + 1);

/** Every priority an application may hold: the ranked positions, then the waiting list. */
export const APPLICATION_PRIORITIES: readonly number[] = [...RANKED_POSITIONS, WAITING_LIST_PRIORITY];

/** Application priority badges: positions 1, 2, 3 and NP (non prioritaire). */
export const APPLICATION_PRIORITY_LABELS: Record<number, string> = {
  ...Object.fromEntries(RANKED_POSITIONS.map((position) => [position, String(position)])),
  [WAITING_LIST_PRIORITY]: 'NP',
};

/** Whether a priority is a ranked position (1-3), not the waiting list. */
export const isRankedPosition = (priority: number): boolean =>
  Number.isInteger(priority) && priority >= 1 && priority <= MAX_POSITIONS_PER_LOT;

/** The lowest free position among 1-3 on a multi-agency lot, or null when all are taken. */
export const bestAvailablePriority = (takenPriorities: readonly number[]): number | null =>
  RANKED_POSITIONS.find((position) => !takenPriorities.includes(position)) ?? null;

/** Whether the ranked positions are all taken (the count of the live applications holding one). */
export const positionsFull = (rankedCount: number): boolean => rankedCount >= MAX_POSITIONS_PER_LOT;
