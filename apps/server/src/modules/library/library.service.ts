import {
  can,
  type FileType,
  LIBRARY_ACCESS_KIND_LABELS,
  LIBRARY_LOG_PAGE_SIZE,
  LIBRARY_MESSAGES,
  LIBRARY_PAGE_SIZE,
  type LibraryAccessKind,
  type LibraryFile,
  type LibraryFileFields,
  type LibraryFolderRef,
  type LibraryLogPage,
  type LibraryLogPeopleQuery,
  type LibraryLogPerson,
  type LibraryLogQuery,
  type LibraryPage,
  type LibraryQuery,
  swissOffset,
  USER_TYPE_LABELS,
  type UserType,
  XLSX_FORMATS,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import { assertMayAddFiles, type RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { paginate } from '../../platform/pagination.js';
import type { Storage } from '../../platform/storage.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { acceptUpload, DOCUMENT_UPLOADS, displayName, type Upload } from '../../platform/uploads.js';
import { addRow, newSheet, workbookBuffer, XLSX_MIME } from '../../platform/xlsx.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { fullName } from '../users/index.js';
import {
  dropFolderIfEmpty,
  findFileType,
  findFolder,
  findLibraryFile,
  folderNamed,
  foldersWithCounts,
  type LibraryFileRecord,
  libraryFilesPage,
  listFileTypes,
  listFolders,
  logPeople,
  logRows,
  ownDocuments,
} from './library.queries.js';
import { libraryReaderFor } from './library-access.service.js';

/**
 * The documents library (docs/product/documents.md, docs/sales-process.md#documents-library-built):
 * the promotion's files with their types, folders and access flags, the candidate's own
 * documents, and the data-room log of every view and download.
 */

export type LibraryDeps = { db: Db; storage: Storage };

/** The rows at most one export holds (the log of a busy promotion over years). */
export const LOG_EXPORT_MAX_ROWS = 20_000;

const toLibraryFile = (record: LibraryFileRecord, manages: boolean): LibraryFile => ({
  id: record.id,
  uuid: record.uuid,
  name: record.name,
  mime: record.mime,
  size: record.size,
  created_at: record.createdAt.toISOString(),
  type: record.typeId !== null && record.typeName !== null ? { id: record.typeId, name: record.typeName } : null,
  folder: record.folderId !== null && record.folderName !== null ? { id: record.folderId, name: record.folderName } : null,
  access: manages
    ? {
        access_candidate: record.accessCandidate,
        access_promoter: record.accessPromoter,
        access_notary: record.accessNotary,
        access_investor: record.accessInvestor,
        candidate_min_status: record.candidateMinStatus,
      }
    : null,
});

/** GET /files?promotion={id}: the explorer's folders and page of files, and 'Mes documents' for a candidate. */
export const listLibrary = async (db: Db, actor: RequestActor, query: LibraryQuery): Promise<LibraryPage> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound();
  let folder: LibraryFolderRef | null = null;
  if (query.folder !== undefined) {
    folder = await findFolder(db, promotionId, query.folder);
    if (!folder) throw notFound(LIBRARY_MESSAGES.folderUnknown);
  }
  const reader = await libraryReaderFor(db, actor, promotionId);
  const filter = { promotionId, reader, search: query.search, types: query.types };
  const manages = can(actor, 'library.manage');
  const [folders, records, own] = await Promise.all([
    folder ? Promise.resolve([]) : foldersWithCounts(db, filter),
    reader.kind === 'none' ? Promise.resolve([]) : libraryFilesPage(db, filter, folder?.id ?? null, query.page),
    actor.type === 'candidate' ? ownDocuments(db, actor.id, promotionId) : Promise.resolve(null),
  ]);
  return {
    promotion_id: promotionId,
    folder,
    folders,
    files: paginate(
      records.map((record) => toLibraryFile(record, manages)),
      records[0]?.total ?? 0,
      query.page,
      LIBRARY_PAGE_SIZE,
    ),
    own: own
      ? own.map((row) => ({
          id: row.id,
          uuid: row.uuid,
          name: row.name,
          mime: row.mime,
          size: row.size,
          created_at: row.createdAt.toISOString(),
        }))
      : null,
    can_manage: manages,
    can_upload: manages && !actor.is_demo,
    can_read_log: can(actor, 'library.log'),
  };
};

export const fileTypesList = async (db: Db): Promise<FileType[]> => listFileTypes(db);

/** GET /files_folders: the folder picker of the add and edit modal. */
export const foldersList = async (db: Db, actor: RequestActor, requested: number | undefined): Promise<LibraryFolderRef[]> => {
  if (!can(actor, 'library.manage')) throw forbidden();
  const promotionId = await resolvePromotion(db, actor, requested);
  if (promotionId === null) throw notFound();
  return listFolders(db, promotionId);
};

const assertManager = (actor: RequestActor) => {
  if (!can(actor, 'library.manage')) throw forbidden();
};

/** A known type, and a chosen folder of this promotion (another promotion's answers 404, like a missing one). */
const assertPlacement = async (db: Queryable, promotionId: number, fields: LibraryFileFields) => {
  if (fields.folder_id !== null && !(await findFolder(db, promotionId, fields.folder_id))) throw notFound(LIBRARY_MESSAGES.folderUnknown);
  if (!(await findFileType(db, fields.type_id))) throw badRequest(LIBRARY_MESSAGES.typeUnknown);
};

/** The type (reference data) and the folder (chosen in the promotion, or created by name) of a form. */
const resolvePlacement = async (db: Queryable, promotionId: number, fields: LibraryFileFields) => {
  if (!(await findFileType(db, fields.type_id))) throw badRequest(LIBRARY_MESSAGES.typeUnknown);
  if (fields.folder_id !== null) {
    const folder = await findFolder(db, promotionId, fields.folder_id);
    if (!folder) throw notFound(LIBRARY_MESSAGES.folderUnknown);
    return folder.id;
  }
  if (fields.folder_name !== null) return (await folderNamed(db, promotionId, fields.folder_name)).id;
  return null;
};

const accessValues = (fields: LibraryFileFields) => ({
  accessCandidate: fields.access_candidate,
  accessPromoter: fields.access_promoter,
  accessNotary: fields.access_notary,
  accessInvestor: fields.access_investor,
  candidateMinStatus: fields.candidate_min_status,
});

/**
 * POST /promotions/{id}/files: name, type and file required; demo users do not upload. The file is
 * checked and stored before the write (the caller's promotion checked first, so that no stranger
 * has bytes read), and removed if the write does not commit.
 */
export const createLibraryFile = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  fields: LibraryFileFields,
  upload: Upload | null,
) => {
  assertManager(actor);
  await assertMemberOf(deps.db, actor, promotionId);
  assertMayAddFiles(actor);
  await assertPlacement(deps.db, promotionId, fields);
  if (!upload || upload.content.length === 0) throw badRequest(LIBRARY_MESSAGES.fileRequired);
  const { mime } = await acceptUpload(DOCUMENT_UPLOADS, upload);
  const name = displayName(upload.filename, fields.name);
  const storageKey = await deps.storage.put(upload.content);
  try {
    const id = await runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx }) => {
        await assertStorageQuota(tx, deps.storage, promotionId, upload.content.length);
        const folderId = await resolvePlacement(tx, promotionId, fields);
        const [row] = await tx
          .insert(files)
          .values({
            name,
            mime,
            size: upload.content.length,
            storageKey,
            owner: 'library',
            promotionId,
            folderId,
            typeId: fields.type_id,
            createdById: actor.id,
            ...accessValues(fields),
          })
          .returning({ id: files.id });
        return { data: row.id, log: { onTitle: name, title: `Document ajouté à la bibliothèque : ${name}` } };
      },
      notFound,
    );
    const record = await findLibraryFile(deps.db, promotionId, id);
    return { message: LIBRARY_MESSAGES.added, data: toLibraryFile(record as LibraryFileRecord, true) };
  } catch (error) {
    await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
};

