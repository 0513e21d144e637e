import type { CampaignFile, CampaignSort, MarketingReport } from '@promovente/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { answeredPage } from '../../db/page.js';
import { rowsOf } from '../../db/rows.js';
import { containsPattern } from '../../db/search.js';

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
/** A date column read back as 'YYYY-MM-DD' (PGlite may answer a Date, PostgreSQL a string). */
const dayOrNull = (value: unknown) => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};
const isoOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export type CampaignRow = {
  id: number;
  promotion_id: number;
  agency_id: number | null;
  agency_name: string | null;
  title: string;
  method: string | null;
  color: string | null;
  start_at: string | null;
  end_at: string | null;
  price: number;
  url: string | null;
  comment: string | null;
  format: string | null;
  created_at: string;
  files: CampaignFile[];
};

const toCampaignRow = (row: Record<string, unknown>): CampaignRow => ({
  id: Number(row.id),
  promotion_id: Number(row.promotion_id),
  agency_id: row.agency_id === null || row.agency_id === undefined ? null : Number(row.agency_id),
  agency_name: textOrNull(row.agency_name),
  title: String(row.title),
  method: textOrNull(row.method),
  color: textOrNull(row.color),
  start_at: dayOrNull(row.start_at),
  end_at: dayOrNull(row.end_at),
  price: Number(row.price),
  url: textOrNull(row.url),
  comment: textOrNull(row.comment),
  format: textOrNull(row.format),
  created_at: isoOf(row.created_at),
  files: ((typeof row.files === 'string' ? JSON.parse(row.files) : row.files) as CampaignFile[] | null) ?? [],
});

