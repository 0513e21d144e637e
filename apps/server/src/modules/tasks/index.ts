/** The tasks module's public entry (docs/architecture.md, 'Module boundaries'): its commands, and the open tasks a list's page statement selects. */

export { TASK_COMMANDS } from './tasks.commands.js';
export { openTasksColumns, ROW_TASKS } from './tasks.queries.js';
