import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { planningTasks, promotions } from '../../db/schema/index.js';

/**
 * SQL only: the planning's tasks (docs/product/planning.md). Every read goes along
 * planning_tasks_promotion_date_idx (promotion_id, date_from, id).
 */

const taskColumns = {
  id: planningTasks.id,
  title: planningTasks.title,
  category: planningTasks.category,
  dateFrom: planningTasks.dateFrom,
  dateTo: planningTasks.dateTo,
  details: planningTasks.details,
  promotion_id: planningTasks.promotionId,
};

export type PlanningTaskRecord = {
  id: number;
  title: string;
  category: number;
  dateFrom: string;
  dateTo: string;
  details: string | null;
  promotion_id: number;
};

export type PlanningTaskColumns = Pick<typeof planningTasks.$inferInsert, 'title' | 'category' | 'dateFrom' | 'dateTo' | 'details'>;

/** The promotion's tasks by start day (at most `limit`: the Gantt draws them all). */
export const selectTasks = (db: Queryable, promotionId: number, limit: number): Promise<PlanningTaskRecord[]> =>
  db
    .select(taskColumns)
    .from(planningTasks)
    .where(eq(planningTasks.promotionId, promotionId))
    .orderBy(asc(planningTasks.dateFrom), asc(planningTasks.id))
    .limit(limit);

/** The promotion of a task, or null when it does not exist. */
export const taskPromotionOf = async (db: Queryable, id: number): Promise<number | null> => {
  const [row] = await db.select({ promotionId: planningTasks.promotionId }).from(planningTasks).where(eq(planningTasks.id, id)).limit(1);
  return row?.promotionId ?? null;
};

export const countTasks = async (db: Queryable, promotionId: number): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(planningTasks).where(eq(planningTasks.promotionId, promotionId));
  return Number(row?.n ?? 0);
};

export const insertTask = async (db: Queryable, promotionId: number, createdById: number, values: PlanningTaskColumns) => {
  await db.insert(planningTasks).values({ ...values, promotionId, createdById });
};

export const updateTaskRow = async (db: Queryable, id: number, promotionId: number, values: PlanningTaskColumns) => {
  await db
    .update(planningTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(planningTasks.id, id), eq(planningTasks.promotionId, promotionId)));
};

export const deleteTaskRow = async (db: Queryable, id: number, promotionId: number) => {
  await db.delete(planningTasks).where(and(eq(planningTasks.id, id), eq(planningTasks.promotionId, promotionId)));
};

export const promotionTitleOf = async (db: Queryable, promotionId: number): Promise<string> => {
  const [row] = await db.select({ title: promotions.title }).from(promotions).where(eq(promotions.id, promotionId)).limit(1);
  return row?.title ?? '';
};
