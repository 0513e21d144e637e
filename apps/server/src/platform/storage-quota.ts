import { UPLOAD_MESSAGES } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { firstRowOf } from '../db/rows.js';
import { HttpError } from './errors.js';
import type { Storage } from './storage.js';

/**
 * The storage quota of a promotion (docs/decisions/023-uploads-limits-quota-and-metadata.md):
 * the files uploaded into a promotion (candidacy files, library, attachments, photos and
 * videos, marketing documents, logo, FAQ files) may take at most `storage.promotionQuotaBytes`.
 * The exports the product generates are not uploads and do not count.
 */

/** The bytes the promotion's uploaded files take: one sum over its stored-file rows (index files_promotion_owner_idx). */
export const storedBytesOf = async (db: Queryable, promotionId: number): Promise<number> => {
  const row = await firstRowOf<{ bytes: number | string }>(
    db,
    sql`select coalesce(sum(size), 0)::float8 as bytes from files where promotion_id = ${promotionId} and owner <> 'export'`,
  );
  return Number(row?.bytes ?? 0);
};

/**
 * Refuses (413, in French, stating the quota) files that would take the promotion past its
 * quota. Called in the transaction that inserts their rows, first: the promotion's row is
 * locked, so two uploads at once cannot both fit into the last free bytes.
 */
export const assertStorageQuota = async (
  tx: Queryable,
  storage: Pick<Storage, 'promotionQuotaBytes'>,
  promotionId: number,
  addedBytes: number,
) => {
  if (addedBytes <= 0) return;
  await tx.execute(sql`select id from promotions where id = ${promotionId} for no key update`);
  const used = await storedBytesOf(tx, promotionId);
  if (used + addedBytes > storage.promotionQuotaBytes) {
    throw new HttpError(413, UPLOAD_MESSAGES.quotaReached(storage.promotionQuotaBytes, used));
  }
};
