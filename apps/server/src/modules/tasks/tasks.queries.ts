import type { TaskTarget } from '@promovente/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { applications, candidacies, candidates, lots, promotionUsers, tasks, users } from '../../db/schema/index.js';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const finisher = alias(users, 'finisher');

const person = <T extends { id: unknown; firstName: unknown; lastName: unknown; profilePicture: unknown }>(table: T) => ({
  id: table.id as T['id'],
  firstName: table.firstName as T['firstName'],
  lastName: table.lastName as T['lastName'],
  picture: table.profilePicture as T['profilePicture'],
});

/** The column holding a target's id. */
export const targetColumn = (target: TaskTarget) =>
  target === 'candidacy' ? tasks.candidacyId : target === 'lot' ? tasks.lotId : tasks.applicationId;

/** Tasks with their three people, in one query. */
export const selectTasks = (db: Queryable, where: SQL | undefined, order: 'newest' | 'due') =>
  db
    .select({
      task: tasks,
      assignee: person(assignee),
      creator: person(creator),
      finisher: person(finisher),
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedToId))
    .leftJoin(creator, eq(creator.id, tasks.createdById))
    .leftJoin(finisher, eq(finisher.id, tasks.doneById))
    .where(where)
    .orderBy(...(order === 'newest' ? [desc(tasks.createdAt), desc(tasks.id)] : [asc(tasks.endAt), asc(tasks.id)]));

export type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

export const findTask = async (db: Queryable, id: number) => (await selectTasks(db, eq(tasks.id, id), 'due'))[0] ?? null;

/** The task row alone, locked for the change that follows. */
export const lockTask = async (db: Queryable, id: number) =>
  (await db.select().from(tasks).where(eq(tasks.id, id)).for('update'))[0] ?? null;

/** Tasks of many targets of one kind (a page of rows): one query. */
export const tasksOfTargets = (db: Queryable, promotionId: number, target: TaskTarget, ids: number[], openOnly: boolean) =>
  selectTasks(
    db,
    and(eq(tasks.promotionId, promotionId), inArray(targetColumn(target), ids), openOnly ? isNull(tasks.doneAt) : undefined),
    openOnly ? 'due' : 'newest',
  );

export const isPromotionMember = async (db: Queryable, promotionId: number, userId: number) => {
  const [row] = await db
    .select({ type: users.type })
    .from(promotionUsers)
    .innerJoin(users, eq(users.id, promotionUsers.userId))
    .where(and(eq(promotionUsers.promotionId, promotionId), eq(promotionUsers.userId, userId)))
    .limit(1);
  return row ?? null;
};

/**
 * The target row in its promotion, the title the history shows for it and the rows its history
 * line links to (an application's line also shows on its lot and candidacy); null when absent.
 */
export const findTarget = async (db: Queryable, promotionId: number, target: TaskTarget, id: number) => {
  if (target === 'lot') {
    const [row] = await db
      .select({ id: lots.id, title: lots.reference })
      .from(lots)
      .where(and(eq(lots.id, id), eq(lots.promotionId, promotionId)));
    return row ? { ...row, refs: { lotId: row.id } } : null;
  }
  if (target === 'candidacy') {
    const [row] = await db
      .select({ id: candidacies.id, firstName: candidates.firstName, lastName: candidates.lastName })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(and(eq(candidacies.id, id), eq(candidacies.promotionId, promotionId)));
    return row ? { id: row.id, title: `${row.firstName} ${row.lastName}`.trim(), refs: { candidacyId: row.id } } : null;
  }
  const partner = alias(candidacies, 'partner');
  const partnerCandidate = alias(candidates, 'partner_candidate');
  const [row] = await db
    .select({
      id: applications.id,
      lotId: applications.lotId,
      candidacyId: applications.candidacy1Id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      partnerFirstName: partnerCandidate.firstName,
      partnerLastName: partnerCandidate.lastName,
    })
    .from(applications)
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .leftJoin(partner, eq(partner.id, applications.candidacy2Id))
    .leftJoin(partnerCandidate, eq(partnerCandidate.id, partner.candidateId))
    .where(and(eq(applications.id, id), eq(applications.promotionId, promotionId), eq(applications.hidden, false)));
  if (!row) return null;
  const main = `${row.firstName} ${row.lastName}`.trim();
  const title = row.partnerFirstName !== null ? `${main} et ${`${row.partnerFirstName} ${row.partnerLastName ?? ''}`.trim()}` : main;
  return { id: row.id, title, refs: { applicationId: row.id, lotId: row.lotId, candidacyId: row.candidacyId } };
};
