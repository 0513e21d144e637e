/**
 * The pipeline module's public entry (docs/architecture.md, 'Module boundaries'): its commands,
 * the application state the funnel's menu and the commands both read, and the process tasks
 * the reservation form opens and closes.
 */
export { loadApplicationStates } from './application-state.queries.js';
export { PIPELINE_COMMANDS } from './pipeline.commands.js';
export { closeProcessTasks, openProcessTask } from './process-tasks.js';
