import type { Actor } from '@promovente/shared';
import { useQuery } from '@tanstack/react-query';
import { screenTasksQueryOptions } from './screen-tasks';

/**
 * The count of the user's late tasks in the current promotion, for the menu's 'Tâches' badge:
 * the tasks screen's call for the late group's total alone (limit 0, no rows), a broker's tasks
 * assigned to him, a notary's own; under the tasks key, so a task finished or moved anywhere
 * refreshes the badge with the screen.
 */
export const useLateTasksCount = (actor: Pick<Actor, 'id' | 'type'>, promotionId: number | null, enabled: boolean) =>
  useQuery({
    ...screenTasksQueryOptions(
      actor,
      promotionId ?? 0,
      { search: '', broker: actor.type === 'broker' ? actor.id : null, candidat: null },
      { group: 'past', limit: 0 },
    ),
    placeholderData: undefined,
    select: (groups) => groups.totals.past,
    enabled: enabled && promotionId !== null,
  });
