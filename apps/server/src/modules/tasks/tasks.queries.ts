import type { TaskTarget } from '@promovente/shared';
import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { genericPlansOf, type Queryable } from '../../db/client.js';
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
const ORDERS = {
  newest: [desc(tasks.createdAt), desc(tasks.id)],
  due: [asc(tasks.endAt), asc(tasks.id)],
  /** Open tasks first (soonest first), then done ones (latest first): a record's task list. */
  openFirst: [
    sql`${tasks.doneAt} is not null`,
    sql`case when ${tasks.doneAt} is null then ${tasks.endAt} end asc`,
    desc(tasks.doneAt),
    asc(tasks.id),
  ],
};

export const selectTasks = (db: Queryable, where: SQL | undefined, order: keyof typeof ORDERS) =>
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
    .orderBy(...ORDERS[order]);

export type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

export const findTask = async (db: Queryable, id: number) => (await selectTasks(db, eq(tasks.id, id), 'due'))[0] ?? null;

/** The task row alone, locked for the change that follows. */
export const lockTask = async (db: Queryable, id: number) =>
  (await db.select().from(tasks).where(eq(tasks.id, id)).for('update'))[0] ?? null;

/** Tasks of many targets of one kind (a page of rows): one query. */
const inPromotions = (promotionIds: number | number[]) =>
  Array.isArray(promotionIds) ? inArray(tasks.promotionId, promotionIds) : eq(tasks.promotionId, promotionIds);

export const tasksOfTargets = (
  db: Queryable,
  promotionIds: number | number[],
  target: TaskTarget,
  ids: number[],
  openOnly: boolean,
  order: keyof typeof ORDERS = openOnly ? 'due' : 'newest',
) =>
  selectTasks(db, and(inPromotions(promotionIds), inArray(targetColumn(target), ids), openOnly ? isNull(tasks.doneAt) : undefined), order);

/**
 * The open tasks a page of rows shows: at most `perTarget` per target, soonest first, each with
 * its target's open count (one query, ranked in SQL). Built and prepared once per database handle
 * and target, its promotions and ids sent as two arrays: Drizzle otherwise renders the select's 30
 * columns and joins on every call, 6 % of the Node time of a live page of candidates
 * (docs/performance.md, 'Statements built once'). It reads the tasks by the page's ids, so its
 * plan cannot depend on the promotion's size: it runs on the connections that plan once
 * (decision 037; 0.7 to 1.1 ms of planning a page, `npm run bench:plans -- --statement`).
 */
const buildRankedOpenTasks = (db: Queryable, target: TaskTarget, perTarget: number) => {
  const column = targetColumn(target);
  const ranked = db
    .select({
      id: tasks.id,
      rank: sql<number>`row_number() over (partition by ${column} order by ${tasks.endAt}, ${tasks.id})`.as('rank'),
      total: sql<number>`count(*) over (partition by ${column})`.as('total'),
    })
    .from(tasks)
    .where(
      and(
        sql`${tasks.promotionId} = any(${sql.placeholder('promotions')}::int[])`,
        sql`${column} = any(${sql.placeholder('ids')}::int[])`,
        isNull(tasks.doneAt),
      ),
    )
    .as('ranked');
  return db
    .select({ task: tasks, assignee: person(assignee), creator: person(creator), finisher: person(finisher), openTotal: ranked.total })
    .from(tasks)
    .innerJoin(ranked, eq(ranked.id, tasks.id))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedToId))
    .leftJoin(creator, eq(creator.id, tasks.createdById))
    .leftJoin(finisher, eq(finisher.id, tasks.doneById))
    .where(lte(ranked.rank, perTarget))
    .orderBy(asc(tasks.endAt), asc(tasks.id))
    .prepare(`ranked_open_tasks_${target}_${perTarget}`);
};

/** How many open tasks a row of the candidates, lots or funnel table shows (docs/product/lots.md#screens); the rest are counted. */
export const ROW_TASKS = 3;

