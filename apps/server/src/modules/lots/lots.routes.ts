import { LOTS_API } from '@promovente/shared';
import { applications, buildings, floors, lots, lotTypes, promotions, tasks, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { exportLots, getLot, getPublicLot, listCandidateLots, listFloors, listLotTypes, listStaffLots, updateLot } from './lots.service.js';

/** The lots' calls (docs/product/calls.md#lots), as catalogued in packages/shared/src/api/lots.ts. */
export const LOTS_HANDLERS = handlersOf(LOTS_API, {
  listLots: async ({ deps, actor, query }) => listStaffLots(deps.db, actor, query),
  listCandidateLots: async ({ deps, actor, query }) => listCandidateLots(deps.db, actor, query),
  // 'Liste des lots': the filtered rows as an .xlsx, answered as a short-lived signed URL.
  downloadLots: async ({ deps, actor, query }) => ({ data: await exportLots(deps, actor, query) }),
  getPublicLot: async ({ deps, params }) => ({ data: { data: await getPublicLot(deps.db, params.id) } }),
  getLot: async ({ deps, actor, params }) => ({ data: await getLot(deps.db, actor, params.id) }),
  updateLot: async ({ deps, actor, params, body }) => updateLot(deps, actor, params.id, body),
  listLotTypes: async ({ deps }) => ({ data: await listLotTypes(deps.db) }),
  listLotFloors: async ({ deps }) => ({ data: await listFloors(deps.db) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const LOTS_READS = readsOf(LOTS_API, {
  listLots: [applications, buildings, floors, lotTypes, lots, promotions, tasks, users],
});
