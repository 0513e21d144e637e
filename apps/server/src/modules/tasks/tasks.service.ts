import {
  MESSAGES,
  type RowTask,
  TASK_MESSAGES,
  TASK_TIME_STATUS,
  TASK_TYPE_LABELS,
  type TargetTasksQuery,
  type Task,
  type TaskFields,
  type TaskTarget,
  taskEditRefusal,
  taskFinishRefusal,
  taskTimeStatus,
  taskTimeStatusChanges,
  type UpdateTaskInput,
} from '@promovente/shared';
import { eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerChangesAt, answerInstant, answerNow } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import type { LogEntry } from '../logs/logs.service.js';
import { avatarUrl, fullName } from '../users/index.js';
import {
  findTarget,
  findTask,
  isPromotionMember,
  lockTask,
  openTasksOfColumn,
  ROW_TASKS,
  rankedOpenTasksOfTargets,
  type TaskRow,
  tasksOfTargets,
} from './tasks.queries.js';

/** The history lines of hand-made task changes. */
const LOG_TITLES = {
  created: (title: string) => `Tâche ajoutée : ${title}`,
  updated: (title: string) => `Tâche modifiée : ${title}`,
  finished: (title: string) => `Tâche terminée : ${title}`,
};

type TaskLog = Omit<LogEntry, 'promotionId' | 'executedById'>;
export type TaskChange = { task: Task; log: TaskLog };

const personOf = (p: TaskRow['assignee']) =>
  p && p.id !== null ? { id: p.id, full_name: fullName(p), profile_picture: avatarUrl(p.picture) } : null;

const targetOf = (task: TaskRow['task']): { target: TaskTarget; target_id: number } => {
  if (task.candidacyId !== null) return { target: 'candidacy', target_id: task.candidacyId };
  if (task.lotId !== null) return { target: 'lot', target_id: task.lotId };
  return { target: 'application', target_id: task.applicationId as number };
};

/** A task as the API answers it, with its time status computed on the server (Swiss calendar days). */
export const serializeTask = (row: TaskRow, now: Date = answerNow()): Task => {
  const { task } = row;
  const timeStatus = taskTimeStatus(task.endAt, now);
  // An answer kept by version is made again when a time status it shows changes (platform/clock.ts).
  for (const at of taskTimeStatusChanges(task.endAt, now)) answerChangesAt(at);
  return {
    id: task.id,
    promotion_id: task.promotionId,
    title: task.title,
    detail: task.detail,
    type: task.type,
    type_text: TASK_TYPE_LABELS[task.type] ?? '',
    end_at: task.endAt.toISOString(),
    deadline_at: task.deadlineAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
    done_at: task.doneAt?.toISOString() ?? null,
    created_by: personOf(row.creator),
    done_by: personOf(row.finisher),
    assigned_to: personOf(row.assignee),
    assigned_to_id: task.assignedToId,
    ...targetOf(task),
    automatic_end: task.automaticEnd,
    is_editable: taskEditRefusal({ automatic_end: task.automaticEnd, done_at: task.doneAt }) === null,
    time_status: timeStatus,
    time_status_text: TASK_TIME_STATUS[timeStatus],
    hours: task.hours,
    minutes: task.minutes,
  };
};

const reload = async (tx: Queryable, id: number) => {
  const row = await findTask(tx, id);
  if (!row) throw notFound();
  return serializeTask(row);
};

/** The assignee: a member of the promotion (another promotion's user answers 404 like an unknown id), never a candidate. */
const assertAssignable = async (tx: Queryable, promotionId: number, userId: number) => {
  const member = await isPromotionMember(tx, promotionId, userId);
  if (!member) throw notFound();
  if (member.type === 'candidate') throw unprocessable(TASK_MESSAGES.assigneeNotMember);
};

