/** Task pieces the candidates, lots and sales funnel screens compose (docs/product/candidates.md#screens and docs/product/lots.md#screens). */
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
