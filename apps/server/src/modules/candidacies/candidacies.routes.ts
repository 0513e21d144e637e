import { CANDIDACIES_API } from '@promovente/shared';
import {
  agencies,
  applications,
  buildings,
  candidacies,
  candidacyRowCounts,
  candidacyStatusCounts,
  candidates,
  comments,
  files,
  floors,
  lots,
  promotions,
  promotionUsers,
  tasks,
  users,
} from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { downloadCandidacies, getCandidacy, listCandidacies, listCandidacyOptions } from './candidacies.service.js';

/** The candidates screen's calls (docs/product/calls.md#candidates-and-candidacies), as catalogued in packages/shared/src/api/candidacies.ts. */
export const CANDIDACIES_HANDLERS = handlersOf(CANDIDACIES_API, {
  listCandidacies: async ({ deps, actor, query }) => listCandidacies(deps.db, actor, query),
  listCandidacyOptions: async ({ deps, actor, query }) => ({ data: await listCandidacyOptions(deps.db, actor, query.promotion) }),
  downloadCandidacies: async ({ deps, actor, query }) => downloadCandidacies(deps, actor, query),
  getCandidacy: async ({ deps, actor, params }) => ({ data: await getCandidacy(deps.db, actor, params.id) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const CANDIDACIES_READS = readsOf(CANDIDACIES_API, {
  listCandidacies: [
    agencies,
    applications,
    buildings,
    candidacies,
    candidacyRowCounts,
    candidacyStatusCounts,
    candidates,
    comments,
    files,
    floors,
    lots,
    promotions,
    promotionUsers,
    tasks,
    users,
  ],
});
