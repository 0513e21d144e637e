import { PROGRESS_API, PROGRESS_MESSAGES, photoUploadFieldsSchema, validationMessage } from '@promovente/shared';
import { files, lots, photoGroups, photos, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { badRequest } from '../../platform/errors.js';
import { readFormParts } from '../../platform/multipart.js';
import { handlersOf } from '../../platform/routes.js';
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

/**
 * Progress albums (docs/product/progress.md#calls), as catalogued in packages/shared/src/api/progress.ts:
 * the six roles of /progression read; brokers and pilots write.
 */
export const PROGRESS_HANDLERS = handlersOf(PROGRESS_API, {
  listPhotoGroups: async ({ deps, actor, query }) => listPhotoGroups(deps.db, actor, query),
  listPhotos: async ({ deps, actor, query }) => listPhotos(deps.db, actor, query.photo_group_id),
  createPhotoGroup: async ({ deps, actor, params, body }) => createPhotoGroup(deps, actor, params.id, body),
  updatePhotoGroup: async ({ deps, actor, params, body }) => updatePhotoGroup(deps, actor, params.id, params.groupId, body),
  deletePhotoGroup: async ({ deps, actor, params }) => deletePhotoGroup(deps, actor, params.id, params.groupId),
  deletePhoto: async ({ deps, actor, params }) => deletePhoto(deps, actor, params.id, params.photoId),
  // Multipart photos[] with promotion_id and photo_group_id (sent first). Each file is checked,
  // resized and stored as it arrives, so an upload holds one file in memory at a time.
  addPhotos: async ({ request, deps, actor, params }) => {
    const promotionId = params.id;
    if (!request.isMultipart()) throw badRequest(PROGRESS_MESSAGES.noFile);
    const { db, storage } = deps;
    const stored: string[] = [];
    const uploads: StoredUpload[] = [];
    let groupId: number | null = null;
    let checked = false;
    try {
      for await (const part of readFormParts(request, PROGRESS_API.addPhotos.form)) {
        if (part.type === 'field') {
          if (part.name === 'photo_group_id') {
            const parsed = photoUploadFieldsSchema.safeParse({ photo_group_id: part.value });
            if (!parsed.success) throw badRequest(validationMessage(parsed.error));
            groupId = parsed.data.photo_group_id;
          }
          continue;
        }
        if (part.name !== 'photos[]' && part.name !== 'photos') continue;
        if (groupId === null) throw badRequest(PROGRESS_MESSAGES.albumRequired);
        if (!checked) {
          await assertMayAddPhotos(db, actor, promotionId, groupId);
          checked = true;
        }
        uploads.push(await storeUpload(storage, { filename: part.filename, mimetype: part.mimetype, content: part.content }, stored));
      }
      if (groupId === null) throw badRequest(PROGRESS_MESSAGES.albumRequired);
      if (!checked) await assertMayAddPhotos(db, actor, promotionId, groupId);
      return await addPhotos(deps, actor, promotionId, groupId, uploads);
    } catch (error) {
      for (const key of stored) await storage.remove(key).catch(() => undefined);
      throw error;
    }
  },
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const PROGRESS_READS = readsOf(PROGRESS_API, {
  listPhotoGroups: [files, lots, photoGroups, photos, promotions],
});