/**
 * A page row's open tasks as one column of the page's own statement (docs/performance.md, 'The
 * open tasks in the page statement'): `open_tasks`, a JSON array of the row's open count, then its
 * first `perTarget` soonest first as arrays (`OpenRowTaskFields`, in that order): what a row shows
 * of a task (RowTask, issue 20 lean pages), without its people. A separate statement for the
 * page's tasks was a third round trip per list request, a send that wakes PostgreSQL's backend on
 * a saturated machine (12 % of the funnel's live profile for three statements). It reads the row's
 * open tasks once along `actions_<target>_open_idx`, ranked soonest first, and keeps the first
 * ones (two subqueries, the list and the count, read them twice: 0.1 ms of the funnel's page at
 * 2,000 lots). Its plan is the same at 10 and 2,000 lots. `targetId` and `promotionId` name the
 * row's columns (no parameter), so the fragment is rendered once by its caller
 * (db/rendered-once.ts). `openCount`, where the row has its open tasks counted by the database
 * (candidacy_row_counts and application_row_counts, migrations 0046 and 0047), names that count:
 * the tasks are read only for a row whose count is over 0, and the others answer none.
 */
export const openTasksColumns = (
  target: TaskTarget,
  targetId: string,
  promotionId: string,
  perTarget = ROW_TASKS,
  openCount?: string,
): SQL => {
  const column = sql.raw(targetColumnName[target]);
  const id = sql.raw(targetId);
  const promotion = sql.raw(promotionId);
  const read = sql`(select json_build_array(count(*), coalesce(json_agg(json_build_array(
            t.id, t.title, t.end_at, t.assigned_to_id, t.automatic_end
          ) order by t.end_at, t.id) filter (where t.rank <= ${sql.raw(String(perTarget))}), '[]'::json))
          from (
            select t.id, t.title, t.end_at, t.assigned_to_id, t.automatic_end,
              row_number() over (order by t.end_at, t.id) as rank
            from ${tasks} t
            where t.${column} = ${id} and t.promotion_id = ${promotion} and t.done_at is null
          ) t)`;
  return openCount
    ? sql`case when ${sql.raw(openCount)} > 0 then ${read} else json_build_array(0, '[]'::json) end as open_tasks`
    : sql`${read} as open_tasks`;
};

const targetColumnName: Record<TaskTarget, string> = {
  candidacy: 'candidacy_id',
  lot: 'lot_id',
  application: 'application_id',
};

/** One open task as `openTasksColumns` answers it. */
export type OpenRowTaskFields = [id: number, title: string, endAt: string, assignedToId: number | null, automaticEnd: boolean];

/**
 * A page row's `open_tasks` column (openTasksColumns; JSON text on PGlite, parsed on
 * node-postgres): its open count and its first tasks' fields.
 */
export const openTasksOfColumn = (column: unknown): { total: number; rows: OpenRowTaskFields[] } => {
  const [total, list] = (typeof column === 'string' ? JSON.parse(column) : (column ?? [0, []])) as [number, OpenRowTaskFields[]];
  return { total: Number(total), rows: list };
};

const rankedOpenTasks = new WeakMap<Queryable, Map<string, ReturnType<typeof buildRankedOpenTasks>>>();

export const rankedOpenTasksOfTargets = (
  db: Queryable,
  promotionIds: number | number[],
  target: TaskTarget,
  ids: number[],
  perTarget: number,
) => {
  const prepared = rankedOpenTasks.get(db) ?? new Map<string, ReturnType<typeof buildRankedOpenTasks>>();
  rankedOpenTasks.set(db, prepared);
  const key = `${target}_${perTarget}`;
  const statement = prepared.get(key) ?? buildRankedOpenTasks(genericPlansOf(db) ?? db, target, perTarget);
  prepared.set(key, statement);
  return statement.execute({ promotions: Array.isArray(promotionIds) ? promotionIds : [promotionIds], ids });
};

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
