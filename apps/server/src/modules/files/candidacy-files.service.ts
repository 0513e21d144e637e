import { CANDIDACY_UPLOAD_MESSAGES, type CandidacyFile, type CandidacyFilesUpload, can, MESSAGES } from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { candidacies, candidates, files, users } from '../../db/schema/index.js';
import { isMemberOf } from '../../platform/access.js';
import { assertMayAddFiles, type RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { signedFileUrl } from '../../platform/signed-url.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { mayReadMessageThread } from '../../platform/thread-access.js';
import { acceptUpload, DOCUMENT_UPLOADS, displayName, type Upload } from '../../platform/uploads.js';
import { runWrite, type WriteContext, type WriteDeps, type WriteResult } from '../commands/index.js';
import { maySeeFaqFile } from '../faq/faq.service.js';
import { libraryAccessOf, libraryCandidateStatus, recordLibraryAccess } from '../library/index.js';
import { maySeePhotoFile } from '../progress/progress.service.js';
import { avatarUrl, fullName } from '../users/index.js';

/**
 * Candidacy files (docs/product/validation.md#file-upload and docs/product/access.md#who-may-do-what) and GET file-url/{uuid} (docs/sales-process.md#6-files-storage-built):
 * checked by the one upload policy (platform/uploads.ts: content, not declared type, and size),
 * stored under a random key, never under their name.
 */

export const FILE_MESSAGES = {
  uploaded: (n: number) => (n === 1 ? 'Document ajouté' : `${n} documents ajoutés`),
  nothingUploaded: 'Aucun document ajouté',
  deleted: 'Document supprimé',
  noFile: 'Veuillez sélectionner au moins un fichier',
  ...CANDIDACY_UPLOAD_MESSAGES,
} as const;

/** `candidateUserId`: the sign-in account of the candidacy's person (a candidate sees only his own). */
type CandidacyRef = { id: number; promotionId: number; agencyId: number | null; candidateUserId: number | null };

/** Who may delete a candidacy file: a broker of its agency, a promoter, the candidate for what he uploaded himself. */
export const canDeleteCandidacyFile = (
  actor: RequestActor,
  candidacy: Pick<CandidacyRef, 'agencyId' | 'candidateUserId'>,
  createdById: number | null,
) => can(actor, 'file.delete', { agency_id: candidacy.agencyId, candidate_user_id: candidacy.candidateUserId, created_by_id: createdById });

export const toCandidacyFile = (
  actor: RequestActor,
  candidacy: Pick<CandidacyRef, 'agencyId' | 'candidateUserId'>,
  row: {
    file: typeof files.$inferSelect;
    creator: { id: number | null; firstName: string | null; lastName: string | null; picture: string | null } | null;
  },
): CandidacyFile => ({
  id: row.file.id,
  name: row.file.name,
  uuid: row.file.uuid,
  mime: row.file.mime,
  size: row.file.size,
  created_at: row.file.createdAt.toISOString(),
  created_by:
    row.creator?.id != null
      ? {
          id: row.creator.id,
          full_name: fullName({ firstName: row.creator.firstName ?? '', lastName: row.creator.lastName ?? '' }),
          profile_picture: avatarUrl(row.creator.picture),
        }
      : null,
  url: null,
  can_delete: canDeleteCandidacyFile(actor, candidacy, row.file.createdById),
});

const findCandidacy = async (db: Queryable, id: number): Promise<(CandidacyRef & { name: string }) | null> => {
  const [row] = await db
    .select({
      id: candidacies.id,
      promotionId: candidacies.promotionId,
      agencyId: candidacies.agencyId,
      candidateUserId: candidates.userId,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.id, id))
    .limit(1);
  return row ? { ...row, name: fullName(row) } : null;
};

/** A candidacy of one of the user's promotions, else 404. */
const visibleCandidacy = async (db: Queryable, actor: RequestActor, id: number) => {
  const candidacy = await findCandidacy(db, id);
  if (!candidacy || !(await isMemberOf(db, actor, candidacy.promotionId))) throw notFound();
  return candidacy;
};

type FoundCandidacy = { candidacy: CandidacyRef & { name: string } };

/**
 * A write on a candidacy's files through the write pipeline (runWrite): `find` reads what it acts
 * on and its candidacy in the transaction, null when missing (404, like a candidacy of a promotion
 * the user is not in, which runWrite refuses next); `work` gets what `find` read.
 */
const writeOnCandidacy = <Found extends FoundCandidacy, Data>(
  deps: WriteDeps,
  actor: RequestActor,
  find: (tx: Tx) => Promise<Found | null>,
  work: (write: WriteContext, found: Found) => Promise<WriteResult<Data>>,
) => {
  let found: Found | null = null;
  return runWrite(
    deps,
    actor,
    async (tx) => {
      found = await find(tx);
      return found?.candidacy.promotionId ?? null;
    },
    (write) => work(write, found as Found),
    notFound,
  );
};

/**
 * POST /candidacies/files: every file is checked first (one bad file refuses the upload);
 * names already on the candidacy (or twice in the batch) are skipped and reported. The
 * candidacy is checked before any file is read, and read again in the write's transaction.
 */
export const uploadCandidacyFiles = async (
  deps: WriteDeps,
  actor: RequestActor,
  input: { candidacyId: number; uploads: Upload[]; renames: string[] },
): Promise<{ data: CandidacyFilesUpload; message: string }> => {
  if (input.uploads.length === 0) throw badRequest(FILE_MESSAGES.noFile);
  const candidacy = await visibleCandidacy(deps.db, actor, input.candidacyId);
  // docs/product/access.md: demo mode hides the upload zone; the server refuses it too.
  assertMayAddFiles(actor);
  const checked: { name: string; mime: string; content: Buffer }[] = [];
  for (const [index, upload] of input.uploads.entries()) {
    const name = displayName(upload.filename, input.renames[index]);
    const { mime } = await acceptUpload(DOCUMENT_UPLOADS, upload);
    checked.push({ name, mime, content: upload.content });
  }

  const existing = await deps.db
    .select({ name: files.name })
    .from(files)
    .where(and(eq(files.candidacyId, candidacy.id), eq(files.owner, 'candidacy')));
  const taken = new Set(existing.map((f) => f.name.toLowerCase()));
  const duplicates: string[] = [];
  const accepted = checked.filter((file) => {
    const key = file.name.toLowerCase();
    if (taken.has(key)) {
      duplicates.push(file.name);
      return false;
    }
    taken.add(key);
    return true;
  });

  const keys: string[] = [];
  try {
    for (const file of accepted) keys.push(await deps.storage.put(file.content));
    const found = async (tx: Tx) => {
      const candidacy = await findCandidacy(tx, input.candidacyId);
      return candidacy && { candidacy };
    };
    const rows = await writeOnCandidacy(deps, actor, found, async ({ tx, promotionId }, { candidacy }) => {
      if (accepted.length === 0) return { data: [], log: null };
      const bytes = accepted.reduce((sum, file) => sum + file.content.length, 0);
      await assertStorageQuota(tx, deps.storage, promotionId, bytes);
      const inserted = await tx
        .insert(files)
        .values(
          accepted.map((file, index) => ({
            name: file.name,
            mime: file.mime,
            size: file.content.length,
            storageKey: keys[index],
            owner: 'candidacy',
            promotionId,
            candidacyId: candidacy.id,
            createdById: actor.id,
          })),
        )
        .returning();
      return {
        data: inserted,
        log: {
          onTitle: candidacy.name,
          title: accepted.length === 1 ? `Document ajouté : ${accepted[0].name}` : `${accepted.length} documents ajoutés`,
          candidacyId: candidacy.id,
        },
      };
    });
    const creator = await creatorOf(deps.db, actor.id);
    return {
      data: { files: rows.map((file) => toCandidacyFile(actor, candidacy, { file, creator })), duplicates },
      message: accepted.length > 0 ? FILE_MESSAGES.uploaded(accepted.length) : FILE_MESSAGES.nothingUploaded,
    };
  } catch (error) {
    await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
};

const creatorOf = async (db: Queryable, userId: number) => {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, picture: users.profilePicture })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
};

