import { APPLICATION_COMMANDS } from '../attribution/index.js';
import { CANDIDACY_COMMANDS } from '../candidacies/index.js';
import { COMMENT_COMMANDS } from '../comments/index.js';
import { PIPELINE_COMMANDS } from '../pipeline/index.js';
import { RESERVATION_FORM_COMMANDS } from '../reservation-form/index.js';
import { TASK_COMMANDS } from '../tasks/index.js';
import type { Command } from './registry.js';

/**
 * Every command of app/executeCommand and commands/{name}, by name. Each domain module
 * exports its commands from its index.ts; this list is the one place they are gathered.
 */
const ALL: Command<any>[] = [
  ...TASK_COMMANDS,
  ...APPLICATION_COMMANDS,
  ...CANDIDACY_COMMANDS,
  ...COMMENT_COMMANDS,
  ...RESERVATION_FORM_COMMANDS,
  ...PIPELINE_COMMANDS,
];

export const COMMANDS: ReadonlyMap<string, Command<any>> = new Map(ALL.map((command) => [command.name, command]));
