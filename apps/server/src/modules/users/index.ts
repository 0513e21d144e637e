/**
 * The users module's public entry: what other modules may use (docs/architecture.md, 'Module
 * boundaries'). A person's display name and picture address, and the user reads other modules
 * need (sign-in, the current user, a broker's assistants, a promotion's members of a type).
 */
export { assistantsOf, avatarUrl, findUserByEmail, fullName, loadUserPayload, membersOfType } from './users.queries.js';
