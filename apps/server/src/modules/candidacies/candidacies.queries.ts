import { type CandidacySort, DEFAULT_CANDIDACY_SORT } from '@promovente/shared';
import { and, asc, count, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { agencies, applications, candidacies, candidates, comments, files, lots, promotions, users } from '../../db/schema/index.js';
import { candidateMatches, containsPattern } from '../../db/search.js';

/** SQL only: the candidacies list, its relations and single rows. Rules live in the service. */

const brokers = alias(users, 'broker');
const creators = alias(users, 'creator');

export const liveApplication = and(eq(applications.hidden, false), isNull(applications.closedAt));

/** The filters of the candidates table, already resolved by the service. */
export type CandidacyFilter = {
  promotionId: number;
  statuses: number[] | null;
  search?: string;
  brokerId?: number;
  agencyId?: number | null;
  candidateId?: number;
  candidacyId?: number;
  lotPublicId?: string;
  applicationId?: number;
};

/**
 * The WHERE of the list. Every condition starts from the promotion (index
 * candidacies_promotion_status_idx); the search is a contains-match over the promotion's rows.
 */
export const candidacyWhere = (filter: CandidacyFilter): SQL => {
  const conditions: (SQL | undefined)[] = [eq(candidacies.promotionId, filter.promotionId)];
  if (filter.statuses) conditions.push(filter.statuses.length > 0 ? inArray(candidacies.status, filter.statuses) : sql`false`);
  if (filter.brokerId !== undefined) conditions.push(eq(candidacies.brokerId, filter.brokerId));
  if (filter.agencyId !== undefined) conditions.push(filter.agencyId === null ? sql`false` : eq(candidacies.agencyId, filter.agencyId));
  if (filter.candidateId !== undefined) conditions.push(eq(candidacies.candidateId, filter.candidateId));
  if (filter.candidacyId !== undefined) conditions.push(eq(candidacies.id, filter.candidacyId));
  const onThisCandidacy = or(eq(applications.candidacy1Id, candidacies.id), eq(applications.candidacy2Id, candidacies.id));
  if (filter.lotPublicId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${applications} inner join ${lots} on ${lots.id} = ${applications.lotId}
             where ${lots.publicId}::text = ${filter.lotPublicId.toLowerCase()} and ${onThisCandidacy} and ${liveApplication})`,
      ),
    );
  }
  if (filter.applicationId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${applications} where ${applications.id} = ${filter.applicationId} and ${onThisCandidacy} and ${liveApplication})`,
      ),
    );
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(candidateMatches(pattern));
  }
  return and(...conditions) as SQL;
};

const budget = sql<number | null>`coalesce(${candidacies.budget}, ${candidates.budget})`;

const sortColumns = (sort: CandidacySort): SQL[] => {
  switch (sort) {
    case 'status':
      return [sql`${candidacies.status}`];
    case 'priority':
      return [sql`${candidacies.priority}`];
    case 'candidate':
      return [sql`lower(${candidates.lastName})`, sql`lower(${candidates.firstName})`];
    case 'broker':
      return [sql`lower(${brokers.lastName})`, sql`lower(${brokers.firstName})`];
    case 'budget':
      return [budget];
    case 'vip':
      return [sql`${candidacies.vip}`];
    case 'agency':
      return [sql`${agencies.name}`];
    default:
      return [sql`${candidacies.createdAt}`];
  }
};

const rowSelection = {
  candidacy: candidacies,
  candidate: candidates,
  broker: { id: brokers.id, firstName: brokers.firstName, lastName: brokers.lastName, picture: brokers.profilePicture },
  agencyName: agencies.name,
  candidateUserId: candidates.userId,
};

const baseRows = (db: Queryable) =>
  db
    .select(rowSelection)
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .leftJoin(brokers, eq(brokers.id, candidacies.brokerId))
    .leftJoin(agencies, eq(agencies.id, candidacies.agencyId));

export type CandidacyBaseRow = Awaited<ReturnType<typeof findCandidacyRows>>[number];

