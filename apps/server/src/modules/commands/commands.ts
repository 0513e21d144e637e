import type { Command } from './registry.js';

/**
 * Every command of app/executeCommand and commands/{name}, by name. Each domain module
 * exports its commands; this list is the one place they are gathered.
 */
const ALL: Command<any>[] = [];

export const COMMANDS: ReadonlyMap<string, Command<any>> = new Map(ALL.map((command) => [command.name, command]));
