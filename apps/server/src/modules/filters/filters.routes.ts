import { FILTERS_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { loadFilterOptions } from './filters.service.js';

/** The module's catalogued routes (packages/shared/src/api/filters.ts), each with its handler. */
export const FILTERS_HANDLERS = handlersOf(FILTERS_API, {
  getFilterOptions: async ({ deps, actor, query }) => ({ data: await loadFilterOptions(deps.db, actor, query.promotion) }),
});