/** POST /promotions/{id}/files/{fileId}: the same form, the file optional (empty keeps the current one). */
export const updateLibraryFile = async (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  fileId: number,
  fields: LibraryFileFields,
  upload: Upload | null,
) => {
  assertManager(actor);
  await assertMemberOf(deps.db, actor, promotionId);
  const current = await findLibraryFile(deps.db, promotionId, fileId);
  if (!current) throw notFound();
  await assertPlacement(deps.db, promotionId, fields);
  const replacing = upload !== null && upload.content.length > 0;
  if (replacing) assertMayAddFiles(actor);
  const checked = replacing ? await acceptUpload(DOCUMENT_UPLOADS, upload) : null;
  const name = displayName(replacing ? upload.filename : current.name, fields.name);
  const storageKey = replacing ? await deps.storage.put(upload.content) : null;
  try {
    await runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx, afterCommit }) => {
        // A replaced file frees its own bytes: only what the new one adds counts.
        if (replacing) await assertStorageQuota(tx, deps.storage, promotionId, upload.content.length - current.size);
        const folderId = await resolvePlacement(tx, promotionId, fields);
        await tx
          .update(files)
          .set({
            name,
            typeId: fields.type_id,
            folderId,
            ...accessValues(fields),
            ...(replacing && checked && storageKey ? { mime: checked.mime, size: upload.content.length, storageKey } : {}),
          })
          .where(eq(files.id, current.id));
        if (current.folderId !== folderId) await dropFolderIfEmpty(tx, current.folderId);
        if (storageKey) afterCommit(() => deps.storage.remove(current.storageKey));
        return { data: null, log: { onTitle: name, title: `Document modifié dans la bibliothèque : ${name}` } };
      },
      notFound,
    );
  } catch (error) {
    if (storageKey) await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  const record = await findLibraryFile(deps.db, promotionId, current.id);
  return { message: LIBRARY_MESSAGES.updated, data: toLibraryFile(record as LibraryFileRecord, true) };
};

