/**
 * The commands module's public entry for the modules that define commands: the contract a
 * command implements (docs/architecture.md, 'Module boundaries'). The dispatcher and the
 * registry of every command are in commands.service.ts.
 */
export { type Command, type CommandContext, type CommandEntity, type CommandResult, defineCommand } from './registry.js';
