import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { applications, candidacies, candidates, lots, tasks, users } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** SQL only: the open tasks of the tasks screen (docs/product/tasks.md#screens), with what their target cell shows. */

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const finisher = alias(users, 'finisher');
const targetCandidacy = alias(candidacies, 'target_candidacy');
const targetCandidate = alias(candidates, 'target_candidate');
const targetLot = alias(lots, 'target_lot');
const targetApplication = alias(applications, 'target_application');
const applicationLot = alias(lots, 'application_lot');
const applicationCandidacy = alias(candidacies, 'application_candidacy');
const applicationCandidate = alias(candidates, 'application_candidate');

const person = <T extends { id: unknown; firstName: unknown; lastName: unknown; profilePicture: unknown }>(table: T) => ({
  id: table.id as T['id'],
  firstName: table.firstName as T['firstName'],
  lastName: table.lastName as T['lastName'],
  picture: table.profilePicture as T['profilePicture'],
});

export type ScreenTaskFilter = {
  promotionId: number;
  /** The broker filter, or the notary himself. */
  assigneeId?: number;
  /** The candidat query: tasks whose target is this candidacy. */
  candidacyId?: number;
  search?: string;
};

/**
 * The WHERE of the screen: the promotion's open tasks (partial index actions_promotion_open_idx
 * on promotion_id, end_at where done_at is null), never those of a deleted application; the
 * search is a case-insensitive contains-match over the title, the detail, the candidate's full
 * name (candidacy target), the lot's reference (lot target), the application's lot reference
 * and its first candidate's full name (application target).
 */
const screenWhere = (filter: ScreenTaskFilter): SQL => {
  const conditions: (SQL | undefined)[] = [
    eq(tasks.promotionId, filter.promotionId),
    isNull(tasks.doneAt),
    or(isNull(tasks.applicationId), eq(targetApplication.hidden, false)),
  ];
  if (filter.assigneeId !== undefined) conditions.push(eq(tasks.assignedToId, filter.assigneeId));
  if (filter.candidacyId !== undefined) conditions.push(eq(tasks.candidacyId, filter.candidacyId));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`(${tasks.title} ilike ${pattern} or ${tasks.detail} ilike ${pattern}
        or (${targetCandidate.firstName} || ' ' || ${targetCandidate.lastName}) ilike ${pattern}
        or ${targetLot.reference} ilike ${pattern}
        or ${applicationLot.reference} ilike ${pattern}
        or (${applicationCandidate.firstName} || ' ' || ${applicationCandidate.lastName}) ilike ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
};

/** Every open task of the screen, soonest first, with its people and its target's names: one query. */
export const findScreenTasks = (db: Queryable, filter: ScreenTaskFilter) =>
  db
    .select({
      task: tasks,
      assignee: person(assignee),
      creator: person(creator),
      finisher: person(finisher),
      candidate: { firstName: targetCandidate.firstName, lastName: targetCandidate.lastName },
      lot: { id: targetLot.id, reference: targetLot.reference, publicId: targetLot.publicId },
      application: {
        candidacyId: targetApplication.candidacy1Id,
        lotId: applicationLot.id,
        lotReference: applicationLot.reference,
        lotPublicId: applicationLot.publicId,
        firstName: applicationCandidate.firstName,
        lastName: applicationCandidate.lastName,
      },
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedToId))
    .leftJoin(creator, eq(creator.id, tasks.createdById))
    .leftJoin(finisher, eq(finisher.id, tasks.doneById))
    .leftJoin(targetCandidacy, eq(targetCandidacy.id, tasks.candidacyId))
    .leftJoin(targetCandidate, eq(targetCandidate.id, targetCandidacy.candidateId))
    .leftJoin(targetLot, eq(targetLot.id, tasks.lotId))
    .leftJoin(targetApplication, eq(targetApplication.id, tasks.applicationId))
    .leftJoin(applicationLot, eq(applicationLot.id, targetApplication.lotId))
    .leftJoin(applicationCandidacy, eq(applicationCandidacy.id, targetApplication.candidacy1Id))
    .leftJoin(applicationCandidate, eq(applicationCandidate.id, applicationCandidacy.candidateId))
    .where(screenWhere(filter))
    .orderBy(asc(tasks.endAt), asc(tasks.id));

export type ScreenTaskRow = Awaited<ReturnType<typeof findScreenTasks>>[number];
