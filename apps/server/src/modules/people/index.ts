/**
 * The people module's public entry (docs/architecture.md, 'Module boundaries'): the page of
 * accounts of one type by name, which the promotions module's broker picker reads too.
 */
export { personOptionsPage } from './people.queries.js';
