/** The reservation form module's public entry (docs/architecture.md, 'Module boundaries'): its command. */
export { RESERVATION_FORM_COMMANDS } from './reservation-form.commands.js';
