import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { candidacies, candidates, threadMessages, threadReads, threads, users } from '../../db/schema/index.js';
import { candidateMatches, containsPattern } from '../../db/search.js';

/** SQL only: the candidates list and the threads of a candidate record. Rules live in the service. */

/** The promotions' people with a candidacy there, hidden ones aside, matching the search. */
export const candidatesWhere = (filter: { promotionIds: number[]; search?: string }): SQL => {
  const conditions: (SQL | undefined)[] = [
    inArray(candidates.promotionId, filter.promotionIds),
    eq(candidates.hidden, false),
    exists(sql`(select 1 from ${candidacies} where ${candidacies.candidateId} = ${candidates.id})`),
  ];
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(candidateMatches(pattern));
  }
  return and(...conditions) as SQL;
};

export const countCandidates = async (db: Queryable, where: SQL) => {
  const [row] = await db.select({ total: count() }).from(candidates).where(where);
  return Number(row?.total ?? 0);
};

/** One page, by last then first name (case-insensitive), id breaking ties; with the candidate's account id. */
export const findCandidatePage = (db: Queryable, where: SQL, limit: number, offset: number) =>
  db
    .select({ candidate: candidates, userId: candidates.userId })
    .from(candidates)
    .where(where)
    .orderBy(sql`lower(${candidates.lastName})`, sql`lower(${candidates.firstName})`, asc(candidates.id))
    .limit(limit)
    .offset(offset);

const brokers = alias(users, 'broker');

/** The candidacies of these people in these promotions, with their broker (one query). */
export const findCandidaciesOfCandidates = (db: Queryable, candidateIds: number[], promotionIds: number[]) =>
  db
    .select({
      id: candidacies.id,
      candidateId: candidacies.candidateId,
      promotionId: candidacies.promotionId,
      status: candidacies.status,
      agencyId: candidacies.agencyId,
      broker: { id: brokers.id, firstName: brokers.firstName, lastName: brokers.lastName, picture: brokers.profilePicture },
    })
    .from(candidacies)
    .leftJoin(brokers, eq(brokers.id, candidacies.brokerId))
    .where(and(inArray(candidacies.candidateId, candidateIds), inArray(candidacies.promotionId, promotionIds)))
    .orderBy(asc(candidacies.promotionId), asc(candidacies.id));

const creators = alias(users, 'creator');
const recipients = alias(users, 'recipient');

/**
 * The threads about a candidate that a user takes part in (created by him or sent to him), in
 * the given promotions: on one of the candidate's candidacies, or with the candidate's account
 * as the other participant. Message and unread counts come in the same query.
 */
export const findThreadsAboutCandidate = (
  db: Queryable,
  options: { userId: number; candidateUserId: number | null; promotionIds: number[]; candidacyIds: number[]; limit: number },
) => {
  const lastRead = sql`(select ${threadReads.lastReadAt} from ${threadReads}
    where ${threadReads.threadId} = ${threads.id} and ${threadReads.userId} = ${options.userId})`;
  return db
    .select({
      id: threads.id,
      title: threads.title,
      promotionId: threads.promotionId,
      candidacyId: threads.candidacyId,
      createdAt: threads.createdAt,
      lastMessageAt: threads.lastMessageAt,
      createdById: threads.createdById,
      toId: threads.toId,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
      recipient: { id: recipients.id, firstName: recipients.firstName, lastName: recipients.lastName, picture: recipients.profilePicture },
      messagesCount: sql<number>`(select count(*)::int from ${threadMessages} where ${threadMessages.threadId} = ${threads.id})`,
      unreadCount: sql<number>`(select count(*)::int from ${threadMessages} where ${threadMessages.threadId} = ${threads.id}
        and ${threadMessages.senderId} <> ${options.userId}
        and ${threadMessages.createdAt} > coalesce(${lastRead}, 'epoch'::timestamptz))`,
    })
    .from(threads)
    .innerJoin(creators, eq(creators.id, threads.createdById))
    .innerJoin(recipients, eq(recipients.id, threads.toId))
    .where(
      and(
        inArray(threads.promotionId, options.promotionIds),
        or(eq(threads.createdById, options.userId), eq(threads.toId, options.userId)),
        or(
          options.candidacyIds.length > 0 ? inArray(threads.candidacyId, options.candidacyIds) : undefined,
          options.candidateUserId === null ? undefined : eq(threads.createdById, options.candidateUserId),
          options.candidateUserId === null ? undefined : eq(threads.toId, options.candidateUserId),
          sql`false`,
        ),
      ),
    )
    .orderBy(desc(threads.lastMessageAt), desc(threads.id))
    .limit(options.limit);
};
