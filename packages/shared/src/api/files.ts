import { z } from 'zod';
import { CANDIDACY_FILE_LIMITS, type CandidacyFilesUpload, candidacyFileSchema } from '../contracts/candidacies.js';
import { idParamSchema, idSchema, textOf } from '../contracts/common.js';
import { fileUrlQuerySchema } from '../contracts/library.js';
import { dataAndMessageOf, dataOf, defineRoutes, messageSchema, signedLinkSchema } from './route.js';

/**
 * Stored files (docs/sales-process.md#6-files-storage-built): the signed download, the candidacy
 * files (docs/product/validation.md#file-upload) and the signed link to any file the caller may see.
 * The answers' types stay those of the candidacy contract; these schemas are checked against them.
 */

/** POST /candidacies/files: the files stored and the names skipped as already on the candidacy. */
export const candidacyFilesUploadSchema: z.ZodType<CandidacyFilesUpload> = z.object({
  files: z.array(candidacyFileSchema),
  duplicates: z.array(z.string()),
});

/** The upload zone's own wording of its refusals (the server's FILE_MESSAGES includes them). */
export const CANDIDACY_UPLOAD_MESSAGES = {
  tooMany: `${CANDIDACY_FILE_LIMITS.maxFilesPerUpload} fichiers au maximum par envoi`,
  tooBigAny: `Fichier trop volumineux : ${CANDIDACY_FILE_LIMITS.otherBytes / 1024 / 1024} Mo au maximum`,
  candidacyRequired: 'Candidature requise',
} as const;

/** The upload zone's text fields; its files come as `files[]` parts, their new names as `renames[]`. */
export const candidacyFilesFieldsSchema = z.object({
  candidacy_id: textOf({ error: CANDIDACY_UPLOAD_MESSAGES.candidacyRequired })
    .min(1, CANDIDACY_UPLOAD_MESSAGES.candidacyRequired)
    .pipe(idSchema as z.ZodType<number, string>),
});

export const fileUuidParamsSchema = z.object({ uuid: z.uuid('Fichier introuvable') });

/** A signed link's query (platform/signed-url.ts); `inline=1` opens the file in the browser. */
export const signedFileQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().min(10).max(100),
  inline: z.enum(['1'], { error: 'Lien expiré ou invalide' }).optional(),
});

export const FILES_API = defineRoutes({
  downloadFile: {
    method: 'GET',
    path: '/files/:uuid/download',
    summary: "Contenu d'un fichier, par son lien signé",
    // The signature is the permission: it was issued to a user allowed to see the file.
    access: 'public',
    params: fileUuidParamsSchema,
    query: signedFileQuerySchema,
    response: { raw: 'application/octet-stream' },
  },
  uploadCandidacyFiles: {
    method: 'POST',
    path: '/candidacies/files',
    summary: "Ajouter des documents à une candidature (zone d'envoi)",
    access: 'file.upload',
    form: {
      fields: candidacyFilesFieldsSchema,
      files: CANDIDACY_FILE_LIMITS.maxFilesPerUpload,
      fileBytes: CANDIDACY_FILE_LIMITS.otherBytes,
      messages: { fileTooBig: CANDIDACY_UPLOAD_MESSAGES.tooBigAny, tooManyFiles: CANDIDACY_UPLOAD_MESSAGES.tooMany },
    },
    response: dataAndMessageOf(candidacyFilesUploadSchema),
  },
  deleteCandidacyFile: {
    method: 'DELETE',
    path: '/candidacies/files/:id',
    summary: "Supprimer un document d'une candidature",
    access: 'file.delete',
    params: idParamSchema,
    response: messageSchema,
  },
  getFileUrl: {
    method: 'GET',
    path: '/file-url/:uuid',
    summary: "Lien signé vers un fichier que l'utilisateur peut voir",
    access: 'signedIn',
    params: fileUuidParamsSchema,
    query: fileUrlQuerySchema,
    response: dataOf(signedLinkSchema),
  },
});
