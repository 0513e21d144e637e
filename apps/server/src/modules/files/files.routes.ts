import { FILES_API } from '@promovente/shared';
import { handlersOf } from '../../platform/routes.js';
import type { Upload } from '../../platform/uploads.js';
import { deleteCandidacyFile, fileUrlFor, uploadCandidacyFiles } from './candidacy-files.service.js';
import { loadSignedFile } from './files.service.js';

/** Stored files, as catalogued in packages/shared/src/api/files.ts. */
export const FILES_HANDLERS = handlersOf(FILES_API, {
  // The signature is the permission: it was issued to a user allowed to see the file.
  downloadFile: async ({ deps, params, query, reply }) => {
    const file = await loadSignedFile(deps, params.uuid, query.expires, query.signature);
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .type(file.mime)
      .header(
        'content-disposition',
        `${query.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.content);
  },
  // Candidacy files (docs/product/validation.md#file-upload and docs/product/access.md#who-may-do-what): upload zone and delete button.
  uploadCandidacyFiles: async ({ deps, actor, form }) => {
    const uploads: Upload[] = form.files
      .filter((file) => file.name === 'files[]' || file.name === 'files')
      .map((file) => ({ filename: file.filename, mimetype: file.mimetype, content: file.content }));
    const renames = [...(form.lists['renames[]'] ?? []), ...(form.lists.renames ?? [])];
    return uploadCandidacyFiles(deps, actor, { candidacyId: form.fields.candidacy_id, uploads, renames });
  },
  deleteCandidacyFile: async ({ deps, actor, params }) => deleteCandidacyFile(deps, actor, params.id),
  getFileUrl: async ({ deps, actor, params, query }) => fileUrlFor(deps.db, actor, params.uuid, query.download === '1'),
});
