import { ATTRIBUTION_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { attributionOptions, lotAttributionOptions, partnerOptions } from './attribution.js';

/**
 * What the 'assign lot' modals need (docs/product/validation.md#assign-lot): the lots and the partners from a
 * candidacy row, the candidacies from a lot row (docs/product/lots.md#screens), as catalogued in
 * packages/shared/src/api/attribution.ts.
 */
export const ATTRIBUTION_HANDLERS = handlersOf(ATTRIBUTION_API, {
  listAttributionLots: async ({ deps, actor, query }) => ({ data: await attributionOptions(deps.db, actor, query.candidacy_id) }),
  listAttributionPartners: async ({ deps, actor, query }) => ({
    data: await partnerOptions(deps.db, actor, query.candidacy_id, query.search),
  }),
  listAttributionCandidacies: async ({ deps, actor, query }) => ({
    data: await lotAttributionOptions(deps.db, actor, query.lot_id, query.search),
  }),
});