/** DELETE /promotions/{id}/files/{fileId}: the row and its empty folder in one write, the content after commit. */
export const deleteLibraryFile = async (deps: WriteDeps, actor: RequestActor, promotionId: number, fileId: number) => {
  assertManager(actor);
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, afterCommit }) => {
      const current = await findLibraryFile(tx, promotionId, fileId);
      if (!current) throw notFound();
      await tx.delete(files).where(eq(files.id, current.id));
      await dropFolderIfEmpty(tx, current.folderId);
      afterCommit(() => deps.storage.remove(current.storageKey));
      return { data: null, log: { onTitle: current.name, title: `Document supprimé de la bibliothèque : ${current.name}` } };
    },
    notFound,
  );
  return { message: LIBRARY_MESSAGES.deleted };
};

const logFilterOf = async (db: Db, actor: RequestActor, query: LibraryLogPeopleQuery & { user_id?: number }) => {
  if (!can(actor, 'library.log')) throw forbidden();
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound();
  if (query.file_id !== undefined && !(await findLibraryFile(db, promotionId, query.file_id))) throw notFound();
  return { promotionId, fileId: query.file_id, userId: query.user_id };
};

const personOf = (row: { id: number; firstName: string; lastName: string; type: string }) => ({
  id: row.id,
  full_name: fullName(row),
  type: row.type,
});

/** GET /files_log: the data-room log, newest first, per file and per person. */
export const readLibraryLog = async (db: Db, actor: RequestActor, query: LibraryLogQuery): Promise<LibraryLogPage> => {
  const filter = await logFilterOf(db, actor, query);
  const rows = await logRows(db, filter, LIBRARY_LOG_PAGE_SIZE, (query.page - 1) * LIBRARY_LOG_PAGE_SIZE);
  return paginate(
    rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      kind: row.kind as LibraryAccessKind,
      file: { id: row.fileId ?? 0, name: row.fileName },
      user: personOf({ id: row.userId, firstName: row.firstName, lastName: row.lastName, type: row.type }),
    })),
    rows[0]?.total ?? 0,
    query.page,
    LIBRARY_LOG_PAGE_SIZE,
  );
};

/**
 * GET /files_log/people: the people who opened the promotion's files (or one file's) with their
 * count, the log's 'Personne' filter. Its own read, asked once when the log opens: sent with each
 * page, the 2,115 people of a 2,000-lot promotion made every page 177 KB (issue 20).
 */
export const readLibraryLogPeople = async (db: Db, actor: RequestActor, query: LibraryLogPeopleQuery): Promise<LibraryLogPerson[]> => {
  const filter = await logFilterOf(db, actor, query);
  const people = await logPeople(db, { promotionId: filter.promotionId, fileId: filter.fileId });
  return people.map((row) => Object.assign(personOf(row), { accesses_count: row.count }));
};

export const LOG_EXPORT_HEADERS = ['Date', 'Personne', 'Rôle', 'Document', 'Action'] as const;

/** GET /files_log/download: the same log as an .xlsx file (Swiss time), a signed URL to it. */
export const exportLibraryLog = async (deps: LibraryDeps, actor: RequestActor, query: Omit<LibraryLogQuery, 'page'>) => {
  const filter = await logFilterOf(deps.db, actor, query);
  const rows = await logRows(deps.db, filter, LOG_EXPORT_MAX_ROWS, 0);
  const { workbook, sheet } = newSheet({ title: 'Journal de la data room', sheet: 'Consultations', headers: LOG_EXPORT_HEADERS });
  for (const row of rows) {
    addRow(sheet, [
      new Date(row.createdAt.getTime() + swissOffset(row.createdAt)),
      fullName(row),
      USER_TYPE_LABELS[row.type as UserType] ?? row.type,
      row.fileName,
      LIBRARY_ACCESS_KIND_LABELS[row.kind as LibraryAccessKind] ?? row.kind,
    ]);
  }
  sheet.getColumn(1).numFmt = XLSX_FORMATS.dateTime;
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  return storeGeneratedFile(deps, {
    name: 'Journal de la data room.xlsx',
    mime: XLSX_MIME,
    content: await workbookBuffer(workbook),
    promotionId: filter.promotionId,
    createdById: actor.id,
  });
};
