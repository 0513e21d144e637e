import type { LibraryAccessKind } from '@promovente/shared';
import type { Queryable } from '../../db/client.js';
import { insertLibraryAccess } from './library.queries.js';

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
