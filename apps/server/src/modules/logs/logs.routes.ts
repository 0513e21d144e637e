import { LOGS_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { listLogs } from './logs.service.js';

/** The history screen's call (docs/product/calls.md#logs), as catalogued in packages/shared/src/api/logs.ts. */
export const LOGS_HANDLERS = handlersOf(LOGS_API, {
  listLogs: async ({ deps, actor, query }) => listLogs(deps.db, actor, query),
});
