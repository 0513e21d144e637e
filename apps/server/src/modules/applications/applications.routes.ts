import { APPLICATIONS_API } from '@promovente/shared';
import {
  applicationRowCounts,
  applications,
  buildings,
  candidacies,
  candidates,
  floors,
  lots,
  promotions,
  promotionUsers,
  tasks,
  users,
} from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf } from '../../platform/routes.js';
import { applicationPdf, exportApplications, getApplication, listApplications } from './applications.service.js';

/** The funnel's direct calls (docs/product/calls.md#direct-application-calls), as catalogued in packages/shared/src/api/applications.ts. */
export const APPLICATIONS_HANDLERS = handlersOf(APPLICATIONS_API, {
  listApplications: async ({ deps, actor, query }) => listApplications(deps.db, actor, query),
  // 'Exporter': every filtered row as an .xlsx, answered as a short-lived signed URL.
  downloadApplications: async ({ deps, actor, query }) => ({ data: await exportApplications(deps, actor, query) }),
  getApplication: async ({ deps, actor, params }) => ({ data: await getApplication(deps.db, actor, params.id) }),
  // 'Télécharger le PDF': the sales file, answered as a signed URL opened in a new tab.
  downloadApplicationPdf: async ({ deps, actor, params }) => ({ data: await applicationPdf(deps, actor, params.publicId) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const APPLICATIONS_READS = readsOf(APPLICATIONS_API, {
  listApplications: [
    applicationRowCounts,
    applications,
    buildings,
    candidacies,
    candidates,
    floors,
    lots,
    promotionUsers,
    promotions,
    tasks,
    users,
  ],
});
