/** The comments module's public entry (docs/architecture.md, 'Module boundaries'): its commands. */
export { COMMENT_COMMANDS } from './comments.commands.js';
