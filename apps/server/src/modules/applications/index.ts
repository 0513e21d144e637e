/** The applications module's public entry (docs/architecture.md, 'Module boundaries'): its commands. */
export { APPLICATION_COMMANDS } from './applications.commands.js';
export { PIPELINE_COMMANDS } from './pipeline.commands.js';
export { RESERVATION_FORM_COMMANDS } from './reservation-form.commands.js';
