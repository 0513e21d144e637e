import { CANDIDATES_API } from '@promovente/shared';
import { candidacies, candidates, promotions, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { getCandidateRecord, listCandidates } from './candidates.service.js';

/**
 * The people behind the candidacies (docs/product/calls.md): the list the candidate record searches
 * (brokers, route /candidate/{id}, docs/product/access.md#route-table) and the record; a candidate may load his own.
 * As catalogued in packages/shared/src/api/candidates.ts.
 */
export const CANDIDATES_HANDLERS = handlersOf(CANDIDATES_API, {
  listCandidates: async ({ deps, actor, query }) => listCandidates(deps.db, actor, query),
  getCandidate: async ({ deps, actor, params }) => ({ data: await getCandidateRecord(deps.db, actor, params.id) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const CANDIDATES_READS = readsOf(CANDIDATES_API, {
  listCandidates: [candidacies, candidates, promotions, users],
});
