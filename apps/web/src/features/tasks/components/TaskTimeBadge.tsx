import { TASK_TIME_COLOURS, type TaskTimeStatus } from '@promovente/shared';
import { cn } from '../../../components/ui/cn';
import { timeStatusText } from '../task-rules';

/** 'Aujourd'hui' green, 'Prochainement' grey, 'En retard' red (docs/product/tasks.md#states). */
export const TaskTimeBadge = ({ status, className }: { status: TaskTimeStatus; className?: string }) => (
  <span className={cn('inline-flex rounded-full px-2 text-xs leading-5 font-semibold', TASK_TIME_COLOURS[status], className)}>
    {timeStatusText(status)}
  </span>
);
