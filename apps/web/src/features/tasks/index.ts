/** Task pieces the candidates, lots and sales funnel screens compose (spec part 1, 2.7 and 2.8). */
export { useLateTasksCount } from './api/late-tasks-count';
export { targetTasksQueryOptions, tasksQueryKey, useTargetTasks } from './api/target-tasks';
export { AddTaskModal } from './components/AddTaskModal';
export { EditTaskModal } from './components/EditTaskModal';
export { MarkTaskFinishedButton } from './components/MarkTaskFinishedButton';
export { ShowTaskModal } from './components/ShowTaskModal';
export { type BadgeTask, TaskBadges } from './components/TaskBadges';
export { TaskHistoryModal } from './components/TaskHistoryModal';
export { TaskTimeBadge } from './components/TaskTimeBadge';
export { rowTaskBadges } from './task-rules';
