import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { applications, candidacies, lots, promotions, promotionUsers } from '../db/schema/index.js';
import { notFound } from './errors.js';

/** Ids a list call receives as filters (query), each to be checked against its promotion. */
export type FilterIds = {
  candidacyId?: number;
  /** A candidate known in the promotion: he has a candidacy there. */
  candidateId?: number;
  applicationId?: number;
  /** A user who is a member of the promotion (a broker filter, an assignee). */
  memberId?: number;
  lotPublicId?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id in a query is checked like a path id (design note 1): one of another promotion, or one
 * that does not exist, answers 404 'Page introuvable', the same for both, never an empty list
 * that would say the id exists elsewhere. One query whatever the filters (also without any, so
 * that a narrowed page costs what a full one does).
 */
export const assertFilterIdsOf = async (db: Queryable, promotionId: number, ids: FilterIds): Promise<void> => {
  const checks = [sql`true`];
  if (ids.candidacyId !== undefined) {
    checks.push(
      sql`exists (select 1 from ${candidacies} where ${candidacies.id} = ${ids.candidacyId} and ${candidacies.promotionId} = ${promotionId})`,
    );
  }
  if (ids.candidateId !== undefined) {
    checks.push(
      sql`exists (select 1 from ${candidacies} where ${candidacies.candidateId} = ${ids.candidateId} and ${candidacies.promotionId} = ${promotionId})`,
    );
  }
  if (ids.applicationId !== undefined) {
    checks.push(
      sql`exists (select 1 from ${applications} where ${applications.id} = ${ids.applicationId} and ${applications.promotionId} = ${promotionId})`,
    );
  }
  if (ids.memberId !== undefined) {
    checks.push(
      sql`exists (select 1 from ${promotionUsers} where ${promotionUsers.userId} = ${ids.memberId} and ${promotionUsers.promotionId} = ${promotionId})`,
    );
  }
  if (ids.lotPublicId !== undefined) {
    const publicId = ids.lotPublicId.toLowerCase();
    checks.push(
      UUID.test(publicId)
        ? sql`exists (select 1 from ${lots} where ${lots.publicId}::text = ${publicId} and ${lots.promotionId} = ${promotionId})`
        : sql`false`,
    );
  }
  const [row] = await db
    .select({ ok: sql<boolean>`${sql.join(checks, sql` and `)}` })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  if (!row?.ok) throw notFound();
};
