/**
 * The lots module's public entry (docs/architecture.md, 'Module boundaries'): the columns of the
 * 'Liste des lots' export, which the price grid import reads back.
 */
export { LOT_EXPORT_HEADERS } from './lots.export.js';
