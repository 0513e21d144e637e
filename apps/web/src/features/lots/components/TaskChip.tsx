import { type LotTaskSummary, TASK_TIME_COLOURS, TASK_TIME_STATUS } from '@promovente/shared';
import { cn } from '../../../components/ui/cn';

/** A task's title on its time status colour (Aujourd'hui green, Prochainement grey, En retard red). */
export const TaskChip = ({ task }: { task: LotTaskSummary }) => (
  <span
    className={cn('inline-flex max-w-44 items-center truncate rounded px-1.5 text-xs leading-5', TASK_TIME_COLOURS[task.time_status])}
    title={`${task.title} (${TASK_TIME_STATUS[task.time_status]})`}
  >
    {task.title}
    <span className="sr-only"> ({TASK_TIME_STATUS[task.time_status]})</span>
  </span>
);
