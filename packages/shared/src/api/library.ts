import { z } from 'zod';
import { CANDIDACY_FILE_LIMITS } from '../contracts/candidacies.js';
import { idParamSchema } from '../contracts/common.js';
import {
  fileTypeSchema,
  LIBRARY_MESSAGES,
  libraryFileFieldsSchema,
  libraryFileParamsSchema,
  libraryFileSchema,
  libraryFolderRefSchema,
  libraryLogPageSchema,
  libraryLogPeopleQuerySchema,
  libraryLogPersonSchema,
  libraryLogQuerySchema,
  libraryPageSchema,
  libraryPromotionQuerySchema,
  libraryQuerySchema,
} from '../contracts/library.js';
import { dataAndMessageOf, dataOf, defineRoutes, messageSchema, signedLinkSchema } from './route.js';

/** The add and edit forms: their text fields and at most one file (field `file`). */
const libraryFileForm = {
  fields: libraryFileFieldsSchema,
  files: 1,
  fileBytes: CANDIDACY_FILE_LIMITS.otherBytes,
  messages: { tooManyFiles: LIBRARY_MESSAGES.oneFile },
};

/** The documents library (docs/product/documents.md#screens) and its data-room log. */
export const LIBRARY_API = defineRoutes({
  listLibrary: {
    method: 'GET',
    path: '/files',
    summary: "Dossiers et documents de la bibliothèque, et 'Mes documents' du candidat",
    access: 'library.read',
    cache: true,
    query: libraryQuerySchema,
    response: dataOf(libraryPageSchema),
  },
  listFileTypes: {
    method: 'GET',
    path: '/files_types',
    summary: 'Types de documents',
    access: 'library.read',
    response: dataOf(fileTypeSchema.array()),
  },
  listLibraryFolders: {
    method: 'GET',
    path: '/files_folders',
    summary: 'Dossiers de la bibliothèque de la promotion',
    access: 'library.manage',
    query: libraryPromotionQuerySchema,
    response: dataOf(libraryFolderRefSchema.array()),
  },
  addLibraryFile: {
    method: 'POST',
    path: '/promotions/:id/files',
    summary: 'Ajouter un document à la bibliothèque',
    access: 'library.manage',
    params: idParamSchema,
    form: libraryFileForm,
    response: dataAndMessageOf(libraryFileSchema),
  },
  updateLibraryFile: {
    method: 'POST',
    path: '/promotions/:id/files/:fileId',
    summary: "Modifier un document de la bibliothèque (le fichier n'est remplacé que s'il est envoyé)",
    access: 'library.manage',
    params: libraryFileParamsSchema,
    form: libraryFileForm,
    response: dataAndMessageOf(libraryFileSchema),
  },
  deleteLibraryFile: {
    method: 'DELETE',
    path: '/promotions/:id/files/:fileId',
    summary: 'Supprimer un document de la bibliothèque',
    access: 'library.manage',
    params: libraryFileParamsSchema,
    response: messageSchema,
  },
  readLibraryLog: {
    method: 'GET',
    path: '/files_log',
    summary: 'Journal de la data room : qui a consulté ou téléchargé quel document',
    access: 'library.log',
    cache: true,
    query: libraryLogQuerySchema,
    response: dataOf(libraryLogPageSchema),
  },
  readLibraryLogPeople: {
    method: 'GET',
    path: '/files_log/people',
    summary: "Journal de la data room : les personnes qui ont ouvert des documents, avec leur nombre d'accès",
    access: 'library.log',
    cache: true,
    query: libraryLogPeopleQuerySchema,
    response: dataOf(z.array(libraryLogPersonSchema)),
  },
  downloadLibraryLog: {
    method: 'GET',
    path: '/files_log/download',
    summary: 'Journal de la data room en classeur Excel (lien signé)',
    access: 'library.log',
    query: libraryLogQuerySchema.omit({ page: true }),
    response: dataOf(signedLinkSchema),
  },
});
