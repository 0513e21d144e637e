import { applicationActionRoles, applicationsListQuerySchema, idParamSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { applicationPdf, exportApplications, getApplication, listApplications } from './applications.service.js';

const publicIdParamSchema = z.object({ publicId: z.uuid('Identifiant invalide') });

/** The funnel's direct calls (docs/product/calls.md#direct-application-calls): the list, one row, the export and the sales file PDF. */
export const applicationsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });

  app.get(
    '/applications',
    { config: { access: rolesWith('application.read') }, schema: { querystring: applicationsListQuerySchema } },
    async (request) => listApplications(app.deps.database.db, actorOf(request), request.query),
  );

  // 'Exporter': every filtered row as an .xlsx, answered as a short-lived signed URL.
  app.get(
    '/applications/download',
    { config: { access: rolesWith('application.download') }, schema: { querystring: applicationsListQuerySchema } },
    async (request) => ({ data: await exportApplications(deps(), actorOf(request), request.query) }),
  );

  app.get(
    '/applications/:id',
    { config: { access: rolesWith('application.read') }, schema: { params: idParamSchema } },
    async (request) => ({
      data: await getApplication(app.deps.database.db, actorOf(request), request.params.id),
    }),
  );

  // 'Télécharger le PDF': the sales file, answered as a signed URL opened in a new tab.
  app.get(
    '/applications/:publicId/pdf',
    { config: { access: applicationActionRoles('downloadPdf') }, schema: { params: publicIdParamSchema } },
    async (request) => ({ data: await applicationPdf(deps(), actorOf(request), request.params.publicId) }),
  );
};