/** One page (or every row when limit is null), sorted in SQL; nulls always last; id breaks ties. */
export const findCandidacyPage = (
  db: Queryable,
  where: SQL,
  sort: CandidacySort = DEFAULT_CANDIDACY_SORT,
  order: 'asc' | 'desc' = 'desc',
  limit: number | null = null,
  offset = 0,
) => {
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const orderBy = [
    ...sortColumns(sort).map((column) => sql`${column} ${direction}`),
    order === 'asc' ? asc(candidacies.id) : desc(candidacies.id),
  ];
  const query = baseRows(db)
    .where(where)
    .orderBy(...orderBy);
  return limit === null ? query : query.limit(limit).offset(offset);
};

export const countCandidacies = async (db: Queryable, where: SQL) => {
  const [row] = await db
    .select({ total: count() })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(where);
  return Number(row?.total ?? 0);
};

/** Candidacies per status under a WHERE that ignores the status arrows. */
export const countByStatus = (db: Queryable, where: SQL) =>
  db
    .select({ status: candidacies.status, total: count() })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(where)
    .groupBy(candidacies.status);

export const findCandidacyRows = (db: Queryable, ids: number[]) => baseRows(db).where(inArray(candidacies.id, ids));

/** Live applications of these candidacies, main or partner, with their lot. */
export const findLiveApplications = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({
      id: applications.id,
      publicId: applications.publicId,
      priority: applications.priority,
      status: applications.status,
      candidacy1Id: applications.candidacy1Id,
      candidacy2Id: applications.candidacy2Id,
      lastPriorityChange: applications.lastPriorityChange,
      reservationSentAt: applications.reservationSentAt,
      createdAt: applications.createdAt,
      lot: { id: lots.id, reference: lots.reference, publicId: lots.publicId, title: lots.title },
    })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .where(and(or(inArray(applications.candidacy1Id, candidacyIds), inArray(applications.candidacy2Id, candidacyIds)), liveApplication))
    .orderBy(asc(applications.priority), asc(applications.id));

export const countCommentsOf = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({ candidacyId: comments.candidacyId, total: count() })
    .from(comments)
    .where(inArray(comments.candidacyId, candidacyIds))
    .groupBy(comments.candidacyId);

export const countFilesOf = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({ candidacyId: files.candidacyId, total: count() })
    .from(files)
    .where(and(inArray(files.candidacyId, candidacyIds), eq(files.owner, 'candidacy')))
    .groupBy(files.candidacyId);

export const findCandidacyFiles = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({
      file: files,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
    })
    .from(files)
    .leftJoin(creators, eq(creators.id, files.createdById))
    .where(and(inArray(files.candidacyId, candidacyIds), eq(files.owner, 'candidacy')))
    .orderBy(desc(files.createdAt), desc(files.id));

export const findComments = (db: Queryable, where: SQL) =>
  db
    .select({
      comment: comments,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
    })
    .from(comments)
    .leftJoin(creators, eq(creators.id, comments.createdById))
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id));

export const findPromotions = (db: Queryable, ids: number[]) =>
  db
    .select({
      id: promotions.id,
      title: promotions.title,
      multiAgency: promotions.multiAgency,
      crmUpdatedAt: promotions.crmUpdatedAt,
      reservationTimeout: promotions.reservationTimeout,
    })
    .from(promotions)
    .where(inArray(promotions.id, ids));

/** The lightweight list of a promotion's candidacies, for pickers. */
export const findCandidacyOptions = (db: Queryable, promotionId: number) =>
  db
    .select({
      id: candidacies.id,
      candidateId: candidacies.candidateId,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      crmValidated: candidacies.crmValidated,
      agencyId: candidacies.agencyId,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.promotionId, promotionId))
    .orderBy(asc(sql`lower(${candidates.lastName})`), asc(sql`lower(${candidates.firstName})`), asc(candidacies.id));

/** A candidacy with its candidate, locked for the rest of the transaction (commands). */
export const lockCandidacy = async (db: Queryable, id: number) => {
  const [row] = await db
    .select({ candidacy: candidacies, candidate: candidates })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.id, id))
    .for('update', { of: candidacies })
    .limit(1);
  return row ?? null;
};

export const findCandidacyRowsOfCandidate = (db: Queryable, candidateId: number) =>
  baseRows(db).where(eq(candidacies.candidateId, candidateId)).orderBy(desc(candidacies.createdAt), desc(candidacies.id));

export const findCandidate = async (db: Queryable, id: number) => {
  const [row] = await db.select().from(candidates).where(eq(candidates.id, id)).limit(1);
  return row ?? null;
};
