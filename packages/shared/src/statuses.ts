import { swissDayNumber, swissMidnight } from './swiss-time.js';
/** Statuses, priorities and their French labels and colours (docs/product/candidates.md#states and docs/product/funnel.md#application-status). */

export const LOT_STATUS = { available: 0, prs: 1, optioned: 2, reserved: 3, signed: 4 } as const;
export const LOT_STATUS_LABELS: Record<number, string> = {
  0: 'Disponible',
  1: 'PRS',
  2: 'Optionné',
  3: 'Réservé',
  4: 'Signé',
};

/**
 * A lot's status as a buyer sees it (docs/product/lots.md#states): PRS is the broker's own hold
 * ('pré-réservé'), never shown to buyers, for whom the lot is 'Disponible'.
 */
export const buyerLotStatus = (status: number) => (status === LOT_STATUS.prs ? LOT_STATUS.available : status);

/**
 * The lot statuses a buyer's status filter asks for, as stored: 'Disponible' takes the PRS lots
 * with it, and PRS alone names nothing (an empty list: no lot).
 */
export const buyerLotStatusFilter = (statuses: readonly number[]) => {
  const asked = statuses.filter((status) => status !== LOT_STATUS.prs);
  return asked.includes(LOT_STATUS.available) ? [...asked, LOT_STATUS.prs] : asked;
};

export const CANDIDACY_STATUS_LABELS: Record<number, string> = {
  0: 'Prospect',
  1: 'Non retenu',
  2: 'Non retenu CP',
  3: 'Client',
  4: 'Client acquéreur',
  5: 'Promettant acquéreur',
  6: 'Acquéreur',
};
/** The candidates screen's arrows; 1 and 2 are revealed by 'Afficher non retenus'. */
export const CANDIDACY_FILTER_STATUSES = [0, 3, 4, 5, 6] as const;
export const CANDIDACY_NON_RETAINED_STATUSES = [1, 2] as const;

export const CANDIDACY_PRIORITY_LABELS: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C', 9: 'NP' };

export const APPLICATION_STATUS_LABELS: Record<number, string> = {
  0: 'Optionné',
  1: 'Réservé',
  2: 'Promesse de vente',
  3: 'Vendu',
};
// The application priorities (positions 1-3 and the waiting list) are the rule of rules/positions.ts.

export const TASK_TYPE_LABELS: Record<number, string> = { 0: 'Deadline', 1: 'Evènement' };

export const TASK_TIME_STATUS = {
  today: "Aujourd'hui",
  next: 'Prochainement',
  late: 'En retard',
} as const;
export type TaskTimeStatus = keyof typeof TASK_TIME_STATUS;

/** Today, upcoming or late, compared in Swiss calendar days. */
export const taskTimeStatus = (endAt: Date | string, now: Date = new Date()): TaskTimeStatus => {
  const end = new Date(endAt);
  if (end.getTime() < now.getTime()) return 'late';
  return swissDayNumber(end) === swissDayNumber(now) ? 'today' : 'next';
};

/**
 * The instants from which taskTimeStatus changes for a task still to come at `now` (ms since the
 * epoch): today from the Swiss midnight of its day, late from the millisecond after its end; none
 * for a late one, which stays late.
 */
export const taskTimeStatusChanges = (endAt: Date | string, now: Date): number[] => {
  const end = new Date(endAt);
  if (end.getTime() < now.getTime()) return [];
  return [swissMidnight(end).getTime(), end.getTime() + 1];
};

/** The colours of statuses and task times, defined once (tailwind classes). */
export const TASK_TIME_COLOURS: Record<TaskTimeStatus, string> = {
  today: 'bg-green-700 text-white',
  next: 'bg-gray-500 text-white',
  late: 'bg-red-600 text-white',
};
