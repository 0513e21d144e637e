import {
  can,
  MESSAGES,
  type NotaryTasksQuery,
  type ScreenTask,
  shiftSwissCalendarDays,
  swissMidnight,
  TASK_TARGET_CLASSES,
  TASKS_PAGE_SIZE,
  type TaskGroupKey,
  type TasksScreenGroups,
  type TasksScreenQuery,
} from '@promovente/shared';
import type { Db } from '../../db/client.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerNow } from '../../platform/clock.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { fullName } from '../users/index.js';
import type { TaskRow } from './tasks.queries.js';
import { findScreenTasks, type GroupPages, type ScreenTaskFilter, type ScreenTaskRow } from './tasks.screen.queries.js';
import { serializeTask } from './tasks.service.js';

const nameOf = (person: { firstName: string; lastName: string } | null) => (person ? fullName(person) : null);

/** A row of the screen: the task as everywhere, plus its target's label and the ids its links need. */
export const serializeScreenTask = (row: ScreenTaskRow, now: Date): ScreenTask => {
  const task = serializeTask(row as TaskRow, now);
  // Object.assign onto the fresh task: a spread followed by new keys makes V8 build each row in its
  // slow dictionary form (docs/performance.md, 'Rows built in one shape').
  const base = Object.assign(task, { target_class: TASK_TARGET_CLASSES[task.target] });
  if (task.target === 'candidacy') {
    const name = nameOf(row.candidate) ?? '';
    return Object.assign(base, {
      target_label: name,
      candidacy_id: task.target_id,
      lot_id: null,
      lot_public_id: null,
      lot_reference: null,
      application_id: null,
      candidate_name: name,
    });
  }
  if (task.target === 'lot') {
    return Object.assign(base, {
      target_label: row.lot?.reference ?? '',
      candidacy_id: null,
      lot_id: task.target_id,
      lot_public_id: row.lot?.publicId ?? null,
      lot_reference: row.lot?.reference ?? null,
      application_id: null,
      candidate_name: null,
    });
  }
  const application = row.application;
  const name = application?.firstName != null ? `${application.firstName} ${application.lastName ?? ''}`.trim() : null;
  const reference = application?.lotReference ?? null;
  return Object.assign(base, {
    target_label: [reference, name].filter(Boolean).join(' – '),
    candidacy_id: application?.candidacyId ?? null,
    lot_id: application?.lotId ?? null,
    lot_public_id: application?.lotPublicId ?? null,
    lot_reference: reference,
    application_id: task.target_id,
    candidate_name: name,
  });
};

/** The page of each group a query asks: the first TASKS_PAGE_SIZE of each, or one group from its offset. */
const pagesOf = (query: NotaryTasksQuery): GroupPages => {
  const limit = query.limit ?? TASKS_PAGE_SIZE;
  const page = (group: TaskGroupKey) =>
    query.group === undefined
      ? { offset: 0, limit }
      : query.group === group
        ? { offset: query.offset ?? 0, limit }
        : { offset: 0, limit: 0 };
  return { next: page('next'), today: page('today'), past: page('past') };
};

/** One statement: the verdict on the filter ids, the groups' totals and their pages. */
const groupsOf = async (db: Db, filter: ScreenTaskFilter, query: NotaryTasksQuery): Promise<TasksScreenGroups> => {
  const now = answerNow();
  const tomorrow = swissMidnight(shiftSwissCalendarDays(now, 1));
  const { scoped, totals, rows } = await findScreenTasks(db, filter, { now, tomorrow }, pagesOf(query));
  if (!scoped) throw notFound();
  const groups: TasksScreenGroups = { next: [], today: [], past: [], totals };
  // Rows come soonest first, so each group stays sorted by due date.
  for (const row of rows) groups[row.group].push(serializeScreenTask(row, now));
  return groups;
};

/**
 * GET /actions without a target (docs/product/calls.md#direct-application-calls 'GET actions query promotion'): a broker's
 * tasks screen, the promotion's open tasks; `broker` narrows to one assignee, `candidat` to one
 * candidacy's tasks. A broker or candidacy of another promotion answers 404 like an unknown id.
 */
export const listScreenTasks = async (db: Db, actor: RequestActor, query: TasksScreenQuery): Promise<TasksScreenGroups> => {
  if (!can(actor, 'task.listPromotion')) throw forbidden();
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  const filter = { promotionId, assigneeId: query.broker, memberId: query.broker, candidacyId: query.candidat, search: query.search };
  return groupsOf(db, filter, query);
};

/** GET /promotions/{id}/notary/actions (docs/product/calls.md#direct-application-calls): the open tasks of the promotion assigned to the notary. */
export const listNotaryTasks = async (db: Db, actor: RequestActor, promotionId: number, query: NotaryTasksQuery) => {
  await assertMemberOf(db, actor, promotionId);
  return groupsOf(db, { promotionId, assigneeId: actor.id, candidacyId: query.candidat, search: query.search }, query);
};
