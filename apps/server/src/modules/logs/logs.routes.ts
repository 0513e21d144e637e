import { LOGS_API } from '@promovente/shared';
import { applications, candidacies, candidates, logs, lots, promotions, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { listLogs } from './logs.service.js';

/** The history screen's call (docs/product/calls.md#logs), as catalogued in packages/shared/src/api/logs.ts. */
export const LOGS_HANDLERS = handlersOf(LOGS_API, {
  listLogs: async ({ deps, actor, query }) => listLogs(deps.db, actor, query),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const LOGS_READS = readsOf(LOGS_API, {
  listLogs: [applications, candidacies, candidates, logs, lots, promotions, users],
});
