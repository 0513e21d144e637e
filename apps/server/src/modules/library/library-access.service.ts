import {
  type Actor,
  type LibraryAccess,
  type LibraryAccessKind,
  type LibraryReader,
  libraryReaderOf,
  readsLibraryByStatus,
} from '@promovente/shared';
import type { Queryable } from '../../db/client.js';
import type { files } from '../../db/schema/index.js';
import { bestCandidacyStatus, insertLibraryAccess } from './library.queries.js';

/**
 * The best status of a candidate's candidacies in the promotion, which the library reader rule
 * compares with a file's minimum status; null (no query) for the readers it does not concern.
 */
export const libraryCandidateStatus = async (db: Queryable, actor: Pick<Actor, 'id' | 'type'>, promotionId: number) =>
  readsLibraryByStatus(actor) ? bestCandidacyStatus(db, actor.id, promotionId) : null;

/** The library reader a user is in a promotion (the one rule of packages/shared/src/rules/library-reader.ts). */
export const libraryReaderFor = async (db: Queryable, actor: Pick<Actor, 'id' | 'type'>, promotionId: number): Promise<LibraryReader> =>
  libraryReaderOf(actor, await libraryCandidateStatus(db, actor, promotionId));

/** The access fields of a stored library file, as the rule reads them. */
export const libraryAccessOf = (file: typeof files.$inferSelect): LibraryAccess => ({
  access_candidate: file.accessCandidate,
  access_promoter: file.accessPromoter,
  access_notary: file.accessNotary,
  access_investor: file.accessInvestor,
  candidate_min_status: file.candidateMinStatus,
});

/**
 * The data-room log (docs/sales-process.md#documents-library-built): a library file's view or
 * download, written by the request that signs its URL (GET file-url/{uuid}), so a link is
 * never handed out without its row.
 */
export const recordLibraryAccess = async (
  db: Queryable,
  entry: { promotionId: number; fileId: number; fileName: string; userId: number; kind: LibraryAccessKind },
) => {
  await insertLibraryAccess(db, entry);
};
