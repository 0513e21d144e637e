import {
  idOf,
  idParamSchema,
  PHOTO_LIMITS,
  PROGRESS_MESSAGES,
  photoGroupInputSchema,
  photoGroupParamsSchema,
  photoGroupsQuerySchema,
  photoParamsSchema,
  photosQuerySchema,
  rolesWith,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import {
  addPhotos,
  assertMayAddPhotos,
  createPhotoGroup,
  deletePhoto,
  deletePhotoGroup,
  listPhotoGroups,
  listPhotos,
  type StoredUpload,
  storeUpload,
  updatePhotoGroup,
} from './progress.service.js';

const albumFieldSchema = z.object({ photo_group_id: idOf(PROGRESS_MESSAGES.albumRequired) });

/**
 * Progress albums (docs/product/progress.md#calls): the six roles of /progression read; the
 * writes are declared for them too and re-check progress.manage in the service (403).
 */
export const progressRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });
  const access = rolesWith('progress.read');
  const writes = rolesWith('progress.manage');

  app.get('/photoGroups', { config: { access }, schema: { querystring: photoGroupsQuerySchema } }, async (request) =>
    listPhotoGroups(db(), actorOf(request), request.query),
  );

  app.get('/photos', { config: { access }, schema: { querystring: photosQuerySchema } }, async (request) =>
    listPhotos(db(), actorOf(request), request.query.photo_group_id),
  );

  app.post(
    '/promotions/:id/photoGroups',
    { config: { access: writes }, schema: { params: idParamSchema, body: photoGroupInputSchema } },
    async (request) => createPhotoGroup(db(), actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/promotions/:id/photoGroups/:groupId',
    { config: { access: writes }, schema: { params: photoGroupParamsSchema, body: photoGroupInputSchema } },
    async (request) => updatePhotoGroup(db(), actorOf(request), request.params.id, request.params.groupId, request.body),
  );

  app.delete(
    '/promotions/:id/photoGroups/:groupId',
    { config: { access: writes }, schema: { params: photoGroupParamsSchema } },
    async (request) => deletePhotoGroup(deps(), actorOf(request), request.params.id, request.params.groupId),
  );

  app.delete('/promotions/:id/photos/:photoId', { config: { access: writes }, schema: { params: photoParamsSchema } }, async (request) =>
    deletePhoto(deps(), actorOf(request), request.params.id, request.params.photoId),
  );

  // Multipart photos[] with promotion_id and photo_group_id (sent first). Each file is checked,
  // resized and stored as it arrives, so an upload holds one file in memory at a time.
  app.post('/promotions/:id/photos', { config: { access: writes }, schema: { params: idParamSchema } }, async (request) => {
    const actor = actorOf(request);
    const promotionId = request.params.id;
    if (!request.isMultipart()) throw badRequest(PROGRESS_MESSAGES.noFile);
    const storage = app.deps.storage;
    const stored: string[] = [];
    const uploads: StoredUpload[] = [];
    let groupId: number | null = null;
    let checked = false;
    try {
      for await (const part of request.parts({
        limits: { fileSize: PHOTO_LIMITS.videoBytes, files: PHOTO_LIMITS.filesPerRequest, fields: 20 },
      })) {
        if (part.type === 'field') {
          if (part.fieldname === 'photo_group_id') {
            const parsed = albumFieldSchema.safeParse({ photo_group_id: String(part.value ?? '') });
            if (!parsed.success) throw badRequest(validationMessage(parsed.error));
            groupId = parsed.data.photo_group_id;
          }
          continue;
        }
        const content = await part.toBuffer();
        if (part.fieldname !== 'photos[]' && part.fieldname !== 'photos') continue;
        if (groupId === null) throw badRequest(PROGRESS_MESSAGES.albumRequired);
        if (!checked) {
          await assertMayAddPhotos(db(), actor, promotionId, groupId);
          checked = true;
        }
        uploads.push(await storeUpload(storage, { filename: part.filename, mimetype: part.mimetype, content }, stored));
      }
      if (groupId === null) throw badRequest(PROGRESS_MESSAGES.albumRequired);
      if (!checked) await assertMayAddPhotos(db(), actor, promotionId, groupId);
      return await addPhotos(db(), actor, promotionId, groupId, uploads);
    } catch (error) {
      for (const key of stored) await storage.remove(key).catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, PROGRESS_MESSAGES.tooBigAny);
      if (code === 'FST_FILES_LIMIT') throw badRequest(PROGRESS_MESSAGES.tooMany);
      throw error;
    }
  });
};
