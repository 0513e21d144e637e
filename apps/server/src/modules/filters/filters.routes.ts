import { FILTERS_API } from '@promovente/shared';
import { agencies, buildings, floors, lots, promotionAgencies, promotions, promotionUsers, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { loadFilterOptions } from './filters.service.js';

/** The module's catalogued routes (packages/shared/src/api/filters.ts), each with its handler. */
export const FILTERS_HANDLERS = handlersOf(FILTERS_API, {
  getFilterOptions: async ({ deps, actor, query }) => ({ data: await loadFilterOptions(deps.db, actor, query.promotion) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const FILTERS_READS = readsOf(FILTERS_API, {
  getFilterOptions: [agencies, buildings, floors, lots, promotionAgencies, promotionUsers, promotions, users],
});
