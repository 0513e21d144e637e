import { z } from 'zod';
import { idParamSchema } from '../contracts/common.js';
import { applicationRowSchema, applicationsListQuerySchema, applicationsPageSchema } from '../contracts/pipeline.js';
import { dataOf, defineRoutes, signedLinkSchema } from './route.js';

/** The funnel's direct calls (docs/product/calls.md#direct-application-calls): the list, one row, the export and the sales file PDF. */
export const APPLICATIONS_API = defineRoutes({
  listApplications: {
    method: 'GET',
    path: '/applications',
    summary: 'Dossiers du tunnel de vente, filtrés, triés et paginés',
    access: 'application.read',
    query: applicationsListQuerySchema,
    response: applicationsPageSchema,
    cache: true,
  },
  downloadApplications: {
    method: 'GET',
    path: '/applications/download',
    summary: 'Exporter les dossiers filtrés en .xlsx (lien signé)',
    access: 'application.download',
    query: applicationsListQuerySchema,
    response: dataOf(signedLinkSchema),
  },
  getApplication: {
    method: 'GET',
    path: '/applications/:id',
    summary: 'Un dossier du tunnel de vente',
    access: 'application.read',
    params: idParamSchema,
    response: dataOf(applicationRowSchema),
  },
  downloadApplicationPdf: {
    method: 'GET',
    path: '/applications/:publicId/pdf',
    summary: 'Dossier de vente en PDF (lien signé)',
    access: 'application.downloadPdf',
    params: z.object({ publicId: z.uuid('Identifiant invalide') }),
    response: dataOf(z.string()),
  },
});
