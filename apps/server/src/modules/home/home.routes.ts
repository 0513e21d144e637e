import { HOME_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { loadHome } from './home.service.js';

/** The home page of candidates, notaries and investors (docs/product/home.md#calls), as catalogued in packages/shared/src/api/home.ts. */
export const HOME_HANDLERS = handlersOf(HOME_API, {
  getHome: async ({ deps, actor, params }) => loadHome(deps.db, actor, params.id),
});
