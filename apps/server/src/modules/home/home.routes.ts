import { HOME_API } from '@promovente/shared';
import {
  applications,
  buildings,
  candidacies,
  candidates,
  files,
  floors,
  lots,
  photoGroups,
  photos,
  promotions,
  tasks,
  users,
} from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { loadHome } from './home.service.js';

/** The home page of candidates, notaries and investors (docs/product/home.md#calls), as catalogued in packages/shared/src/api/home.ts. */
export const HOME_HANDLERS = handlersOf(HOME_API, {
  getHome: async ({ deps, actor, params }) => loadHome(deps.db, actor, params.id),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const HOME_READS = readsOf(HOME_API, {
  getHome: [applications, buildings, candidacies, candidates, files, floors, lots, photoGroups, photos, promotions, tasks, users],
});