/** Adds a hand-made task on a candidacy, a lot or an application of the promotion (docs/product/validation.md#task-forms). */
export const createTask = async (
  tx: Tx,
  actor: RequestActor,
  promotionId: number,
  fields: TaskFields,
  target: TaskTarget,
  targetId: number,
): Promise<TaskChange> => {
  const row = await findTarget(tx, promotionId, target, targetId);
  if (!row) throw notFound();
  await assertAssignable(tx, promotionId, fields.broker_id);
  const [created] = await tx
    .insert(tasks)
    .values({
      promotionId,
      title: fields.title,
      detail: fields.detail ?? null,
      type: fields.type,
      endAt: new Date(fields.end_at),
      assignedToId: fields.broker_id,
      createdById: actor.id,
      automaticEnd: false,
      candidacyId: target === 'candidacy' ? targetId : null,
      lotId: target === 'lot' ? targetId : null,
      applicationId: target === 'application' ? targetId : null,
    })
    .returning({ id: tasks.id });
  return { task: await reload(tx, created.id), log: { onTitle: row.title, title: LOG_TITLES.created(fields.title), ...row.refs } };
};

const lockInPromotion = async (tx: Tx, promotionId: number, taskId: number, target?: TaskTarget) => {
  const task = await lockTask(tx, taskId);
  if (!task || task.promotionId !== promotionId) throw notFound();
  if (target && targetOf(task).target !== target) throw notFound();
  return task;
};

const historyOf = async (tx: Tx, task: TaskRow['task']) => {
  const { target, target_id } = targetOf(task);
  const row = await findTarget(tx, task.promotionId, target, target_id);
  return row ? { onTitle: row.title, refs: row.refs } : { onTitle: task.title, refs: {} };
};

/**
 * Edits a task (docs/product/validation.md#task-forms): date, type, detail and assignee; the title only
 * when automatic_end is off, and never blank.
 */
export const updateTask = async (
  tx: Tx,
  promotionId: number,
  taskId: number,
  input: UpdateTaskInput,
  target?: TaskTarget,
): Promise<TaskChange> => {
  const task = await lockInPromotion(tx, promotionId, taskId, target);
  // The role is the route's and the command's (rolesWith('task.edit')); the task must be editable.
  const refusal = taskEditRefusal({ automatic_end: task.automaticEnd, done_at: task.doneAt });
  if (refusal === 'automaticTask') throw unprocessable(TASK_MESSAGES.automaticTaskEdit);
  if (refusal === 'alreadyDone') throw conflict(TASK_MESSAGES.alreadyDone);
  if (input.broker_id !== undefined && input.broker_id !== task.assignedToId) await assertAssignable(tx, promotionId, input.broker_id);
  const changes: Partial<typeof tasks.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.end_at !== undefined) changes.endAt = new Date(input.end_at);
  if (input.type !== undefined) changes.type = input.type;
  if (input.detail !== undefined) changes.detail = input.detail;
  if (input.broker_id !== undefined) changes.assignedToId = input.broker_id;
  if (Object.keys(changes).length === 0) throw badRequest(MESSAGES.invalidInput);
  await tx.update(tasks).set(changes).where(eq(tasks.id, task.id));
  const history = await historyOf(tx, task);
  return {
    task: await reload(tx, task.id),
    log: { onTitle: history.onTitle, title: LOG_TITLES.updated(changes.title ?? task.title), ...history.refs },
  };
};

/**
 * Marks a task finished (docs/product/tasks.md#states): brokers, and notaries for the tasks assigned to them;
 * a process task (automatic_end) is closed by the process only.
 */
export const finishTask = async (tx: Tx, actor: RequestActor, promotionId: number, taskId: number): Promise<TaskChange> => {
  const task = await lockInPromotion(tx, promotionId, taskId);
  const refusal = taskFinishRefusal(actor, { automatic_end: task.automaticEnd, done_at: task.doneAt, assigned_to_id: task.assignedToId });
  if (refusal === 'role') throw forbidden();
  if (refusal === 'notYours') throw forbidden(TASK_MESSAGES.notYours);
  if (refusal === 'automaticTask') throw unprocessable(TASK_MESSAGES.automaticTask);
  if (refusal === 'alreadyDone') throw conflict(TASK_MESSAGES.alreadyDone);
  await tx.update(tasks).set({ doneAt: new Date(), doneById: actor.id }).where(eq(tasks.id, task.id));
  const history = await historyOf(tx, task);
  return { task: await reload(tx, task.id), log: { onTitle: history.onTitle, title: LOG_TITLES.finished(task.title), ...history.refs } };
};

