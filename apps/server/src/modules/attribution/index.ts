/**
 * The attribution module's public entry (docs/architecture.md, 'Module boundaries'): its command
 * and the partner lookup the pipeline's addCandidacy shares with attributeLot.
 */
export { ATTRIBUTION_COMMANDS } from './attribution.commands.js';
export { findPartner } from './attribution.queries.js';
