import { CANDIDACY_FILE_LIMITS, fileUrlQuerySchema, idParamSchema, idSchema, rolesWith, validationMessage } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import { deleteCandidacyFile, FILE_MESSAGES, fileUrlFor, uploadCandidacyFiles } from './candidacy-files.service.js';
import { loadSignedFile } from './files.service.js';

const candidacyFieldSchema = z.object({ candidacy_id: idSchema });

export const filesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The signature is the permission: it was issued to a user allowed to see the file.
  app.get(
    '/files/:uuid/download',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ uuid: z.uuid('Fichier introuvable') }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().min(10).max(100),
          inline: z.enum(['1'], { error: 'Lien expiré ou invalide' }).optional(),
        }),
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
        .header(
          'content-disposition',
          `${request.query.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  // Candidacy files (docs/product/validation.md#file-upload and docs/product/access.md#who-may-do-what): upload zone and delete button.
  app.post('/candidacies/files', { config: { access: rolesWith('file.upload') } }, async (request) => {
    if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.noFile);
    const uploads: Upload[] = [];
    const renames: string[] = [];
    let candidacyId: string | undefined;
    try {
      for await (const part of request.parts({
        limits: { fileSize: CANDIDACY_FILE_LIMITS.otherBytes, files: CANDIDACY_FILE_LIMITS.maxFilesPerUpload, fields: 100 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
            await part.toBuffer();
            continue;
          }
          uploads.push({ filename: part.filename, mimetype: part.mimetype, content: await part.toBuffer() });
        } else if (part.fieldname === 'renames[]' || part.fieldname === 'renames') {
          renames.push(String(part.value ?? ''));
        } else if (part.fieldname === 'candidacy_id') {
          candidacyId = String(part.value ?? '');
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, FILE_MESSAGES.tooBigAny);
      }
      if (code === 'FST_FILES_LIMIT') throw badRequest(FILE_MESSAGES.tooMany);
      throw error;
    }
    if (candidacyId === undefined || candidacyId === '') throw badRequest(FILE_MESSAGES.candidacyRequired);
    const fields = candidacyFieldSchema.safeParse({ candidacy_id: candidacyId });
    if (!fields.success) throw badRequest(validationMessage(fields.error));
    return uploadCandidacyFiles({ db: app.deps.database.db, storage: app.deps.storage }, actorOf(request), {
      candidacyId: fields.data.candidacy_id,
      uploads,
      renames,
    });
  });

  app.delete(
    '/candidacies/files/:id',
    { config: { access: rolesWith('file.delete') }, schema: { params: idParamSchema } },
    async (request) => deleteCandidacyFile({ db: app.deps.database.db, storage: app.deps.storage }, actorOf(request), request.params.id),
  );

  app.get(
    '/file-url/:uuid',
    {
      config: { access: 'authenticated' },
      schema: { params: z.object({ uuid: z.uuid('Fichier introuvable') }), querystring: fileUrlQuerySchema },
    },
    async (request) => fileUrlFor(app.deps.database.db, actorOf(request), request.params.uuid, request.query.download === '1'),
  );
};
