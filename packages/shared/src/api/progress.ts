import { idParamSchema } from '../contracts/common.js';
import {
  addedPhotosSchema,
  PHOTO_LIMITS,
  PROGRESS_MESSAGES,
  photoGroupInputSchema,
  photoGroupParamsSchema,
  photoGroupSchema,
  photoGroupsPageSchema,
  photoGroupsQuerySchema,
  photoParamsSchema,
  photoSchema,
  photosQuerySchema,
  photoUploadFieldsSchema,
} from '../contracts/progress.js';
import { dataAndMessageOf, dataOf, defineRoutes, messageSchema } from './route.js';

/**
 * The progress albums' calls (docs/product/progress.md#calls): the six roles of /progression
 * read; brokers and pilots write (progress.manage), the service keeping the promotion's rules.
 */
export const PROGRESS_API = defineRoutes({
  listPhotoGroups: {
    method: 'GET',
    path: '/photoGroups',
    summary: "Albums d'avancement de la promotion, avec leurs premières photos",
    access: 'progress.read',
    cache: true,
    query: photoGroupsQuerySchema,
    response: photoGroupsPageSchema,
  },
  listPhotos: {
    method: 'GET',
    path: '/photos',
    summary: "Photos et vidéos d'un album",
    access: 'progress.read',
    query: photosQuerySchema,
    response: dataOf(photoSchema.array()),
  },
  createPhotoGroup: {
    method: 'POST',
    path: '/promotions/:id/photoGroups',
    summary: 'Créer un album',
    access: 'progress.manage',
    params: idParamSchema,
    body: photoGroupInputSchema,
    response: dataAndMessageOf(photoGroupSchema),
  },
  updatePhotoGroup: {
    method: 'PUT',
    path: '/promotions/:id/photoGroups/:groupId',
    summary: 'Modifier un album',
    access: 'progress.manage',
    params: photoGroupParamsSchema,
    body: photoGroupInputSchema,
    response: dataAndMessageOf(photoGroupSchema),
  },
  deletePhotoGroup: {
    method: 'DELETE',
    path: '/promotions/:id/photoGroups/:groupId',
    summary: 'Supprimer un album et ses photos',
    access: 'progress.manage',
    params: photoGroupParamsSchema,
    response: messageSchema,
  },
  deletePhoto: {
    method: 'DELETE',
    path: '/promotions/:id/photos/:photoId',
    summary: 'Supprimer une photo',
    access: 'progress.manage',
    params: photoParamsSchema,
    response: messageSchema,
  },
  addPhotos: {
    method: 'POST',
    path: '/promotions/:id/photos',
    summary: 'Ajouter des photos et vidéos à un album',
    access: 'progress.manage',
    params: idParamSchema,
    form: {
      fields: photoUploadFieldsSchema,
      files: PHOTO_LIMITS.filesPerRequest,
      fileBytes: PHOTO_LIMITS.videoBytes,
      messages: { fileTooBig: PROGRESS_MESSAGES.tooBigAny, tooManyFiles: PROGRESS_MESSAGES.tooMany },
      stream: true,
    },
    response: dataAndMessageOf(addedPhotosSchema),
  },
});
