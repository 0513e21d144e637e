import { APPLICATION_COMMANDS } from '../applications/applications.commands.js';
import { PIPELINE_COMMANDS } from '../applications/pipeline.commands.js';
import { RESERVATION_FORM_COMMANDS } from '../applications/reservation-form.commands.js';
import { CANDIDACY_COMMANDS } from '../candidacies/candidacies.commands.js';
import { COMMENT_COMMANDS } from '../comments/comments.commands.js';
import { TASK_COMMANDS } from '../tasks/tasks.commands.js';
import type { Command } from './registry.js';

/**
 * Every command of app/executeCommand and commands/{name}, by name. Each domain module
 * exports its commands; this list is the one place they are gathered.
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