/** Runs a task change from a direct route through the write pipeline: membership, one transaction, the history row. */
export const runTaskChange = (
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  change: (tx: Tx) => Promise<TaskChange>,
): Promise<Task> =>
  runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx }) => {
      const { task, log } = await change(tx);
      return { data: task, log };
    },
    () => notFound(),
  );

/**
 * GET actions for one target: its open tasks by due date, or with history every task of it,
 * done ones included, newest first.
 */
export const listTargetTasks = async (db: Db, actor: RequestActor, query: TargetTasksQuery): Promise<Task[]> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  if (!(await findTarget(db, promotionId, query.target, query.target_id))) throw notFound();
  const rows = await tasksOfTargets(db, promotionId, query.target, [query.target_id], !query.history);
  const now = answerNow();
  return rows.map((row) => serializeTask(row, now));
};

export const getTask = async (db: Db, actor: RequestActor, id: number): Promise<Task> => {
  const row = await findTask(db, id);
  if (!row) throw notFound();
  await assertMemberOf(db, actor, row.task.promotionId);
  return serializeTask(row);
};

/**
 * The open tasks of a page of rows (candidacies, lots or applications), by target id, in one
 * query: the first ROW_TASKS of each, soonest first, and each target's open count.
 */
export const openTasksByTarget = async (
  db: Queryable,
  promotionIds: number | number[],
  target: TaskTarget,
  ids: number[],
): Promise<Map<number, { tasks: Task[]; total: number }>> => {
  const byTarget = new Map<number, { tasks: Task[]; total: number }>();
  if (ids.length === 0) return byTarget;
  // Each task names when its time status changes (serializeTask).
  const now = answerInstant();
  for (const row of await rankedOpenTasksOfTargets(db, promotionIds, target, ids, ROW_TASKS)) {
    const task = serializeTask(row, now);
    const entry = byTarget.get(task.target_id) ?? { tasks: [], total: Number(row.openTotal) };
    entry.tasks.push(task);
    byTarget.set(task.target_id, entry);
  }
  return byTarget;
};

/**
 * A page row's open tasks from the column its page statement selected (openTasksColumns): the
 * first ROW_TASKS, soonest first, as the row shows them (RowTask), and its open count; undefined
 * when it has none.
 */
export const openTasksOfPageRow = (row: { open_tasks: unknown }, now: Date): { tasks: RowTask[]; total: number } | undefined => {
  const { total, rows } = openTasksOfColumn(row.open_tasks);
  if (!(total > 0)) return undefined;
  const tasks: RowTask[] = [];
  for (const [id, title, endAt, assignedToId, automaticEnd] of rows) {
    const end = new Date(endAt);
    const timeStatus = taskTimeStatus(end, now);
    // An answer kept by version is made again when a time status it shows changes (platform/clock.ts).
    for (const at of taskTimeStatusChanges(end, now)) answerChangesAt(at);
    tasks.push({
      id,
      title,
      end_at: end.toISOString(),
      done_at: null,
      time_status: timeStatus,
      automatic_end: automaticEnd,
      assigned_to_id: assignedToId,
    });
  }
  return { tasks, total };
};

/** The open tasks of one target, soonest first. */
export const openTasksOf = async (db: Queryable, promotionId: number, target: TaskTarget, id: number): Promise<Task[]> => {
  const now = answerNow();
  return (await tasksOfTargets(db, promotionId, target, [id], true)).map((row) => serializeTask(row, now));
};

/** Every task of these targets, open ones first: a record's task list, by target id (one query). */
export const allTasksByTarget = async (db: Queryable, promotionIds: number | number[], target: TaskTarget, ids: number[]) => {
  const byTarget = new Map<number, Task[]>();
  if (ids.length === 0) return byTarget;
  const now = answerNow();
  for (const row of await tasksOfTargets(db, promotionIds, target, ids, false, 'openFirst')) {
    const task = serializeTask(row, now);
    byTarget.set(task.target_id, [...(byTarget.get(task.target_id) ?? []), task]);
  }
  return byTarget;
};
