import { swissDayNumber } from './swiss-time.js';
/** Statuses, priorities and their French labels and colours (docs/product/candidates.md#states and docs/product/funnel.md#application-status). */

export const LOT_STATUS = { available: 0, prs: 1, optioned: 2, reserved: 3, signed: 4 } as const;
export const LOT_STATUS_LABELS: Record<number, string> = {
  0: 'Disponible',
  1: 'PRS',
  2: 'Optionné',
  3: 'Réservé',
  4: 'Signé',
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
export const APPLICATION_PRIORITIES = [1, 2, 3, 9] as const;
/** Application priority badges: positions 1, 2, 3 and NP (non prioritaire). */
export const APPLICATION_PRIORITY_LABELS: Record<number, string> = { 1: '1', 2: '2', 3: '3', 9: 'NP' };
export const DEFAULT_APPLICATION_PRIORITY = 9;
export const MAX_POSITIONS_PER_LOT = 3;

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

/** The colours of statuses and task times, defined once (tailwind classes). */
export const TASK_TIME_COLOURS: Record<TaskTimeStatus, string> = {
  today: 'bg-green-700 text-white',
  next: 'bg-gray-500 text-white',
  late: 'bg-red-600 text-white',
};
