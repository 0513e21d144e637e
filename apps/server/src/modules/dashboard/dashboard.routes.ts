import { DASHBOARD_API } from '@promovente/shared';
import { applications, buildings, candidacies, floors, lots, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
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

/** The tables its cached routes read (platform/answer-reads.ts). */
export const DASHBOARD_READS = readsOf(DASHBOARD_API, {
  getDashboard: [applications, buildings, candidacies, floors, lots, promotions],
});
