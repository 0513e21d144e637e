import {
  fromSwissTime,
  TASK_DATE_STEP_MINUTES,
  TASK_TIME_STATUS,
  type Task,
  type TaskTimeStatus,
  taskTimeStatus,
  toSwissDateAndTime,
} from '@promovente/shared';

const STEP = TASK_DATE_STEP_MINUTES * 60_000;

/**
 * The value of a datetime-local input for an instant, read in Swiss time whatever the browser's
 * zone (UTC+1 in winter, UTC+2 in summer): 'YYYY-MM-DDTHH:mm'.
 */
export const toPickerValue = (value: Date | string): string => {
  const { date, time } = toSwissDateAndTime(value);
  return `${date}T${time}`;
};

/** The instant a datetime-local value means in Swiss time, as ISO; null when it is not a date. */
export const fromPickerValue = (value: string): string | null => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(value);
  if (!match) return null;
  const at = fromSwissTime(match[1], match[2]);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

/** The next quarter hour after now, the add-task form's default date. */
export const nextQuarter = (now: Date = new Date()): string => toPickerValue(new Date(Math.floor(now.getTime() / STEP) * STEP + STEP));

type BadgeTask = Pick<Task, 'id' | 'end_at'> & { done_at?: string | null };

/** At most 3 tasks show on a row. */
export const ROW_TASKS_SHOWN = 3;
/** The '+' button appears when a row has more than 5 open tasks (docs/product/lots.md#screens). */
export const ROW_TASKS_MORE_THAN = 5;

/**
 * The tasks a row cell shows: open ones only (done tasks are hidden), the 3 due first, and
 * whether the '+' shows. `openCount` is the row's number of open tasks when the row carries
 * only some of them.
 */
export const rowTaskBadges = <T extends BadgeTask>(tasks: readonly T[], openCount?: number) => {
  const open = tasks.filter((task) => !task.done_at).sort((a, b) => Date.parse(a.end_at) - Date.parse(b.end_at));
  return { shown: open.slice(0, ROW_TASKS_SHOWN), more: (openCount ?? open.length) > ROW_TASKS_MORE_THAN };
};

/** The time status of a task: the server's, else computed the same way. */
export const timeStatusOf = (task: Pick<Task, 'end_at'> & { time_status?: TaskTimeStatus }, now?: Date): TaskTimeStatus =>
  task.time_status ?? taskTimeStatus(task.end_at, now);

export const timeStatusText = (status: TaskTimeStatus) => TASK_TIME_STATUS[status];
