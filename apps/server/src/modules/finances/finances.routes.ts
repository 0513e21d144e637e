import { FINANCES_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { getFinances, saveFinances } from './finances.service.js';

/**
 * The finances' calls (docs/product/finances.md#calls), as catalogued in
 * packages/shared/src/api/finances.ts. The menu shows Finances to pilots and non-light
 * investors; the read's permission finances.open refuses the light investor too.
 */
export const FINANCES_HANDLERS = handlersOf(FINANCES_API, {
  getFinances: async ({ deps, actor, query }) => getFinances(deps.db, actor, query.promotion_id),
  saveFinances: async ({ deps, actor, params, body }) => saveFinances(deps, actor, params.id, body),
});
