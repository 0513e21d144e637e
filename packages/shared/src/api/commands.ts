import { commandAnswerSchema, commandNameParamsSchema, commandTargetSchema, executeCommandBodySchema } from '../commands.js';
import { defineRoutes } from './route.js';

/**
 * The command dispatcher (docs/architecture.md, 'Commands'): any signed-in user reaches it, the
 * command's own roles (its permission or the funnel's action table) are checked by the
 * dispatcher, then its row rules by its handler.
 */
export const COMMANDS_API = defineRoutes({
  executeCommand: {
    method: 'POST',
    path: '/app/executeCommand',
    summary: 'Exécuter une commande (nom, entité, identifiant et champs)',
    access: 'signedIn',
    body: executeCommandBodySchema,
    response: commandAnswerSchema,
  },
  executeNamedCommand: {
    method: 'POST',
    path: '/commands/:name',
    summary: 'Exécuter la commande nommée dans le chemin',
    access: 'signedIn',
    params: commandNameParamsSchema,
    body: commandTargetSchema,
    response: commandAnswerSchema,
  },
});
