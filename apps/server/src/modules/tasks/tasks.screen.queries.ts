import type { TaskGroupKey } from '@promovente/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { tasks } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** SQL only: the open tasks of the tasks screen (docs/product/tasks.md#screens), with what their target cell shows. */

export type ScreenTaskFilter = {
  promotionId: number;
  /** The broker filter, or the notary himself. */
  assigneeId?: number;
  /** The candidat query: tasks whose target is this candidacy. */
  candidacyId?: number;
  search?: string;
  /** A broker filter to check against the promotion (the notary's own id is not checked). */
  memberId?: number;
};

/** The instants that split the groups: past before `now`, today until `tomorrow` (the next Swiss midnight), next after. */
export type GroupBounds = { now: Date; tomorrow: Date };

/** How many rows of each group the page holds, from which offset. */
export type GroupPages = Record<TaskGroupKey, { offset: number; limit: number }>;

type Person = { id: number | null; firstName: string; lastName: string; picture: string | null } | null;

/** A row of the page, shaped like the other task reads (serializeTask) plus its target's names. */
export type ScreenTaskRow = {
  group: TaskGroupKey;
  task: typeof tasks.$inferSelect;
  assignee: Person;
  creator: Person;
  finisher: Person;
  candidate: { firstName: string; lastName: string } | null;
  lot: { id: number; reference: string; publicId: string } | null;
  application: {
    candidacyId: number | null;
    lotId: number | null;
    lotReference: string | null;
    lotPublicId: string | null;
    firstName: string | null;
    lastName: string | null;
  } | null;
};

export type ScreenTasksResult = {
  /** The ids of the query belong to the promotion (docs/security.md: else 404, like an unknown id). */
  scoped: boolean;
  totals: Record<TaskGroupKey, number>;
  rows: ScreenTaskRow[];
};

/**
 * The WHERE of the screen, on `t` (actions): the promotion's open tasks (partial index
 * actions_promotion_open_idx on promotion_id, end_at where done_at is null), never those of a
 * deleted application; the filters are parameters whatever is sent, so the statement keeps one
 * text. The search is a case-insensitive contains-match over the title, the detail, the
 * candidate's full name (candidacy target), the lot's reference (lot target), the application's
 * lot reference and its first candidate's full name (application target); its lookups are
 * subqueries so that a call without search joins nothing.
 */
const openTasksWhere = (filter: ScreenTaskFilter): SQL => {
  const search = filter.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  // Scalar subqueries rather than `exists`: an `exists` under an OR may be planned as a hashed
  // subplan that reads the whole table; a scalar subquery is always a lookup by primary key.
  return sql`t.promotion_id = ${filter.promotionId} and t.done_at is null
    and (t.application_id is null or (select not ha.hidden from applications ha where ha.id = t.application_id))
    and (${filter.assigneeId ?? null}::int is null or t.assigned_to_id = ${filter.assigneeId ?? null}::int)
    and (${filter.candidacyId ?? null}::int is null or t.candidacy_id = ${filter.candidacyId ?? null}::int)
    and (${pattern}::text is null
      or t.title ilike ${pattern}::text or t.detail ilike ${pattern}::text
      or coalesce((select (sd.first_name || ' ' || sd.last_name) ilike ${pattern}::text
        from candidacies sc join candidates sd on sd.id = sc.candidate_id where sc.id = t.candidacy_id), false)
      or coalesce((select sl.reference ilike ${pattern}::text from lots sl where sl.id = t.lot_id), false)
      or coalesce((select sal.reference ilike ${pattern}::text or (sad.first_name || ' ' || sad.last_name) ilike ${pattern}::text
        from applications sa left join lots sal on sal.id = sa.lot_id
        left join candidacies sac on sac.id = sa.candidacy1_id left join candidates sad on sad.id = sac.candidate_id
        where sa.id = t.application_id), false))`;
};

const iso = (date: Date) => date.toISOString();

/** One group's page: the index gives the rows in due-date order, so only offset + limit rows are read. */
const groupPage = (filter: ScreenTaskFilter, group: TaskGroupKey, range: SQL, page: { offset: number; limit: number }) =>
  sql`(select t.id, t.end_at, ${group}::text as grp from actions t
    where ${openTasksWhere(filter)} and ${range}
    order by t.end_at, t.id limit ${page.limit}::int offset ${page.offset}::int)`;

/** A timestamp as epoch milliseconds (a float8 reads the same on PGlite and PostgreSQL). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The tasks screen in one statement: the verdict on the filter ids, each group's total (counted
 * on the promotion's open tasks through the partial index) and the page of each group with its
 * people and target names. The one-row totals are left-joined to the page, so an empty page
 * still answers the verdict and the totals.
 */
