import { DASHBOARD_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { loadDashboard } from './dashboard.service.js';

/**
 * The dashboard answers who may open its screen (docs/product/access.md#route-table and
 * docs/product/layout.md): never candidates, nor the light investor. Its permission,
 * dashboard.read, is canAccessRoute on the route table, the rule the client's menu and guard follow.
 */
export const DASHBOARD_HANDLERS = handlersOf(DASHBOARD_API, {
  getDashboard: async ({ deps, actor, query }) => ({ data: await loadDashboard(deps.db, actor, query) }),
});
