import type { PromotionCard, PromotionRecord } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { answeredPage } from '../../db/page.js';
import { rowsOf } from '../../db/rows.js';
import { containsPattern } from '../../db/search.js';
import { avatarUrl, fullName } from '../users/index.js';

/** SQL only: the promotion administration's reads (docs/product/promotion-administration.md). */

type PageOf<T> = { rows: T[]; total: number; page: number };

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The promotions a user may open (every one for an admin), `p` the promotion. Two texts, so that
 * a member's list is read from his memberships (promotion_user_user_idx) and never plans the
 * admin's whole-table read.
 */
const mayOpen = (user: { id: number; admin: boolean }) =>
  user.admin ? sql`true` : sql`p.id in (select pu.promotion_id from promotion_user pu where pu.user_id = ${user.id})`;

/**
 * GET promotions: a page of the cards of 'Mes promotions' by title, each with the names of its
 * agencies, the total and the page answered (the last one when asked past it), in one statement.
 */
export const promotionCardsPage = async (
  db: Queryable,
  user: { id: number; admin: boolean },
  query: { search?: string; page: number; perPage: number; archived: boolean },
): Promise<PageOf<PromotionCard>> => {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const archived = query.archived ? sql`p.archived_at is not null` : sql`p.archived_at is null`;
  const where = sql`${mayOpen(user)} and ${archived} and (${pattern}::text is null or p.title ilike ${pattern}::text)`;
  const page = await rowsOf(
    db,
    sql`
    with total as (select count(*)::int as n from promotions p where ${where}),
    clamped as (select ${answeredPage(query.page, sql`n`, query.perPage)} as page_number from total),
    page as (
      select p.id, p.title, p.logo, p.archived_at from promotions p where ${where}
      order by p.title, p.id
      limit ${query.perPage}::int offset (select (page_number - 1) * ${query.perPage}::int from clamped)
    )
    select (select n from total) as total, (select page_number from clamped) as page, r.*
    from (values (1)) as one (x)
    left join lateral (
      select pg.id, pg.title, pg.logo, pg.archived_at, coalesce((
        select json_agg(a.name order by a.name, a.id) from promotion_agency pa join agencies a on a.id = pa.agency_id
        where pa.promotion_id = pg.id
      ), '[]'::json) as agencies
      from page pg
    ) r on true
    order by r.title, r.id
  `,
  );
  const first = page[0];
  const rows: PromotionCard[] = [];
  for (const row of page) {
    if (row.id === null || row.id === undefined) continue;
    rows.push({
      id: Number(row.id),
      title: String(row.title),
      logo: avatarUrl((row.logo as string | null) ?? null),
      agencies: jsonOf<string[]>(row.agencies),
      archived: row.archived_at !== null && row.archived_at !== undefined,
    });
  }
  return { rows, total: Number(first?.total ?? 0), page: Number(first?.page ?? 1) };
};

/** GET promotions/{id}: the record of the 'Informations' menu, with its agencies and main broker, in one statement. */
export const promotionRecordOf = async (db: Queryable, promotionId: number): Promise<PromotionRecord | null> => {
  const rows = await rowsOf(
    db,
    sql`
    select p.*, b.first_name as broker_first_name, b.last_name as broker_last_name,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name, a.id)
        from promotion_agency pa join agencies a on a.id = pa.agency_id where pa.promotion_id = p.id
      ), '[]'::json) as agencies
    from promotions p
    left join users b on b.id = p.broker_id
    where p.id = ${promotionId}
  `,
  );
  const row = rows[0];
  if (!row) return null;
  const isDemo = row.is_demo === true;
  const brokerId = row.broker_id === null ? null : Number(row.broker_id);
  return {
    id: Number(row.id),
    title: String(row.title),
    url: (row.url as string | null) ?? null,
    logo: avatarUrl((row.logo as string | null) ?? null),
    agencies: jsonOf<{ id: number; name: string }[]>(row.agencies),
    broker_id: brokerId,
    main_broker:
      brokerId === null
        ? null
        : { id: brokerId, full_name: fullName({ firstName: String(row.broker_first_name), lastName: String(row.broker_last_name) }) },
    // A demo promotion's link is never handed out (docs/product/promotion-administration.md#informations-menu).
    token: isDemo ? null : String(row.token),
    is_demo: isDemo,
    prestige: row.prestige === true,
    gtm: (row.gtm as string | null) ?? null,
    external_report_url: (row.external_report_url as string | null) ?? null,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
    share_new_candidates: row.share_new_candidates === true,
    reservation_timeout: row.reservation_timeout === null ? null : Number(row.reservation_timeout),
    multi_agency: row.multi_agency === true,
    crm_updated_at: iso(row.crm_updated_at),
    archived_at: iso(row.archived_at),
  };
};

/** The promotion's row, locked until the transaction ends (its archiving or restoring), or null. */
export const lockPromotionRow = async (db: Queryable, promotionId: number) => {
  const rows = await rowsOf(db, sql`select id, title, archived_at from promotions where id = ${promotionId} for update`);
  const row = rows[0];
  return row ? { id: Number(row.id), title: String(row.title), archived: row.archived_at !== null } : null;
};

/** Archives (now) or restores the promotion. */
export const setArchivedAt = async (db: Queryable, promotionId: number, archivedAt: Date | null) =>
  db.execute(sql`update promotions set archived_at = ${archivedAt} where id = ${promotionId}`);

/** A broker account by id: the main broker a creation names (with his agency). */
export const brokerAccountOf = async (db: Queryable, userId: number): Promise<{ id: number; agencyId: number | null } | null> => {
  const rows = await rowsOf(db, sql`select u.id, u.agency_id from users u where u.id = ${userId} and u.type = 'broker'`);
  const row = rows[0];
  return row ? { id: Number(row.id), agencyId: row.agency_id === null ? null : Number(row.agency_id) } : null;
};
