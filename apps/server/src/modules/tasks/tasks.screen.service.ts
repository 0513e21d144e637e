import {
  can,
  MESSAGES,
  type NotaryTasksQuery,
  type ScreenTask,
  TASK_TARGET_CLASSES,
  type TasksScreenGroups,
  type TasksScreenQuery,
  type TaskTimeStatus,
} from '@promovente/shared';
import type { Db } from '../../db/client.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { assertIdsInPromotion } from '../../platform/scoped-ids.js';
import { fullName } from '../users/index.js';
import { findTarget } from './tasks.queries.js';
import { findScreenTasks, type ScreenTaskFilter, type ScreenTaskRow } from './tasks.screen.queries.js';
import { serializeTask } from './tasks.service.js';

/** Which group of the answer each time status goes to (docs/product/tasks.md#screens: next, today and past). */
const GROUP_OF: Record<TaskTimeStatus, keyof TasksScreenGroups> = { next: 'next', today: 'today', late: 'past' };

const nameOf = (person: { firstName: string; lastName: string } | null) => (person ? fullName(person) : null);

/** A row of the screen: the task as everywhere, plus its target's label and the ids its links need. */
export const serializeScreenTask = (row: ScreenTaskRow, now: Date): ScreenTask => {
  const task = serializeTask(row, now);
  const base = { ...task, target_class: TASK_TARGET_CLASSES[task.target] };
  if (task.target === 'candidacy') {
    const name = nameOf(row.candidate) ?? '';
    return {
      ...base,
      target_label: name,
      candidacy_id: task.target_id,
      lot_id: null,
      lot_public_id: null,
      lot_reference: null,
      application_id: null,
      candidate_name: name,
    };
  }
  if (task.target === 'lot') {
    return {
      ...base,
      target_label: row.lot?.reference ?? '',
      candidacy_id: null,
      lot_id: task.target_id,
      lot_public_id: row.lot?.publicId ?? null,
      lot_reference: row.lot?.reference ?? null,
      application_id: null,
      candidate_name: null,
    };
  }
  const application = row.application;
  const name = application?.firstName != null ? `${application.firstName} ${application.lastName ?? ''}`.trim() : null;
  const reference = application?.lotReference ?? null;
  return {
    ...base,
    target_label: [reference, name].filter(Boolean).join(' – '),
    candidacy_id: application?.candidacyId ?? null,
    lot_id: application?.lotId ?? null,
    lot_public_id: application?.lotPublicId ?? null,
    lot_reference: reference,
    application_id: task.target_id,
    candidate_name: name,
  };
};

const groupsOf = async (db: Db, filter: ScreenTaskFilter): Promise<TasksScreenGroups> => {
  if (filter.candidacyId !== undefined && !(await findTarget(db, filter.promotionId, 'candidacy', filter.candidacyId))) {
    throw notFound();
  }
  const now = new Date();
  const groups: TasksScreenGroups = { next: [], today: [], past: [] };
  // Rows come soonest first, so each group stays sorted by due date.
  for (const row of await findScreenTasks(db, filter)) {
    const task = serializeScreenTask(row, now);
    groups[GROUP_OF[task.time_status]].push(task);
  }
  return groups;
};

/**
 * GET /actions without a target (docs/product/calls.md#direct-application-calls 'GET actions query promotion'): a broker's
 * tasks screen, the promotion's open tasks; `broker` narrows to one assignee, `candidat` to one
 * candidacy's tasks.
 */
export const listScreenTasks = async (db: Db, actor: RequestActor, query: TasksScreenQuery): Promise<TasksScreenGroups> => {
  if (!can(actor, 'task.listPromotion')) throw forbidden();
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  await assertIdsInPromotion(db, promotionId, { memberId: query.broker, candidacyId: query.candidat });
  return groupsOf(db, { promotionId, assigneeId: query.broker, candidacyId: query.candidat, search: query.search });
};

/** GET /promotions/{id}/notary/actions (docs/product/calls.md#direct-application-calls): the open tasks of the promotion assigned to the notary. */
export const listNotaryTasks = async (db: Db, actor: RequestActor, promotionId: number, query: NotaryTasksQuery) => {
  await assertMemberOf(db, actor, promotionId);
  await assertIdsInPromotion(db, promotionId, { candidacyId: query.candidat });
  return groupsOf(db, { promotionId, assigneeId: actor.id, candidacyId: query.candidat, search: query.search });
};