/** The documents of a campaign, as a json array (one subquery per row of the page, by the primary key). */
const filesOf = (campaign: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', f.id, 'name', f.name, 'uuid', f.uuid, 'created_at', f.created_at) order by f.created_at, f.id)
  from campaign_files cf join files f on f.id = cf.file_id where cf.campaign_id = ${campaign}), '[]'::json)`;

const SORT_COLUMNS: Record<CampaignSort, SQL> = {
  agency: sql`lower(agency_name)`,
  title: sql`lower(title)`,
  method: sql`lower(method)`,
  start_at: sql`start_at`,
  end_at: sql`end_at`,
  price: sql`price`,
};

/**
 * GET /campaigns (docs/product/marketing.md#screens): one statement for the promotion's flag, the
 * total and the page with its documents; search on title, method and comment, start on or after
 * `start_after`, end on or before `end_before`.
 */
export const campaignsPage = async (
  db: Queryable,
  query: {
    promotionId: number;
    search?: string;
    startAfter: string | null;
    endBefore: string | null;
    orderBy?: CampaignSort;
    order?: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ rows: CampaignRow[]; total: number; page: number; multiAgency: boolean }> => {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const sortColumn = query.orderBy ? SORT_COLUMNS[query.orderBy] : sql`start_at`;
  const rows = await rowsOf(
    db,
    sql`
    with found as (
      select c.id, c.promotion_id, c.agency_id, a.name as agency_name, c.title, c.method, c.color, c.start_at, c.end_at,
        c.price, c.url, c.comment, c.format, c.created_at
      from campaigns c left join agencies a on a.id = c.agency_id
      where c.promotion_id = ${query.promotionId}::int
        and (${pattern}::text is null or c.title ilike ${pattern}::text or c.method ilike ${pattern}::text
          or c.comment ilike ${pattern}::text)
        and (${query.startAfter}::date is null or c.start_at >= ${query.startAfter}::date)
        and (${query.endBefore}::date is null or c.end_at <= ${query.endBefore}::date)
    ),
    total as (select count(*)::int as total from found),
    clamped as (select ${answeredPage(query.page, sql`total`, query.pageSize)} as page from total),
    page as (
      select f.*, row_number() over () as position from (
        select * from found order by ${sortColumn} ${direction} nulls last, id desc
        limit ${query.pageSize}::int offset (select (page - 1) * ${query.pageSize}::int from clamped)
      ) f
    )
    select t.total, c.page as answered_page, p.multi_agency, pg.*, case when pg.id is null then null else ${filesOf(sql`pg.id`)} end as files
    from total t cross join clamped c join promotions p on p.id = ${query.promotionId}::int left join page pg on true
    order by pg.position
  `,
  );
  const first = rows[0];
  return {
    rows: rows.filter((row) => row.id !== null && row.id !== undefined).map(toCampaignRow),
    total: Number(first?.total ?? 0),
    page: Number(first?.answered_page ?? 1),
    multiAgency: Boolean(first?.multi_agency),
  };
};

/** One campaign with its documents, or null. */
export const findCampaign = async (db: Queryable, id: number): Promise<CampaignRow | null> => {
  const rows = await rowsOf(
    db,
    sql`
    select c.*, a.name as agency_name, ${filesOf(sql`c.id`)} as files
    from campaigns c left join agencies a on a.id = c.agency_id where c.id = ${id}::int
  `,
  );
  return rows[0] ? toCampaignRow(rows[0]) : null;
};

/** The campaigns of a promotion that run at some time in a period (days, both ends included), for the report. */
export const campaignsDuring = async (db: Queryable, promotionId: number, from: string, to: string): Promise<CampaignRow[]> => {
  const rows = await rowsOf(
    db,
    sql`
    select c.*, a.name as agency_name, '[]'::json as files
    from campaigns c left join agencies a on a.id = c.agency_id
    where c.promotion_id = ${promotionId}::int
      and coalesce(c.start_at, (c.created_at at time zone 'Europe/Zurich')::date) <= ${to}::date
      and (c.end_at is null or c.end_at >= ${from}::date)
    order by c.start_at nulls last, c.id
  `,
  );
  return rows.map(toCampaignRow);
};

export type ReportRow = MarketingReport & {
  promotion_id: number;
  visits_report_storage_key: string | null;
  visits_report_mime: string | null;
};

const toReport = (row: Record<string, unknown>): ReportRow => ({
  id: Number(row.id),
  number: Number(row.number),
  promotion_id: Number(row.promotion_id),
  created_at: isoOf(row.created_at),
  number_of_visits: Number(row.number_of_visits),
  number_of_future_visits: Number(row.number_of_future_visits),
  visits_report:
    row.file_id === null || row.file_id === undefined
      ? null
      : { id: Number(row.file_id), name: String(row.file_name), uuid: String(row.file_uuid) },
  visits_report_storage_key: textOrNull(row.file_storage_key),
  visits_report_mime: textOrNull(row.file_mime),
  feedback_positive: textOrNull(row.feedback_positive),
  feedback_todo: textOrNull(row.feedback_todo),
  feedback_problem: textOrNull(row.feedback_problem),
  include_lots: Boolean(row.include_lots),
  include_marketing_campaigns: Boolean(row.include_marketing_campaigns),
});

const REPORT_COLUMNS = sql`r.*, f.id as file_id, f.name as file_name, f.uuid as file_uuid, f.storage_key as file_storage_key, f.mime as file_mime`;

/** The reports of a promotion, newest first. */
export const reportsOf = async (db: Queryable, promotionId: number): Promise<ReportRow[]> => {
  const rows = await rowsOf(
    db,
    sql`
    select ${REPORT_COLUMNS} from marketing_reports r left join files f on f.id = r.visits_report_file_id
    where r.promotion_id = ${promotionId}::int order by r.created_at desc, r.id desc
  `,
  );
  return rows.map(toReport);
};

export const findReport = async (db: Queryable, promotionId: number, reportId: number): Promise<ReportRow | null> => {
  const rows = await rowsOf(
    db,
    sql`
    select ${REPORT_COLUMNS} from marketing_reports r left join files f on f.id = r.visits_report_file_id
    where r.promotion_id = ${promotionId}::int and r.id = ${reportId}::int
  `,
  );
  return rows[0] ? toReport(rows[0]) : null;
};

/** The report before this one (the start of its campaigns' period), or null for the first. */
export const previousReportAt = async (db: Queryable, promotionId: number, report: { id: number; created_at: string }) => {
  const rows = await rowsOf(
    db,
    sql`
    select created_at from marketing_reports
    where promotion_id = ${promotionId}::int and (created_at, id) < (${report.created_at}::timestamptz, ${report.id}::int)
    order by created_at desc, id desc limit 1
  `,
  );
  return rows[0] ? isoOf(rows[0].created_at) : null;
};

/** The N° of the promotion's next report: the highest plus one (1 for the first). */
export const nextReportNumber = async (db: Queryable, promotionId: number): Promise<number> => {
  const rows = await rowsOf(
    db,
    sql`
    select coalesce(max(number), 0)::int + 1 as next from marketing_reports where promotion_id = ${promotionId}::int
  `,
  );
  return Number(rows[0]?.next ?? 1);
};

/** The highest visits count of the promotion's reports (0 if none). */
export const highestVisits = async (db: Queryable, promotionId: number): Promise<number> => {
  const rows = await rowsOf(
    db,
    sql`
    select coalesce(max(number_of_visits), 0)::int as highest from marketing_reports where promotion_id = ${promotionId}::int
  `,
  );
  return Number(rows[0]?.highest ?? 0);
};

export type ReportLot = { reference: string; type: string; nb_rooms: number; status: number; price: number };

/** The promotion's lots for the report: reference, type, rooms, status and price, in reference order. */
export const reportLots = async (db: Queryable, promotionId: number): Promise<ReportLot[]> => {
  const rows = await rowsOf(
    db,
    sql`
    select l.reference, t.title as type, l.nb_rooms, l.status, l.raw_price
    from lots l join lot_types t on t.id = l.lot_type_id
    where l.promotion_id = ${promotionId}::int and not l.disabled
    order by l.reference, l.id
  `,
  );
  return rows.map((row) => ({
    reference: String(row.reference),
    type: String(row.type),
    nb_rooms: Number(row.nb_rooms),
    status: Number(row.status),
    price: Number(row.raw_price),
  }));
};
