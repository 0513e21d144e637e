import {
  CANDIDACY_FILE_LIMITS,
  type CandidacyFile,
  type CandidacyFilesUpload,
  can,
  canEditCandidacyOf,
  MESSAGES,
} from '@promovente/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { candidacies, candidates, files, users } from '../../db/schema/index.js';
import { isMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { signedFileUrl } from '../../platform/signed-url.js';
import type { Storage } from '../../platform/storage.js';
import { acceptUpload, DOCUMENT_UPLOADS, type Upload } from '../../platform/uploads.js';
import { maySeeFaqFile } from '../faq/faq.service.js';
import { recordLibraryAccess } from '../library/index.js';
import { writeLog } from '../logs/logs.service.js';
import { maySeePhotoFile } from '../progress/progress.service.js';
import { mayReadMessageThread } from '../threads/thread-access.service.js';
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
  tooMany: `${CANDIDACY_FILE_LIMITS.maxFilesPerUpload} fichiers au maximum par envoi`,
  tooBigAny: `Fichier trop volumineux : ${CANDIDACY_FILE_LIMITS.otherBytes / 1024 / 1024} Mo au maximum`,
  candidacyRequired: 'Candidature requise',
} as const;

const extensionOf = (name: string) => {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1].toLowerCase() : '';
};

/**
 * The stored display name: the rename if any (keeping the original extension when the rename
 * has none), without path parts or control characters. Never used as a path.
 */
export const displayName = (original: string, rename?: string) => {
  const clean = (text: string) =>
    text
      .split(/[\\/]/)
      .pop()!
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
  const base = clean(original) || 'document';
  const wanted = rename ? clean(rename) : '';
  if (!wanted) return base;
  const extension = extensionOf(base);
  return extension && extensionOf(wanted) !== extension ? `${wanted}.${extension}` : wanted;
};

/** `candidateUserId`: the sign-in account of the candidacy's person (a candidate sees only his own). */
type CandidacyRef = { id: number; promotionId: number; agencyId: number | null; candidateUserId: number | null };

/** Who may delete a candidacy file: a broker of its agency, a promoter, the candidate for what he uploaded himself. */
export const canDeleteCandidacyFile = (
  actor: RequestActor,
  candidacy: Pick<CandidacyRef, 'agencyId' | 'candidateUserId'>,
  createdById: number | null,
) => {
  if (!can(actor, 'file.delete')) return false;
  if (actor.type === 'broker') return canEditCandidacyOf(actor, candidacy.agencyId);
  if (actor.type === 'candidate') return candidacy.candidateUserId === actor.id && createdById === actor.id;
  return true;
};

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

/**
 * POST /candidacies/files: every file is checked first (one bad file refuses the upload);
 * names already on the candidacy (or twice in the batch) are skipped and reported.
 */
export const uploadCandidacyFiles = async (
  deps: { db: Db; storage: Storage },
  actor: RequestActor,
  input: { candidacyId: number; uploads: Upload[]; renames: string[] },
): Promise<{ data: CandidacyFilesUpload; message: string }> => {
  if (input.uploads.length === 0) throw badRequest(FILE_MESSAGES.noFile);
  const candidacy = await visibleCandidacy(deps.db, actor, input.candidacyId);
  const checked = input.uploads.map((upload, index) => {
    const name = displayName(upload.filename, input.renames[index]);
    const { mime } = acceptUpload(DOCUMENT_UPLOADS, upload);
    return { name, mime, content: upload.content };
  });

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
    const rows = await deps.db.transaction(async (tx) => {
      if (accepted.length === 0) return [];
      const inserted = await tx
        .insert(files)
        .values(
          accepted.map((file, index) => ({
            name: file.name,
            mime: file.mime,
            size: file.content.length,
            storageKey: keys[index],
            owner: 'candidacy',
            promotionId: candidacy.promotionId,
            candidacyId: candidacy.id,
            createdById: actor.id,
          })),
        )
        .returning();
      await writeLog(tx, {
        promotionId: candidacy.promotionId,
        executedById: actor.id,
        onTitle: candidacy.name,
        title: accepted.length === 1 ? `Document ajouté : ${accepted[0].name}` : `${accepted.length} documents ajoutés`,
        candidacyId: candidacy.id,
      });
      return inserted;
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

/** DELETE /candidacies/files/{id}. */
export const deleteCandidacyFile = async (deps: { db: Db; storage: Storage }, actor: RequestActor, fileId: number) => {
  const [file] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.owner, 'candidacy')))
    .limit(1);
  if (!file?.candidacyId) throw notFound();
  const candidacy = await visibleCandidacy(deps.db, actor, file.candidacyId);
  if (actor.type === 'candidate' && candidacy.candidateUserId !== actor.id) throw notFound();
  if (!canDeleteCandidacyFile(actor, candidacy, file.createdById)) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await tx.delete(files).where(eq(files.id, file.id));
    await writeLog(tx, {
      promotionId: candidacy.promotionId,
      executedById: actor.id,
      onTitle: candidacy.name,
      title: `Document supprimé : ${file.name}`,
      candidacyId: candidacy.id,
    });
  });
  await deps.storage.remove(file.storageKey).catch(() => undefined);
  return { message: FILE_MESSAGES.deleted };
};

const bestCandidateStatus = async (db: Queryable, actor: RequestActor, promotionId: number) => {
  const [row] = await db
    .select({ status: sql<number>`max(${candidacies.status})` })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(and(eq(candidacies.promotionId, promotionId), eq(candidates.userId, actor.id)));
  return row?.status ?? null;
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
    case 'library': {
      // The library's rule (docs/sales-process.md#documents-library-built); its list applies the same in SQL (libraryReaderOf).
      if (can(actor, 'library.manage')) return true;
      switch (actor.type) {
        case 'promoter':
          return file.accessPromoter;
        case 'notary':
          return file.accessNotary;
        case 'investor':
          return file.accessInvestor;
        case 'candidate': {
          if (!file.accessCandidate) return false;
          const status = await bestCandidateStatus(db, actor, file.promotionId);
          return status !== null && status >= (file.candidateMinStatus ?? 0);
        }
        default:
          return false;
      }
    }
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
