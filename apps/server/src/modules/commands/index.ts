/**
 * The commands module's public entry (docs/architecture.md, 'Module boundaries'): the contract
 * a module's command handlers implement, the registry the composition root builds from them
 * (`src/commands.ts`) and the dispatcher. This module imports no module that defines commands.
 */
export { type CommandRequest, executeCommand } from './commands.service.js';
export {
  buildCommandRegistry,
  type CommandContext,
  type CommandEntity,
  type CommandHandler,
  type CommandHandlers,
  type CommandRegistry,
  type CommandResult,
  type RegisteredCommand,
} from './registry.js';
export { runWrite, type WriteContext, type WriteDeps, type WriteLog, type WriteResult } from './write-pipeline.js';
