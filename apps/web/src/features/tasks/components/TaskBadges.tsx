import { formatDateTime, TASK_TIME_COLOURS, type Task, type TaskTimeStatus } from '@promovente/shared';
import { Plus } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { rowTaskBadges, timeStatusOf, timeStatusText } from '../task-rules';

export type BadgeTask = Pick<Task, 'id' | 'title' | 'end_at'> & { done_at?: string | null; time_status?: TaskTimeStatus };

type TaskBadgesProps<T extends BadgeTask> = {
  tasks: readonly T[];
  /** The row's number of open tasks, when the row carries only some of them. */
  openCount?: number;
  /** What the row is (a candidate's name, a lot reference), for the buttons' accessible names. */
  subject: string;
  onShow: (task: T) => void;
  onMore: () => void;
};

/**
 * A row's tasks cell (docs/product/candidates.md#screens and docs/product/lots.md#screens): up to 3 open tasks coloured by time status,
 * done tasks hidden, and a '+' when there are more than 5.
 */
export const TaskBadges = <T extends BadgeTask>({ tasks, openCount, subject, onShow, onMore }: TaskBadgesProps<T>) => {
  const { shown, more } = rowTaskBadges(tasks, openCount);
  // No wrapper: the badges flow in the table cell (one element less on every row of a page).
  return (
    <>
      {shown.map((task) => {
        const status = timeStatusOf(task);
        return (
          <button
            key={task.id}
            type="button"
            onClick={() => onShow(task)}
            title={`${task.title} – ${formatDateTime(task.end_at)}`}
            aria-label={`Tâche ${task.title} (${timeStatusText(status)})`}
            className={cn(
              'my-0.5 mr-1 inline-block max-w-28 truncate rounded-full px-2 align-middle text-xs leading-5 font-medium',
              TASK_TIME_COLOURS[status],
            )}
          >
            {task.title}
          </button>
        );
      })}
      {more && (
        <button
          type="button"
          onClick={onMore}
          aria-label={`Toutes les tâches de ${subject}`}
          className="my-0.5 inline-flex size-5 items-center justify-center rounded-full border border-slate-300 align-middle text-slate-700 hover:bg-slate-100"
        >
          <Plus className="size-3" aria-hidden="true" />
        </button>
      )}
    </>
  );
};
