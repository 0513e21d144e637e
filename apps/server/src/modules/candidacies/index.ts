/**
 * The candidacies module's public entry (docs/architecture.md, 'Module boundaries'): its
 * commands and their messages, and the candidate detail as each audience may see it.
 */
export { CANDIDACY_COMMANDS, CANDIDACY_MESSAGES } from './candidacies.commands.js';
export { serializeCandidateDetailFor } from './candidacies.serializers.js';
