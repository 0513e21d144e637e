import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { applications, candidacies, candidates, logs, lots, users } from '../../db/schema/index.js';

/** SQL only: the history screen's rows (docs/product/history.md#screens) and the rows its filters name. */

export type LogFilter = { promotionId: number; applicationId?: number; lotId?: number; candidacyId?: number };

/**
 * The promotion's rows, narrowed by each filter given. Every combination has its index:
 * logs_promotion_created_idx, or logs_application_idx, logs_lot_idx, logs_candidacy_idx
 * (each on the filter column and created_at).
 */
export const logWhere = (filter: LogFilter): SQL => {
  const conditions: SQL[] = [eq(logs.promotionId, filter.promotionId)];
  if (filter.applicationId !== undefined) conditions.push(eq(logs.applicationId, filter.applicationId));
  if (filter.lotId !== undefined) conditions.push(eq(logs.lotId, filter.lotId));
  if (filter.candidacyId !== undefined) conditions.push(eq(logs.candidacyId, filter.candidacyId));
  return and(...conditions) as SQL;
};

export const countLogs = async (db: Queryable, where: SQL) => {
  const [row] = await db.select({ total: count() }).from(logs).where(where);
  return Number(row?.total ?? 0);
};

/** One page, newest first (id breaks ties), with the executor's name. */
export const findLogPage = (db: Queryable, where: SQL, limit: number, offset: number) =>
  db
    .select({
      id: logs.id,
      createdAt: logs.createdAt,
      executedOnTitle: logs.executedOnTitle,
      title: logs.title,
      executor: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.executedById))
    .where(where)
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(limit)
    .offset(offset);

/** An application of the promotion (deleted ones too: their history stays readable), with its lot and first candidate. */
export const findLogApplication = async (db: Queryable, promotionId: number, id: number) => {
  const [row] = await db
    .select({ id: applications.id, reference: lots.reference, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(and(eq(applications.id, id), eq(applications.promotionId, promotionId)));
  return row ?? null;
};

export const findLogCandidacy = async (db: Queryable, promotionId: number, id: number) => {
  const [row] = await db
    .select({ id: candidacies.id, firstName: candidates.firstName, lastName: candidates.lastName })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(and(eq(candidacies.id, id), eq(candidacies.promotionId, promotionId)));
  return row ?? null;
};

export const findLogLot = async (db: Queryable, promotionId: number, id: number) => {
  const [row] = await db
    .select({ id: lots.id, reference: lots.reference, publicId: lots.publicId })
    .from(lots)
    .where(and(eq(lots.id, id), eq(lots.promotionId, promotionId)));
  return row ?? null;
};
