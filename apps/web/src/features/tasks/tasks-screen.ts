import {
  type Actor,
  canAccessRoute,
  routeByName,
  type ScreenTask,
  TASK_TIME_STATUS,
  type TaskGroupKey,
  type TasksScreenGroups,
  type TaskTimeStatus,
} from '@promovente/shared';

/** The three groups of the tasks screen, in the spec's order (docs/product/tasks.md#screens), with their time status. */
export const TASK_GROUPS: readonly { key: TaskGroupKey; status: TaskTimeStatus; label: string }[] = [
  { key: 'next', status: 'next', label: TASK_TIME_STATUS.next },
  { key: 'today', status: 'today', label: TASK_TIME_STATUS.today },
  { key: 'past', status: 'late', label: TASK_TIME_STATUS.late },
];

export type TasksScreenFilters = { search: string; broker: number | null; candidat: number | null };

/** The query of either call: the broker's carries the promotion and the broker filter too. */
export type TasksScreenQuery = {
  promotion?: number;
  search?: string;
  broker?: number;
  candidat?: number;
  group?: TaskGroupKey;
  offset?: number;
  limit?: number;
};

/** One group's page ('Afficher plus'): the group, from an offset, or its total alone (limit 0). */
export type TasksGroupPage = { group: TaskGroupKey; offset?: number; limit?: number };

/**
 * The call of the screen (docs/product/tasks.md#screens: brokers and notaries use different calls): a broker
 * asks GET actions with the promotion, the search, the broker filter and candidat; a notary asks
 * GET promotions/{id}/notary/actions with the search and candidat (his own tasks, no broker filter).
 */
export const tasksScreenRequest = (
  actor: Pick<Actor, 'type'>,
  promotionId: number,
  filters: TasksScreenFilters,
  page?: TasksGroupPage,
): { path: string; query: TasksScreenQuery } => {
  const search = filters.search.trim() || undefined;
  const candidat = filters.candidat ?? undefined;
  const paging = page ? { group: page.group, offset: page.offset, limit: page.limit } : {};
  if (actor.type === 'notary') return { path: `promotions/${promotionId}/notary/actions`, query: { search, candidat, ...paging } };
  return { path: 'actions', query: { promotion: promotionId, search, broker: filters.broker ?? undefined, candidat, ...paging } };
};

type LinkedTask = Pick<ScreenTask, 'target_class' | 'candidacy_id' | 'lot_public_id' | 'application_id'>;

/**
 * Where a task's target cell leads, when the user may open that screen: a candidate to the
 * candidates screen (query candidacy), a lot to the lots screen (query lot = public id), an
 * application to the sales funnel (query application).
 */
export const taskTargetLink = (task: LinkedTask, actor: Pick<Actor, 'type'>): string | null => {
  if (task.target_class === 'candidate') {
    return task.candidacy_id !== null && canAccessRoute(actor, routeByName('candidats'))
      ? `/candidats?candidacy=${task.candidacy_id}`
      : null;
  }
  if (task.target_class === 'lot') {
    return task.lot_public_id !== null && canAccessRoute(actor, routeByName('lots')) ? `/lots?lot=${task.lot_public_id}` : null;
  }
  return task.application_id !== null && canAccessRoute(actor, routeByName('tunnel-de-vente'))
    ? `/tunnel-de-vente?application=${task.application_id}`
    : null;
};

/** What the target cell says before the name: 'Candidat', 'Lot' or 'Dossier'. */
export const TARGET_CLASS_LABELS: Record<ScreenTask['target_class'], string> = {
  candidate: 'Candidat',
  lot: 'Lot',
  application: 'Dossier',
};

/** How many tasks the three groups hold in all (their totals, not the rows of the page). */
export const countTasks = (groups: Pick<TasksScreenGroups, 'totals'> | undefined) =>
  groups ? groups.totals.next + groups.totals.today + groups.totals.past : undefined;
