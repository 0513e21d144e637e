/** The tasks module's public entry (docs/architecture.md, 'Module boundaries'): its commands. */
export { TASK_COMMANDS } from './tasks.commands.js';
