import {
  PLANNING_MAX_TASKS,
  PLANNING_MESSAGES,
  type PlanningAnswer,
  type PlanningCategoryId,
  type PlanningExportAnswer,
  type PlanningQuery,
  type PlanningSaleDate,
  type PlanningTask,
  type PlanningTasksAnswer,
  type PlanningTaskValues,
  swissWallTime,
} from '@promovente/shared';
import type { Db, Queryable } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound, unprocessable } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import type { Storage } from '../../platform/storage.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { type PlannedSaleDatesRecord, selectPlannedSaleDates } from '../pipeline/index.js';
import { buildPlanningCalendar } from './planning.ics.js';
import {
  countTasks,
  deleteTaskRow,
  insertTask,
  type PlanningTaskRecord,
  promotionTitleOf,
  selectTasks,
  taskPromotionOf,
  updateTaskRow,
} from './planning.queries.js';

/**
 * The planning (docs/product/planning.md): its readers (planning.read, the route's roles) see the
 * tasks and the sales lane; pilots (planning.edit, the write routes' roles) add, edit and delete,
 * each write in one transaction (runWrite) that answers the whole list, as the spec's calls do.
 * Another promotion's task answers 404, like a missing one.
 */

export const ICS_MIME = 'text/calendar; charset=utf-8';

const toTask = (row: PlanningTaskRecord): PlanningTask => ({
  id: row.id,
  title: row.title,
  category: row.category as PlanningCategoryId,
  dateFrom: row.dateFrom,
  dateTo: row.dateTo,
  details: row.details,
  promotion_id: row.promotion_id,
});

/** An instant as its Swiss calendar day 'YYYY-MM-DD'. */
const swissDay = (at: Date | string) => {
  const w = swissWallTime(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

const toSaleDates = (rows: PlannedSaleDatesRecord[]): PlanningSaleDate[] =>
  rows.flatMap((row) => [
    ...(row.promise_planned_at
      ? [
          {
            application_id: row.application_id,
            kind: 'PDV' as const,
            date: swissDay(row.promise_planned_at),
            lot_reference: row.lot_reference,
          },
        ]
      : []),
    ...(row.act_of_purchase_at
      ? [
          {
            application_id: row.application_id,
            kind: 'SIGN' as const,
            date: swissDay(row.act_of_purchase_at),
            lot_reference: row.lot_reference,
          },
        ]
      : []),
  ]);

const tasksOf = async (db: Queryable, promotionId: number) => (await selectTasks(db, promotionId, PLANNING_MAX_TASKS)).map(toTask);

/** GET /planning?promotion_id={id}: the tasks by start day and the planned sales dates. */
export const listPlanning = async (db: Db, actor: RequestActor, query: PlanningQuery): Promise<PlanningAnswer> => {
  const promotionId = await assertMemberOf(db, actor, query.promotion_id);
  const [tasks, sales] = await Promise.all([tasksOf(db, promotionId), selectPlannedSaleDates(db, promotionId)]);
  return { data: tasks, sales: toSaleDates(sales) };
};

const columnsOf = (values: PlanningTaskValues) => ({
  title: values.title,
  category: values.category,
  dateFrom: values.dateFrom,
  dateTo: values.dateTo,
  details: values.details,
});

/** POST /planning: a task in the body's promotion (at most PLANNING_MAX_TASKS). */
export const createPlanningTask = async (
  deps: WriteDeps,
  actor: RequestActor,
  values: PlanningTaskValues,
): Promise<PlanningTasksAnswer> => {
  const data = await runWrite(
    deps,
    actor,
    values.promotion_id,
    async ({ tx, promotionId }) => {
      if ((await countTasks(tx, promotionId)) >= PLANNING_MAX_TASKS) throw unprocessable(PLANNING_MESSAGES.tooManyTasks);
      await insertTask(tx, promotionId, actor.id, columnsOf(values));
      return { data: await tasksOf(tx, promotionId), log: null };
    },
    () => notFound(),
  );
  return { data, message: PLANNING_MESSAGES.taskCreated };
};

/** The task's promotion when it is the one the body names (null: 404, like a missing task or another promotion's). */
const taskPromotion = (id: number, promotionId?: number) => async (tx: Queryable) => {
  const owner = await taskPromotionOf(tx, id);
  return owner === null || (promotionId !== undefined && owner !== promotionId) ? null : owner;
};

/** PUT /planning/{id}. */
export const updatePlanningTask = async (
  deps: WriteDeps,
  actor: RequestActor,
  id: number,
  values: PlanningTaskValues,
): Promise<PlanningTasksAnswer> => {
  const data = await runWrite(
    deps,
    actor,
    taskPromotion(id, values.promotion_id),
    async ({ tx, promotionId }) => {
      await updateTaskRow(tx, id, promotionId, columnsOf(values));
      return { data: await tasksOf(tx, promotionId), log: null };
    },
    () => notFound(),
  );
  return { data, message: PLANNING_MESSAGES.taskUpdated };
};

/** DELETE /planning/{id}. */
export const deletePlanningTask = async (deps: WriteDeps, actor: RequestActor, id: number): Promise<PlanningTasksAnswer> => {
  const data = await runWrite(
    deps,
    actor,
    taskPromotion(id),
    async ({ tx, promotionId }) => {
      await deleteTaskRow(tx, id, promotionId);
      return { data: await tasksOf(tx, promotionId), log: null };
    },
    () => notFound(),
  );
  return { data, message: PLANNING_MESSAGES.taskDeleted };
};

/**
 * GET /planning/export?promotion_id={id}: the tasks and the sales lane as an .ics file, stored
 * like every export and answered as a short-lived signed URL (docs/decisions/021-planning-and-finances.md).
 */
export const exportPlanning = async (
  deps: { db: Db; storage: Storage },
  actor: RequestActor,
  query: PlanningQuery,
): Promise<PlanningExportAnswer> => {
  const { data, sales } = await listPlanning(deps.db, actor, query);
  const title = await promotionTitleOf(deps.db, query.promotion_id);
  const content = Buffer.from(buildPlanningCalendar({ id: query.promotion_id, title }, data, sales), 'utf8');
  return {
    data: await storeGeneratedFile(deps, {
      name: `Planning - ${title}.ics`,
      mime: ICS_MIME,
      content,
      promotionId: query.promotion_id,
      createdById: actor.id,
    }),
  };
};
