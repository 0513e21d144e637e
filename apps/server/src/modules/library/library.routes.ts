import {
  CANDIDACY_FILE_LIMITS,
  LIBRARY_FILE_FIELDS,
  LIBRARY_MESSAGES,
  libraryFileParamsSchema,
  libraryLogQuerySchema,
  libraryPromotionQuerySchema,
  libraryQuerySchema,
  promotionParamsSchema,
  rolesWith,
} from '@promovente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest, HttpError, MESSAGE_MALFORMED_MULTIPART } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import {
  createLibraryFile,
  deleteLibraryFile,
  exportLibraryLog,
  fileTypesList,
  foldersList,
  listLibrary,
  readLibraryLog,
  updateLibraryFile,
} from './library.service.js';

const KNOWN_FIELDS = new Set<string>(LIBRARY_FILE_FIELDS);

/** The add and edit forms: their known text fields and at most one file (field `file`). */
const readFileForm = async (request: FastifyRequest): Promise<{ fields: Record<string, string>; upload: Upload | null }> => {
  if (!request.isMultipart()) throw badRequest(MESSAGE_MALFORMED_MULTIPART);
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CANDIDACY_FILE_LIMITS.otherBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && content.length > 0) upload = { filename: part.filename, mimetype: part.mimetype, content };
      } else if (KNOWN_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `Fichier trop volumineux : ${CANDIDACY_FILE_LIMITS.otherBytes / 1024 / 1024} Mo au maximum`);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Un seul fichier par document');
    throw error;
  }
  return { fields, upload };
};

/** The documents library (docs/product/documents.md#screens) and its data-room log. */
export const libraryRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });

  app.get('/files', { config: { access: rolesWith('library.read') }, schema: { querystring: libraryQuerySchema } }, async (request) => ({
    data: await listLibrary(db(), actorOf(request), request.query),
  }));

  app.get('/files_types', { config: { access: rolesWith('library.read') } }, async () => ({ data: await fileTypesList(db()) }));

  app.get(
    '/files_folders',
    { config: { access: rolesWith('library.manage') }, schema: { querystring: libraryPromotionQuerySchema } },
    async (request) => ({ data: await foldersList(db(), actorOf(request), request.query.promotion) }),
  );

  app.post(
    '/promotions/:id/files',
    { config: { access: rolesWith('library.manage') }, schema: { params: promotionParamsSchema } },
    async (request) => {
      const { fields, upload } = await readFileForm(request);
      return createLibraryFile(deps(), actorOf(request), request.params.id, fields, upload);
    },
  );

  app.post(
    '/promotions/:id/files/:fileId',
    { config: { access: rolesWith('library.manage') }, schema: { params: libraryFileParamsSchema } },
    async (request) => {
      const { fields, upload } = await readFileForm(request);
      return updateLibraryFile(deps(), actorOf(request), request.params.id, request.params.fileId, fields, upload);
    },
  );

  app.delete(
    '/promotions/:id/files/:fileId',
    { config: { access: rolesWith('library.manage') }, schema: { params: libraryFileParamsSchema } },
    async (request) => deleteLibraryFile(deps(), actorOf(request), request.params.id, request.params.fileId),
  );

  app.get(
    '/files_log',
    { config: { access: rolesWith('library.log') }, schema: { querystring: libraryLogQuerySchema } },
    async (request) => ({ data: await readLibraryLog(db(), actorOf(request), request.query) }),
  );

  app.get(
    '/files_log/download',
    { config: { access: rolesWith('library.log') }, schema: { querystring: libraryLogQuerySchema.omit({ page: true }) } },
    async (request) => ({ data: await exportLibraryLog(deps(), actorOf(request), request.query) }),
  );
};
