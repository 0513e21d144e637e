import { LIBRARY_API } from '@promovente/shared';
import { candidacies, candidates, fileFolders, files, fileTypes, libraryAccesses, promotions, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import { handlersOf, uploadOf } from '../../platform/routes.js';
import {
  createLibraryFile,
  deleteLibraryFile,
  exportLibraryLog,
  fileTypesList,
  foldersList,
  listLibrary,
  readLibraryLog,
  readLibraryLogPeople,
  updateLibraryFile,
} from './library.service.js';

/** The documents library (docs/product/documents.md#screens) and its data-room log, as catalogued in packages/shared/src/api/library.ts. */
export const LIBRARY_HANDLERS = handlersOf(LIBRARY_API, {
  listLibrary: async ({ deps, actor, query }) => ({ data: await listLibrary(deps.db, actor, query) }),
  listFileTypes: async ({ deps }) => ({ data: await fileTypesList(deps.db) }),
  listLibraryFolders: async ({ deps, actor, query }) => ({ data: await foldersList(deps.db, actor, query.promotion) }),
  addLibraryFile: async ({ deps, actor, params, form }) => createLibraryFile(deps, actor, params.id, form.fields, uploadOf(form, 'file')),
  updateLibraryFile: async ({ deps, actor, params, form }) =>
    updateLibraryFile(deps, actor, params.id, params.fileId, form.fields, uploadOf(form, 'file')),
  deleteLibraryFile: async ({ deps, actor, params }) => deleteLibraryFile(deps, actor, params.id, params.fileId),
  readLibraryLog: async ({ deps, actor, query }) => ({ data: await readLibraryLog(deps.db, actor, query) }),
  readLibraryLogPeople: async ({ deps, actor, query }) => ({ data: await readLibraryLogPeople(deps.db, actor, query) }),
  downloadLibraryLog: async ({ deps, actor, query }) => ({ data: await exportLibraryLog(deps, actor, query) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const LIBRARY_READS = readsOf(LIBRARY_API, {
  readLibraryLog: [fileFolders, fileTypes, files, libraryAccesses, promotions, users],
  readLibraryLogPeople: [fileFolders, fileTypes, files, libraryAccesses, promotions, users],
  listLibrary: [candidacies, candidates, fileFolders, fileTypes, files, promotions],
});
