import type { LibraryAccess } from '../contracts/library.js';
import type { Actor, UserType } from '../roles.js';

/**
 * Who reads which file of the documents library (docs/product/documents.md#rules;
 * docs/sales-process.md#documents-library-built), written once. The people who manage the
 * library see every file; promoters, notaries and investors the files of their flag; a
 * candidate the files open to candidates whose minimum status (`candidate_min_status`, none:
 * 0) his best candidacy of the promotion has reached, none without a candidacy; everyone else
 * (bankers: the spec gives files no banker flag) none. The file link (`can(actor,
 * 'library.read', { file, candidate_status })`) asks `readerSeesLibraryFile`; the server's list
 * applies the same reader in SQL, and a test runs that SQL against this rule.
 */

/** The user types who add, edit and delete library files, and see them all (permission library.manage). */
export const LIBRARY_MANAGERS = ['architect', 'broker', 'pilot'] as const satisfies readonly UserType[];

/** The flag of a file that opens it to a user type. */
export type LibraryAccessFlag = 'promoter' | 'notary' | 'investor';

export type LibraryReader =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'flag'; flag: LibraryAccessFlag }
  | { kind: 'candidate'; status: number | null };

/** Whether the reader of that type depends on his candidacies' status (the server then reads it). */
export const readsLibraryByStatus = (actor: Pick<Actor, 'type'>): boolean => actor.type === 'candidate';

/**
 * The reader a user is. `candidateStatus` is the best status of a candidate's candidacies in
 * the promotion (null without one); other types ignore it.
 */
export const libraryReaderOf = (actor: Pick<Actor, 'type'>, candidateStatus: number | null = null): LibraryReader => {
  if ((LIBRARY_MANAGERS as readonly UserType[]).includes(actor.type)) return { kind: 'all' };
  switch (actor.type) {
    case 'promoter':
    case 'notary':
    case 'investor':
      return { kind: 'flag', flag: actor.type };
    case 'candidate':
      return { kind: 'candidate', status: candidateStatus };
    default:
      return { kind: 'none' };
  }
};

/** The access fields of a file the rule reads. */
export type LibraryFileAccess = LibraryAccess;

/** Whether the reader sees the file: the one rule of the library. */
export const readerSeesLibraryFile = (reader: LibraryReader, file: LibraryFileAccess): boolean => {
  switch (reader.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'flag':
      return { promoter: file.access_promoter, notary: file.access_notary, investor: file.access_investor }[reader.flag];
    case 'candidate':
      return reader.status !== null && file.access_candidate && reader.status >= (file.candidate_min_status ?? 0);
  }
};
