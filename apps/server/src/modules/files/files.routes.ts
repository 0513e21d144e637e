import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadSignedFile } from './files.service.js';

export const filesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The signature is the permission: it was issued to a user allowed to see the file.
  app.get(
    '/files/:uuid/download',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ uuid: z.uuid('Fichier introuvable') }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(10).max(100) }),
      },
    },
    async (request, reply) => {
      const file = await loadSignedFile(
        { db: app.deps.database.db, storage: app.deps.storage },
        request.params.uuid,
        request.query.expires,
        request.query.signature,
      );
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return reply
        .type(file.mime)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
