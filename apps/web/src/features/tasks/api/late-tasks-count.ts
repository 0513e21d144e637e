import type { Actor } from '@promovente/shared';
import { useQuery } from '@tanstack/react-query';
import { screenTasksQueryOptions } from './screen-tasks';

/**
 * The count of the user's late tasks in the current promotion, for the menu's 'Tâches' badge:
 * the tasks screen's own call (a broker's tasks assigned to him, a notary's own), so a task
 * finished or moved anywhere refreshes the badge with the screen.
 */
export const useLateTasksCount = (actor: Pick<Actor, 'id' | 'type'>, promotionId: number | null, enabled: boolean) =>
  useQuery({
    ...screenTasksQueryOptions(actor, promotionId ?? 0, {
      search: '',
      broker: actor.type === 'broker' ? actor.id : null,
      candidat: null,
    }),
    placeholderData: undefined,
    select: (groups) => groups.past.length,
    enabled: enabled && promotionId !== null,
  });
