import { CANDIDACIES_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import { downloadCandidacies, getCandidacy, listCandidacies, listCandidacyOptions } from './candidacies.service.js';

/** The candidates screen's calls (docs/product/calls.md#candidates-and-candidacies), as catalogued in packages/shared/src/api/candidacies.ts. */
export const CANDIDACIES_HANDLERS = handlersOf(CANDIDACIES_API, {
  listCandidacies: async ({ deps, actor, query }) => listCandidacies(deps.db, actor, query),
  listCandidacyOptions: async ({ deps, actor, query }) => ({ data: await listCandidacyOptions(deps.db, actor, query.promotion) }),
  downloadCandidacies: async ({ deps, actor, query }) => downloadCandidacies(deps, actor, query),
  getCandidacy: async ({ deps, actor, params }) => ({ data: await getCandidacy(deps.db, actor, params.id) }),
});
