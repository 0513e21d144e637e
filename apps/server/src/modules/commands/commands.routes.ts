import { COMMANDS_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { executeCommand } from './commands.service.js';

/**
 * The dispatcher's two routes (packages/shared/src/api/commands.ts). The registry is the one the
 * composition root decorates the application with (src/commands.ts): this module imports no
 * module that defines commands.
 */
export const COMMANDS_HANDLERS = handlersOf(COMMANDS_API, {
  executeCommand: async ({ deps, actor, body, request }) => executeCommand(deps, request.server.commands, actor, body),
  executeNamedCommand: async ({ deps, actor, params, body, request }) =>
    executeCommand(deps, request.server.commands, actor, { name: params.name, ...body }),
});
