import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { answeredPage } from '../../db/page.js';
import { rowsOf } from '../../db/rows.js';

/** SQL only: the history screen's rows (docs/product/history.md#screens) and the rows its filters name. */

export type LogFilter = { promotionId: number; applicationId?: number; lotId?: number; candidacyId?: number };

export type LogPageRow = {
  total: number;
  page: number;
  application_id: number | null;
  application_reference: string | null;
  application_first_name: string | null;
  application_last_name: string | null;
  candidacy_id: number | null;
  candidacy_first_name: string | null;
  candidacy_last_name: string | null;
  lot_id: number | null;
  lot_reference: string | null;
  lot_public_id: string | null;
  /** Null on an empty page (the one row then carries only the total and the filter rows). */
  id: number | null;
  created_at: Date | string;
  executed_on_title: string;
  title: string;
  /** Null when nobody signed in did it. */
  executor_id: number | null;
  first_name: string | null;
  last_name: string | null;
};

/**
 * One statement for a history page (docs/performance.md#patterns-for-lists): the rows each filter
 * names (an application, deleted ones too, with its lot and first candidate; a candidacy; a lot),
 * each only when it is of the promotion, the total, and one page newest first (id breaks ties)
 * with the executor's name. The page number is clamped in SQL (a page past the last answers the
 * last); the one-row outer select answers the filter rows and the total also on an empty page.
 * Filters are parameters (one SQL text); every combination has its index:
 * logs_promotion_created_idx, or logs_application_idx, logs_lot_idx, logs_candidacy_idx.
 */
export const selectLogPage = async (db: Queryable, filter: LogFilter, page: { number: number; perPage: number }): Promise<LogPageRow[]> => {
  const p = sql.param(filter.promotionId);
  const application = sql.param(filter.applicationId ?? null);
  const lot = sql.param(filter.lotId ?? null);
  const candidacy = sql.param(filter.candidacyId ?? null);
  const perPage = sql.param(page.perPage);
  const where = sql`g.promotion_id = ${p}
    and (${application}::int is null or g.application_id = ${application}::int)
    and (${lot}::int is null or g.lot_id = ${lot}::int)
    and (${candidacy}::int is null or g.candidacy_id = ${candidacy}::int)`;
  return rowsOf<LogPageRow>(
    db,
    sql`
    with total as (
      select count(*)::int as n from logs g where ${where}
    ), clamped as (
      select ${answeredPage(page.number, sql`n`, page.perPage)} as page_number from total
    ), page as (
      -- Numbered after the limit: the sort stays a top-N one (or none, along the index).
      select sorted.*, row_number() over () as ord from (
        select g.id, g.created_at, g.executed_on_title, g.title, u.id as executor_id, u.first_name, u.last_name
        from logs g left join users u on u.id = g.executed_by_id
        where ${where}
        order by g.created_at desc, g.id desc
        limit ${perPage}::int offset (select (page_number - 1) * ${perPage}::int from clamped)
      ) sorted
    )
    select (select n from total) as total, (select page_number from clamped) as page,
      fa.id as application_id, fa.reference as application_reference,
      fa.first_name as application_first_name, fa.last_name as application_last_name,
      fc.id as candidacy_id, fc.first_name as candidacy_first_name, fc.last_name as candidacy_last_name,
      fl.id as lot_id, fl.reference as lot_reference, fl.public_id as lot_public_id,
      page.id, page.created_at, page.executed_on_title, page.title, page.executor_id, page.first_name, page.last_name
    from (values (1)) as one (x)
    left join lateral (
      select a.id, l.reference, c.first_name, c.last_name
      from applications a
      join lots l on l.id = a.lot_id
      join candidacies cy on cy.id = a.candidacy1_id
      join candidates c on c.id = cy.candidate_id
      where a.id = ${application}::int and a.promotion_id = ${p}
    ) fa on true
    left join lateral (
      select cy.id, c.first_name, c.last_name
      from candidacies cy join candidates c on c.id = cy.candidate_id
      where cy.id = ${candidacy}::int and cy.promotion_id = ${p}
    ) fc on true
    left join lateral (
      select l.id, l.reference, l.public_id from lots l where l.id = ${lot}::int and l.promotion_id = ${p}
    ) fl on true
    left join page on true
    order by page.ord
  `,
  );
};