/** DELETE /candidacies/files/{id}: the file's row read in the write's transaction with its candidacy; its content goes after commit. */
export const deleteCandidacyFile = async (deps: WriteDeps, actor: RequestActor, fileId: number) => {
  const found = async (tx: Tx) => {
    const [file] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.owner, 'candidacy')))
      .limit(1)
      .for('update');
    const candidacy = file?.candidacyId ? await findCandidacy(tx, file.candidacyId) : null;
    return candidacy && { file, candidacy };
  };
  await writeOnCandidacy(deps, actor, found, async ({ afterCommit, tx }, { file, candidacy }) => {
    if (actor.type === 'candidate' && candidacy.candidateUserId !== actor.id) throw notFound();
    if (!canDeleteCandidacyFile(actor, candidacy, file.createdById)) throw forbidden();
    await tx.delete(files).where(eq(files.id, file.id));
    afterCommit(() => deps.storage.remove(file.storageKey));
    return { data: null, log: { onTitle: candidacy.name, title: `Document supprimé : ${file.name}`, candidacyId: candidacy.id } };
  });
  return { message: FILE_MESSAGES.deleted };
};

/** Whether the user may see a stored file (docs/sales-process.md#6-files-storage-built). Unknown kinds of files are refused. */
export const maySeeFile = async (db: Queryable, actor: RequestActor, file: typeof files.$inferSelect): Promise<boolean> => {
  if (file.owner === 'export') return file.createdById === actor.id;
  // A global question's file is read from every promotion, not only the one it was written in.
  if (file.owner === 'faq') return maySeeFaqFile(db, actor, file.id);
  if (file.promotionId === null || !(await isMemberOf(db, actor, file.promotionId))) return false;
  switch (file.owner) {
    case 'candidacy': {
      if (!file.candidacyId) return false;
      if (actor.type === 'candidate') {
        const candidacy = await findCandidacy(db, file.candidacyId);
        return candidacy !== null && candidacy.candidateUserId === actor.id;
      }
      return can(actor, 'file.read');
    }
    case 'thread_message':
      // Who reads the thread reads its attachments: its two sides and the brokers of the candidacy's agency (docs/product/messages.md#rules).
      return file.threadMessageId !== null && (await mayReadMessageThread(db, actor, file.threadMessageId));
    case 'library':
      // The library reader rule (packages/shared/src/rules/library-reader.ts); its list applies the same reader in SQL.
      return can(actor, 'library.read', {
        file: libraryAccessOf(file),
        candidate_status: await libraryCandidateStatus(db, actor, file.promotionId),
      });
    // Progress photos and videos (docs/decisions/020-progress-photos-and-home.md).
    case 'photo':
      return maySeePhotoFile(db, actor, file.id);
    // Campaign documents and report screenshots: the promotion's Marketing readers (docs/product/marketing.md#who-may-do-what).
    case 'campaign':
    case 'marketing_report':
      return can(actor, 'marketing.read');
    default:
      return false;
  }
};

/**
 * GET file-url/{uuid}: a short-lived signed URL, only for a user allowed to see the file; 404
 * otherwise. A library file opens in the browser unless `download` is asked, and the view or
 * download is written to the data-room log by this request, the one that signs the link.
 */
export const fileUrlFor = async (db: Db, actor: RequestActor, uuid: string, download = false) => {
  const [file] = await db.select().from(files).where(eq(files.uuid, uuid)).limit(1);
  if (!file || !(await maySeeFile(db, actor, file))) throw notFound(MESSAGES.pageNotFound);
  if (file.owner === 'library' && file.promotionId !== null) {
    await recordLibraryAccess(db, {
      promotionId: file.promotionId,
      fileId: file.id,
      fileName: file.name,
      userId: actor.id,
      kind: download ? 'download' : 'view',
    });
    return { data: { url: download ? signedFileUrl(file.uuid) : `${signedFileUrl(file.uuid)}&inline=1` } };
  }
  return { data: { url: signedFileUrl(file.uuid) } };
};
