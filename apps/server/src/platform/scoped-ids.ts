import { isPublicId } from '@promovente/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import {
  applications,
  buildings,
  candidacies,
  candidates,
  lots,
  promotionAgencies,
  promotions,
  promotionUsers,
} from '../db/schema/index.js';
import { notFound } from './errors.js';

/**
 * Ids a call takes from its query or its body (list filters, a command's fields), each to be
 * checked against the promotion it works on.
 */
export type ScopedIds = {
  candidacyId?: number;
  /** A candidate record of the promotion (docs/decisions/008-candidates-per-promotion.md). */
  candidateId?: number;
  applicationId?: number;
  /** A user who is a member of the promotion (a broker filter, an assignee). */
  memberId?: number;
  /** An agency working on the promotion. */
  agencyId?: number;
  /** Every one a building of the promotion. */
  buildingIds?: readonly number[];
  lotPublicId?: string;
};

/** The ids of the filter bar's list query (candidacies, funnel): broker, candidate, candidacy, application, lot, buildings. */
export const listFilterIds = (query: {
  broker?: number;
  candidat?: number;
  candidacy?: number;
  application?: number;
  lot?: string;
  buildings?: number[];
}): ScopedIds => ({
  memberId: query.broker,
  candidateId: query.candidat,
  candidacyId: query.candidacy,
  applicationId: query.application,
  lotPublicId: query.lot,
  buildingIds: query.buildings,
});

const conditionsOf = (promotionId: number, ids: ScopedIds): SQL[] => {
  const checks: SQL[] = [];
  const has = (table: SQL) => checks.push(sql`exists ${table}`);
  if (ids.candidacyId !== undefined) {
    has(sql`(select 1 from ${candidacies} where ${and(eq(candidacies.id, ids.candidacyId), eq(candidacies.promotionId, promotionId))})`);
  }
  if (ids.candidateId !== undefined) {
    has(sql`(select 1 from ${candidates} where ${and(eq(candidates.id, ids.candidateId), eq(candidates.promotionId, promotionId))})`);
  }
  if (ids.applicationId !== undefined) {
    has(
      sql`(select 1 from ${applications} where ${and(eq(applications.id, ids.applicationId), eq(applications.promotionId, promotionId))})`,
    );
  }
  if (ids.memberId !== undefined) {
    has(
      sql`(select 1 from ${promotionUsers} where ${and(eq(promotionUsers.userId, ids.memberId), eq(promotionUsers.promotionId, promotionId))})`,
    );
  }
  if (ids.agencyId !== undefined) {
    has(
      sql`(select 1 from ${promotionAgencies} where ${and(eq(promotionAgencies.agencyId, ids.agencyId), eq(promotionAgencies.promotionId, promotionId))})`,
    );
  }
  const buildingIds = [...new Set(ids.buildingIds ?? [])];
  if (buildingIds.length > 0) {
    checks.push(
      sql`(select count(*) from ${buildings} where ${and(inArray(buildings.id, buildingIds), eq(buildings.promotionId, promotionId))}) = ${buildingIds.length}`,
    );
  }
  if (ids.lotPublicId !== undefined) {
    const publicId = ids.lotPublicId.toLowerCase();
    checks.push(
      isPublicId(publicId)
        ? sql`exists (select 1 from ${lots} where ${lots.publicId}::text = ${publicId} and ${lots.promotionId} = ${promotionId})`
        : sql`false`,
    );
  }
  return checks;
};

/**
 * The same check as a boolean SQL expression, for a list that folds the verdict into its own
 * statement (docs/performance.md#patterns-for-lists); the caller answers 404 when it is false.
 */
export const idsInPromotion = (promotionId: number, ids: ScopedIds): SQL<boolean> =>
  sql<boolean>`(${sql.join([sql`true`, ...conditionsOf(promotionId, ids)], sql` and `)})`;

/**
 * An id in a query or a body is checked like a path id (docs/security.md): one of another
 * promotion, or one that does not exist, answers 404 'Page introuvable', the same for both,
 * never an empty list or a rule's refusal that would say the id exists elsewhere. One query
 * for all the ids of a call, also when it names none, so that a narrowed list page costs the
 * queries of a full one (the bounded-query tests).
 */
export const assertIdsInPromotion = async (db: Queryable, promotionId: number, ids: ScopedIds): Promise<void> => {
  const [row] = await db
    .select({ ok: idsInPromotion(promotionId, ids) })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  if (!row?.ok) throw notFound();
};
