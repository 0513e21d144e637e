import { ATTRIBUTION_COMMANDS } from './modules/attribution/index.js';
import { CANDIDACY_COMMANDS } from './modules/candidacies/index.js';
import { buildCommandRegistry, type CommandHandlers } from './modules/commands/index.js';
import { COMMENT_COMMANDS } from './modules/comments/index.js';
import { PIPELINE_COMMANDS } from './modules/pipeline/index.js';
import { RESERVATION_FORM_COMMANDS } from './modules/reservation-form/index.js';
import { TASK_COMMANDS } from './modules/tasks/index.js';

/**
 * The composition root of the commands: each module's handlers, gathered here and nowhere else.
 * The type is the shared catalogue's (`COMMAND_CATALOGUE` in packages/shared): a catalogued
 * command that no module handles does not compile (docs/architecture.md, 'Commands').
 */
const COMMAND_HANDLERS: CommandHandlers = {
  ...TASK_COMMANDS,
  ...CANDIDACY_COMMANDS,
  ...COMMENT_COMMANDS,
  ...ATTRIBUTION_COMMANDS,
  ...RESERVATION_FORM_COMMANDS,
  ...PIPELINE_COMMANDS,
};

/** Every command with its catalogue entry and its handler, as app/executeCommand runs it. */
export const COMMANDS = buildCommandRegistry(COMMAND_HANDLERS);
