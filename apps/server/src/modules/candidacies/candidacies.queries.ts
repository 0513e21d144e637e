// Over 400 lines: the list's one-statement page (filters, sorts, head row) and the detail reads, SQL only.
import { type CandidacySort, DEFAULT_CANDIDACY_SORT } from '@promovente/shared';
import { and, asc, count, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { answeredPage } from '../../db/page.js';
import { renderedOnce } from '../../db/rendered-once.js';
import { rowsOf } from '../../db/rows.js';
import {
  agencies,
  applications,
  candidacies,
  candidacyRowCounts,
  candidacyStatusCounts,
  candidates,
  comments,
  files,
  floors,
  lots,
  promotions,
  users,
} from '../../db/schema/index.js';
import { candidacyMatches, candidateMatches, containsPattern } from '../../db/search.js';
import { openTasksColumns, ROW_TASKS } from '../tasks/index.js';

/** SQL only: the candidacies list, its relations and single rows. Rules live in the service. */

const brokers = alias(users, 'broker');
const creators = alias(users, 'creator');

export const liveApplication = and(eq(applications.hidden, false), isNull(applications.closedAt));

/** A lot's total price: its own plus its associated lots' not included in it (docs/sales-process.md#2-lots-built). */
const lotTotalPrice = sql<number>`(${lots.rawPrice} + coalesce((
  select sum(c.raw_price) from lots c where c.parent_id = ${lots.id} and c.price_included = false
), 0))::int`;

/** The filters of the candidates table, already resolved by the service. */
export type CandidacyFilter = {
  promotionId: number;
  statuses: number[] | null;
  search?: string;
  brokerId?: number;
  agencyId?: number | null;
  candidateId?: number;
  candidacyId?: number;
  lotPublicId?: string;
  applicationId?: number;
};

/**
 * The WHERE of the list. Every condition starts from the promotion (index
 * candidacies_promotion_status_idx); the search is a contains-match over the promotion's rows,
 * on the candidacy's copy of its candidate's search text (a statement that reads the candidate
 * for a search joins it: searchReadsCandidate).
 */
export const candidacyWhere = (filter: CandidacyFilter): SQL => {
  const conditions: (SQL | undefined)[] = [eq(candidacies.promotionId, filter.promotionId)];
  if (filter.statuses) conditions.push(filter.statuses.length > 0 ? inArray(candidacies.status, filter.statuses) : sql`false`);
  if (filter.brokerId !== undefined) conditions.push(eq(candidacies.brokerId, filter.brokerId));
  if (filter.agencyId !== undefined) conditions.push(filter.agencyId === null ? sql`false` : eq(candidacies.agencyId, filter.agencyId));
  if (filter.candidateId !== undefined) conditions.push(eq(candidacies.candidateId, filter.candidateId));
  if (filter.candidacyId !== undefined) conditions.push(eq(candidacies.id, filter.candidacyId));
  const onThisCandidacy = or(eq(applications.candidacy1Id, candidacies.id), eq(applications.candidacy2Id, candidacies.id));
  if (filter.lotPublicId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${applications} inner join ${lots} on ${lots.id} = ${applications.lotId}
             where ${lots.publicId}::text = ${filter.lotPublicId.toLowerCase()} and ${onThisCandidacy} and ${liveApplication})`,
      ),
    );
  }
  if (filter.applicationId !== undefined) {
    conditions.push(
      exists(
        sql`(select 1 from ${applications} where ${applications.id} = ${filter.applicationId} and ${onThisCandidacy} and ${liveApplication})`,
      ),
    );
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(candidacyMatches(pattern) ?? candidateMatches(pattern));
  }
  return and(...conditions) as SQL;
};

/**
 * Whether the list's WHERE reads the candidate, whom its statement must then join: a search that
 * holds a line break (candidacyWhere; every other search reads the candidacy's own copy).
 */
export const searchReadsCandidate = (filter: Pick<CandidacyFilter, 'search'>): boolean => {
  const search = filter.search?.trim();
  return Boolean(search) && candidacyMatches(containsPattern(search as string)) === null;
};

/**
 * Where the arrows of a filter are read from the counts the database keeps per promotion, agency
 * and status (candidacy_status_counts, migration 0022): a filter that names nothing but the
 * promotion and the agency. Any other (a search, a broker, an id, or a filter added later) is
 * counted on its rows: null.
 */
export const keptCountsWhere = (filter: CandidacyFilter): SQL | null => {
  const { promotionId, statuses: _statuses, agencyId, search, ...others } = filter;
  if (search?.trim() || Object.values(others).some((value) => value !== undefined)) return null;
  const agency =
    agencyId === undefined ? sql`true` : agencyId === null ? sql`false` : sql`${candidacyStatusCounts.agencyKey} = ${agencyId}`;
  return sql`${candidacyStatusCounts.promotionId} = ${promotionId} and ${agency}`;
};

const sortColumns = (sort: CandidacySort): SQL[] => {
  switch (sort) {
    case 'status':
      return [sql`${candidacies.status}`];
    case 'priority':
      return [sql`${candidacies.priority}`];
    case 'candidate':
      // lower(last name), lower(first name) of the candidate, kept on the candidacy (migration 0042).
      return [sql`${candidacies.sortLast}`, sql`${candidacies.sortFirst}`];
    // Kept by the database from the broker, the agency and the candidate (migration 0020).
    case 'broker':
      return [sql`${candidacies.sortBrokerLast}`, sql`${candidacies.sortBrokerFirst}`];
    case 'budget':
      return [sql`${candidacies.sortBudget}`];
    case 'vip':
      return [sql`${candidacies.vip}`];
    case 'agency':
      return [sql`${candidacies.sortAgency}`];
    default:
      return [sql`${candidacies.createdAt}`];
  }
};

/**
 * The direction of a sort. A column that is never null needs no NULLS LAST, and without it one
 * index (promotion, column, id) serves both directions: 'desc nulls last' would make PostgreSQL
 * read and sort every candidacy of the promotion (issue 20: 46 ms by status at 50,000).
 */
const NEVER_NULL: ReadonlySet<CandidacySort> = new Set(['status', 'priority', 'vip', 'candidate']);
const directionOf = (sort: CandidacySort, order: 'asc' | 'desc') => {
  if (NEVER_NULL.has(sort)) return order === 'asc' ? sql`asc` : sql`desc`;
  // Never null either; its index is (promotion, created_at desc nulls last, id desc), which read
  // backwards gives 'asc nulls first': written so, the oldest first reads 50 rows, not 50,000.
  if (sort === 'created_at') return order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  return order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
};

/**
 * What orders the rows a sort leaves equal. Sorted by name, the candidate's id: one candidacy per
 * candidate in a promotion (candidacies_promotion_candidate_unique) makes it as total as the
 * candidacy's, and it ends candidacies_promotion_name_idx, so the page is read in order without
 * sorting the rows of equal names.
 */
const tieBreakOf = (sort: CandidacySort) => (sort === 'candidate' ? candidacies.candidateId : candidacies.id);

const rowSelection = {
  candidacy: candidacies,
  candidate: candidates,
  broker: { id: brokers.id, firstName: brokers.firstName, lastName: brokers.lastName, picture: brokers.profilePicture },
  agencyName: agencies.name,
  candidateUserId: candidates.userId,
};

const baseRows = (db: Queryable) =>
  db
    .select(rowSelection)
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .leftJoin(brokers, eq(brokers.id, candidacies.brokerId))
    .leftJoin(agencies, eq(agencies.id, candidacies.agencyId));

export type CandidacyBaseRow = Awaited<ReturnType<typeof findCandidacyRows>>[number];

/** One page (or every row when limit is null), sorted in SQL; nulls always last; id breaks ties. */
export const findCandidacyPage = (
  db: Queryable,
  where: SQL,
  sort: CandidacySort = DEFAULT_CANDIDACY_SORT,
  order: 'asc' | 'desc' = 'desc',
  limit: number | null = null,
  offset = 0,
) => {
  const direction = directionOf(sort, order);
  const orderBy = [
    ...sortColumns(sort).map((column) => sql`${column} ${direction}`),
    order === 'asc' ? asc(tieBreakOf(sort)) : desc(tieBreakOf(sort)),
  ];
  const query = baseRows(db)
    .where(where)
    .orderBy(...orderBy);
  return limit === null ? query : query.limit(limit).offset(offset);
};

export const findCandidacyRows = (db: Queryable, ids: number[]) => baseRows(db).where(inArray(candidacies.id, ids));

/** Live applications of these candidacies, main or partner, with their lot. */
export const findLiveApplications = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({
      id: applications.id,
      publicId: applications.publicId,
      priority: applications.priority,
      status: applications.status,
      candidacy1Id: applications.candidacy1Id,
      candidacy2Id: applications.candidacy2Id,
      lastPriorityChange: applications.lastPriorityChange,
      reservationSentAt: applications.reservationSentAt,
      createdAt: applications.createdAt,
      frChecked: applications.statusFrChecked,
      acChecked: applications.statusAcChecked,
      finChecked: applications.statusFinChecked,
      signpdvChecked: applications.statusSignpdvChecked,
      signChecked: applications.statusSignChecked,
      lot: {
        id: lots.id,
        reference: lots.reference,
        publicId: lots.publicId,
        title: lots.title,
        nbRooms: lots.nbRooms,
        areaHab: lots.areaHab,
        totalPrice: lotTotalPrice,
        floor: floors.title,
      },
    })
    .from(applications)
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(floors, eq(floors.id, lots.floorId))
    .where(and(or(inArray(applications.candidacy1Id, candidacyIds), inArray(applications.candidacy2Id, candidacyIds)), liveApplication))
    .orderBy(asc(applications.priority), asc(applications.id));

export const countCommentsOf = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({ candidacyId: comments.candidacyId, total: count() })
    .from(comments)
    .where(inArray(comments.candidacyId, candidacyIds))
    .groupBy(comments.candidacyId);

export const countFilesOf = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({ candidacyId: files.candidacyId, total: count() })
    .from(files)
    .where(and(inArray(files.candidacyId, candidacyIds), eq(files.owner, 'candidacy')))
    .groupBy(files.candidacyId);

export const findCandidacyFiles = (db: Queryable, candidacyIds: number[]) =>
  db
    .select({
      file: files,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
    })
    .from(files)
    .leftJoin(creators, eq(creators.id, files.createdById))
    .where(and(inArray(files.candidacyId, candidacyIds), eq(files.owner, 'candidacy')))
    .orderBy(desc(files.createdAt), desc(files.id));

export const findComments = (db: Queryable, where: SQL) =>
  db
    .select({
      comment: comments,
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName, picture: creators.profilePicture },
    })
    .from(comments)
    .leftJoin(creators, eq(creators.id, comments.createdById))
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id));

export const findPromotions = (db: Queryable, ids: number[]) =>
  db
    .select({
      id: promotions.id,
      title: promotions.title,
      multiAgency: promotions.multiAgency,
      crmUpdatedAt: promotions.crmUpdatedAt,
      reservationTimeout: promotions.reservationTimeout,
    })
    .from(promotions)
    .where(inArray(promotions.id, ids));

/** The lightweight list of a promotion's candidacies, for pickers. */
export const findCandidacyOptions = (db: Queryable, promotionId: number) =>
  db
    .select({
      id: candidacies.id,
      candidateId: candidacies.candidateId,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      crmValidated: candidacies.crmValidated,
      agencyId: candidacies.agencyId,
    })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.promotionId, promotionId))
    .orderBy(asc(sql`lower(${candidates.lastName})`), asc(sql`lower(${candidates.firstName})`), asc(candidacies.id));

/** A candidacy with its candidate, locked for the rest of the transaction (commands). */
export const lockCandidacy = async (db: Queryable, id: number) => {
  const [row] = await db
    .select({ candidacy: candidacies, candidate: candidates })
    .from(candidacies)
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(eq(candidacies.id, id))
    .for('update', { of: candidacies })
    .limit(1);
  return row ?? null;
};

export const findCandidacyRowsOfCandidate = (db: Queryable, candidateId: number) =>
  baseRows(db).where(eq(candidacies.candidateId, candidateId)).orderBy(desc(candidacies.createdAt), desc(candidacies.id));

export const findCandidate = async (db: Queryable, id: number) => {
  const [row] = await db.select().from(candidates).where(eq(candidates.id, id)).limit(1);
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------
// The list in one statement (docs/performance.md#patterns-for-lists)

/** A timestamp as the drivers hand it over raw (text or Date), or inside a json value (ISO text). */
export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));
/** A json column: parsed by node-postgres and PGlite alike, but never trusted to be. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A live application of a list row, as the page statement aggregates it. */
export type CandidacyPageApplication = {
  id: number;
  public_id: string;
  priority: number;
  status: number;
  last_priority_change: string;
  reservation_sent_at: string | null;
  lot_reference: string;
  lot_title: string;
};

/** The columns of one list row (snake_case, as PostgreSQL names them): what the table shows (CandidacyListRow). */
export type CandidacyPageRecord = {
  id: number;
  promotion_id: number;
  status: number;
  priority: number;
  vip: boolean;
  reason_vip: string | null;
  created_at: Date;
  /** The candidacy's budget, else the candidate's. */
  budget: number | null;
  agency_id: number | null;
  agency_name: string | null;
  crm_validated: boolean;
  crm_id: string | null;
  broker_id: number | null;
  broker_first_name: string | null;
  broker_last_name: string | null;
  broker_picture: string | null;
  candidate_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  comments_count: number;
  files_count: number;
  applications: CandidacyPageApplication[];
  /** The row's open count and first open tasks (openTasksColumns, modules/tasks). */
  open_tasks: unknown;
};

/** A candidacy's columns as the drivers read them, before the list converts the last ones. */
type CandidacyPageColumns = Omit<CandidacyPageRecord, 'created_at' | 'comments_count' | 'files_count' | 'applications'> & {
  created_at: Date | string;
  comments_count: number | string;
  files_count: number | string;
  applications: unknown;
};

/** A row of the page statement: the head's columns, then a candidacy's (null on the one row of an empty page). */
type CandidacyPageRow = {
  head_ok: boolean;
  head_total: number;
  head_status_counts: unknown;
  head_multi_agency: boolean;
  head_reservation_timeout: number | null;
} & (CandidacyPageColumns | { id: null });

export type CandidacyListPage = {
  /** The scoping verdict of the filter ids (platform/scoped-ids.ts). */
  ok: boolean;
  total: number;
  statusCounts: Record<string, number>;
  multiAgency: boolean;
  reservationTimeout: number | null;
  rows: CandidacyPageRecord[];
};

/**
 * What a row of the candidates screen shows, from its candidacy, candidate, broker and agency,
 * for the candidacies the page picked (`picked`, in their order): rendered once
 * (db/rendered-once.ts), the picked ids' subquery goes between its two parts.
 */
const PAGE_COLUMNS = renderedOnce(
  () => sql`${candidacies.id} as id, ${candidacies.promotionId} as promotion_id, ${candidacies.status} as status,
          ${candidacies.priority} as priority, ${candidacies.vip} as vip, ${candidacies.reasonVip} as reason_vip,
          ${candidacies.createdAt} as created_at, coalesce(${candidacies.budget}, ${candidates.budget}) as budget,
          ${candidacies.agencyId} as agency_id, ${agencies.name} as agency_name, ${candidacies.crmValidated} as crm_validated,
          ${candidacies.crmId} as crm_id, ${candidacies.brokerId} as broker_id,
          ${brokers.firstName} as broker_first_name, ${brokers.lastName} as broker_last_name, ${brokers.profilePicture} as broker_picture,
          ${candidates.id} as candidate_id, ${candidates.firstName} as first_name, ${candidates.lastName} as last_name,
          ${candidates.email} as email,
          coalesce(${candidacyRowCounts.comments}, 0) as comments_count, coalesce(${candidacyRowCounts.files}, 0) as files_count,
          case when ${candidacyRowCounts.liveApplications} > 0 then (select coalesce(json_agg(json_build_object(
              'id', a.id, 'public_id', a.public_id, 'priority', a.priority, 'status', a.status,
              'last_priority_change', a.last_priority_change, 'reservation_sent_at', a.reservation_sent_at,
              'lot_reference', l.reference, 'lot_title', l.title) order by a.priority, a.id), '[]'::json)
            from ${applications} a inner join ${lots} l on l.id = a.lot_id
            where (a.candidacy1_id = ${candidacies.id} or a.candidacy2_id = ${candidacies.id})
              and a.hidden = false and a.closed_at is null) else '[]'::json end as applications,
          ${openTasksColumns('candidacy', '"candidacies"."id"', '"candidacies"."promotion_id"', ROW_TASKS, '"candidacy_row_counts"."open_tasks"')},
          picked.ord as ord
        from `,
);
const PAGE_JOINS = renderedOnce(
  () => sql` picked
        inner join ${candidacies} on ${candidacies.id} = picked.id
        inner join ${candidates} on ${candidates.id} = ${candidacies.candidateId} and ${candidates.promotionId} =`,
);
const PAGE_JOINS_TAIL = renderedOnce(
  () => sql` left join ${users} "broker" on ${brokers.id} = ${candidacies.brokerId}
        left join ${agencies} on ${agencies.id} = ${candidacies.agencyId}
        left join ${candidacyRowCounts} on ${candidacyRowCounts.candidacyId} = ${candidacies.id}`,
);

/**
 * GET /candidacies in one statement: the verdict on the filter ids, the counts per status (the
 * arrows; the total is their sum over the selected statuses, so the list counts once), the
 * promotion's deadline settings, and the page (clamped to the last page in SQL) with each row's
 * live applications and its comment and file counts. The head is one row of the promotion, the
 * page is joined to it, so an empty page still answers the verdict and the counts.
 *
 * The page picks its candidacies' ids first, from the candidacies alone (the candidates too only
 * when its order or its search reads them), then joins those 50 to what the rows show. Joined
 * first, PostgreSQL took the candidacy's promotion and the candidate's, always the same, for two
 * conditions and expected about 80 rows of 6,500: it joined and sorted them all instead of
 * walking the sort's index (a typical promotion's page 15 to 48 ms, docs/performance.md).
 */
export const findCandidacyListPage = async (
  db: Queryable,
  input: {
    promotionId: number;
    verdict: SQL;
    /** The list's WHERE without the status arrows (the counts), and the statuses selected. */
    whereAll: SQL;
    /** Whether the WHERE reads the candidate (a search with a line break: searchReadsCandidate): the counts join it only then. */
    searchesCandidate: boolean;
    /** The kept counts that answer the arrows (keptCountsWhere), else null: counted on whereAll. */
    keptCounts: SQL | null;
    statuses: number[];
    where: SQL;
    sort: CandidacySort;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<CandidacyListPage> => {
  const direction = directionOf(input.sort, input.order);
  const orderBy = sql.join(
    [
      ...sortColumns(input.sort).map((column) => sql`${column} ${direction}`),
      input.order === 'asc' ? sql`${tieBreakOf(input.sort)} asc` : sql`${tieBreakOf(input.sort)} desc`,
    ],
    sql`, `,
  );
  const size = input.pageSize;
  const raw = await rowsOf<CandidacyPageRow>(
    db,
    sql`
    with counts as (${
      input.keptCounts
        ? sql`
      select ${candidacyStatusCounts.status} as status, sum(${candidacyStatusCounts.n})::int as n
      from ${candidacyStatusCounts} where ${input.keptCounts}
      group by ${candidacyStatusCounts.status}`
        : sql`
      select ${candidacies.status} as status, count(*)::int as n
      from ${candidacies}${
        input.searchesCandidate
          ? // The candidate's promotion is the candidacy's (candidacies_candidate_promotion_fk): the
            // promotion's candidates are read by its index, not the firm's.
            sql` inner join ${candidates} on ${candidates.id} = ${candidacies.candidateId} and ${candidates.promotionId} = ${input.promotionId}`
          : sql``
      }
      where ${input.whereAll}
      group by ${candidacies.status}`
    }
    ), head as (
      select ${input.verdict} as ok, ${promotions.multiAgency} as multi_agency, ${promotions.reservationTimeout} as reservation_timeout,
        (select coalesce(sum(n), 0)::int from counts where status = any(${sql.param(input.statuses)}::int[])) as total,
        (select coalesce(json_object_agg(status, n), '{}'::json) from counts) as status_counts
      from ${promotions} where ${promotions.id} = ${input.promotionId}
    )
    select head.ok as head_ok, head.multi_agency as head_multi_agency, head.reservation_timeout as head_reservation_timeout,
      head.total as head_total, head.status_counts as head_status_counts, page.*
    from head left join lateral (
      select ${PAGE_COLUMNS()}(
        select chosen.id, row_number() over () as ord from (
          select ${candidacies.id} as id from ${candidacies}${
            input.searchesCandidate
              ? // Always true (candidacies_candidate_promotion_fk): the promotion's candidates read by its index.
                sql` inner join ${candidates} on ${candidates.id} = ${candidacies.candidateId} and ${candidates.promotionId} = ${input.promotionId}`
              : sql``
          }
          where ${input.where}
          order by ${orderBy}
          limit ${size}
          offset (select (${answeredPage(input.page, sql`total`, size)} - 1) * ${size}::int from head)
        ) chosen
      )${PAGE_JOINS()} ${input.promotionId}${PAGE_JOINS_TAIL()}
    ) page on true
    order by page.ord`,
    // A page counted from the kept counts (no search, no filter but the agency) plans once in any
    // order (decision 032, second addendum: picked along its sort's index before its joins, its
    // generic plan is as good at 10 and 2,000 lots); a search or a filter plans for its values.
    input.keptCounts ? { named: 'candidacies_page', plans: 'generic', json: true } : { named: 'candidacies_page', json: true },
  );
  const head = raw[0];
  if (!head) return { ok: false, total: 0, statusCounts: {}, multiAgency: false, reservationTimeout: null, rows: [] };
  const rows: CandidacyPageRecord[] = [];
  for (const r of raw) {
    if (r.id === null) continue;
    rows.push({
      ...r,
      created_at: toDate(r.created_at),
      comments_count: Number(r.comments_count),
      files_count: Number(r.files_count),
      applications: parsed<CandidacyPageApplication[]>(r.applications),
    });
  }
  const counts = parsed<Record<string, number>>(head.head_status_counts);
  const statusCounts: Record<string, number> = {};
  for (const [status, n] of Object.entries(counts)) statusCounts[status] = Number(n);
  return {
    ok: Boolean(head.head_ok),
    total: Number(head.head_total),
    statusCounts,
    multiAgency: Boolean(head.head_multi_agency),
    reservationTimeout: head.head_reservation_timeout === null ? null : Number(head.head_reservation_timeout),
    rows,
  };
};
