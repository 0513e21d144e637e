/**
 * The pipeline module's public entry (docs/architecture.md, 'Module boundaries'): its commands,
 * the application state the funnel's menu and the commands both read (and its fields' SQL, for
 * the funnel's one page statement), the process tasks the
 * reservation form opens and closes, and the one positions service (deleteCandidacy closes the
 * positions its applications leave with it); the planned sales dates the planning shows read only.
 */
export {
  type ApplicationStateFields,
  loadApplicationStates,
  openTaskKindsSql,
  toApplicationState,
} from './application-state.queries.js';
export { PIPELINE_COMMANDS } from './pipeline.commands.js';
export { closePositionGap, lockPositions } from './positions.service.js';
export { closeProcessTasks, openProcessTask } from './process-tasks.js';
export { type PlannedSaleDatesRecord, selectPlannedSaleDates } from './sale-dates.queries.js';