export const findScreenTasks = async (
  db: Queryable,
  filter: ScreenTaskFilter,
  bounds: GroupBounds,
  pages: GroupPages,
): Promise<ScreenTasksResult> => {
  const now = sql`${iso(bounds.now)}::timestamptz`;
  const tomorrow = sql`${iso(bounds.tomorrow)}::timestamptz`;
  const raw = await rowsOf(
    db,
    sql`
    with totals as (
      select
        count(*) filter (where t.end_at >= ${tomorrow})::int as next_total,
        count(*) filter (where t.end_at >= ${now} and t.end_at < ${tomorrow})::int as today_total,
        count(*) filter (where t.end_at < ${now})::int as past_total
      from actions t
      where ${openTasksWhere(filter)}
    ),
    verdict as (
      select
        (${filter.candidacyId ?? null}::int is null or exists (select 1 from candidacies vc
          where vc.id = ${filter.candidacyId ?? null}::int and vc.promotion_id = ${filter.promotionId}))
        and (${filter.memberId ?? null}::int is null or exists (select 1 from promotion_user vu
          where vu.user_id = ${filter.memberId ?? null}::int and vu.promotion_id = ${filter.promotionId})) as scoped
    ),
    page as (
      ${groupPage(filter, 'next', sql`t.end_at >= ${tomorrow}`, pages.next)}
      union all ${groupPage(filter, 'today', sql`t.end_at >= ${now} and t.end_at < ${tomorrow}`, pages.today)}
      union all ${groupPage(filter, 'past', sql`t.end_at < ${now}`, pages.past)}
    )
    select v.scoped, o.next_total, o.today_total, o.past_total, r.*
    from verdict v cross join totals o
    left join lateral (
      select p.grp, t.id, t.promotion_id, t.title, t.detail, t.type, ${ms('t.end_at')} as end_ms,
        ${ms('t.deadline_at')} as deadline_ms, ${ms('t.done_at')} as done_ms, ${ms('t.created_at')} as created_ms,
        t.hours, t.minutes, t.created_by_id, t.done_by_id, t.assigned_to_id, t.automatic_end, t.kind,
        t.candidacy_id, t.lot_id, t.application_id,
        ua.first_name as assignee_first, ua.last_name as assignee_last, ua.profile_picture as assignee_picture,
        uc.first_name as creator_first, uc.last_name as creator_last, uc.profile_picture as creator_picture,
        uf.first_name as finisher_first, uf.last_name as finisher_last, uf.profile_picture as finisher_picture,
        cd.first_name as candidate_first, cd.last_name as candidate_last,
        tl.reference as lot_reference, tl.public_id::text as lot_public_id,
        ta.candidacy1_id as app_candidacy_id, al.id as app_lot_id, al.reference as app_lot_reference,
        al.public_id::text as app_lot_public_id, ad.first_name as app_first, ad.last_name as app_last
      from page p
      join actions t on t.id = p.id
      left join users ua on ua.id = t.assigned_to_id
      left join users uc on uc.id = t.created_by_id
      left join users uf on uf.id = t.done_by_id
      left join candidacies cc on cc.id = t.candidacy_id
      left join candidates cd on cd.id = cc.candidate_id
      left join lots tl on tl.id = t.lot_id
      left join applications ta on ta.id = t.application_id
      left join lots al on al.id = ta.lot_id
      left join candidacies ac on ac.id = ta.candidacy1_id
      left join candidates ad on ad.id = ac.candidate_id
    ) r on true
    order by r.end_ms, r.id
  `,
  );
  const head = raw[0];
  const totals = { next: Number(head?.next_total ?? 0), today: Number(head?.today_total ?? 0), past: Number(head?.past_total ?? 0) };
  const rows: ScreenTaskRow[] = [];
  for (const row of raw) {
    if (row.id === null || row.id === undefined) continue;
    rows.push(screenRowOf(row));
  }
  return { scoped: head?.scoped === true, totals, rows };
};

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const personOf = (id: unknown, first: unknown, last: unknown, picture: unknown): Person =>
  id === null || first === null ? null : { id: Number(id), firstName: String(first), lastName: String(last), picture: text(picture) };

/** A raw row of the statement as the serializer reads it. */
const screenRowOf = (row: Record<string, unknown>): ScreenTaskRow => {
  const task: typeof tasks.$inferSelect = {
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    title: String(row.title),
    detail: text(row.detail),
    type: Number(row.type),
    endAt: dateOf(row.end_ms) as Date,
    deadlineAt: dateOf(row.deadline_ms),
    doneAt: dateOf(row.done_ms),
    hours: int(row.hours),
    minutes: int(row.minutes),
    createdById: int(row.created_by_id),
    doneById: int(row.done_by_id),
    assignedToId: int(row.assigned_to_id),
    automaticEnd: row.automatic_end === true,
    kind: text(row.kind),
    candidacyId: int(row.candidacy_id),
    lotId: int(row.lot_id),
    applicationId: int(row.application_id),
    createdAt: dateOf(row.created_ms) as Date,
  };
  return {
    group: row.grp as TaskGroupKey,
    task,
    assignee: personOf(row.assigned_to_id, row.assignee_first, row.assignee_last, row.assignee_picture),
    creator: personOf(row.created_by_id, row.creator_first, row.creator_last, row.creator_picture),
    finisher: personOf(row.done_by_id, row.finisher_first, row.finisher_last, row.finisher_picture),
    candidate: row.candidate_first === null ? null : { firstName: String(row.candidate_first), lastName: String(row.candidate_last) },
    lot:
      row.lot_reference === null
        ? null
        : { id: Number(row.lot_id), reference: String(row.lot_reference), publicId: String(row.lot_public_id) },
    application:
      row.application_id === null
        ? null
        : {
            candidacyId: int(row.app_candidacy_id),
            lotId: int(row.app_lot_id),
            lotReference: text(row.app_lot_reference),
            lotPublicId: text(row.app_lot_public_id),
            firstName: text(row.app_first),
            lastName: text(row.app_last),
          },
  };
};
