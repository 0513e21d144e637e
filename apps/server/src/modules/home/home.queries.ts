import type { ApplicationProgressState, HomeSigning, HomeTask } from '@promovente/shared';
import { lotFullTitle } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

export type HomeHeaderRow = {
  id: number;
  title: string;
  logo: string | null;
  broker: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    picture: string | null;
    own: boolean;
  } | null;
  brochureFileId: number | null;
};

/**
 * The promotion, its broker for this reader (his own candidacy's broker, else the promotion's
 * main broker) and the newest brochure (library file of type 3): one statement.
 */
export const homeHeader = async (db: Queryable, promotionId: number, userId: number): Promise<HomeHeaderRow | null> => {
  const [row] = await rowsOf(
    db,
    sql`
    with own as (
      select c.broker_id from candidacies c join candidates d on d.id = c.candidate_id
      where c.promotion_id = ${promotionId} and d.user_id = ${userId} and c.broker_id is not null
      order by c.created_at desc, c.id desc limit 1
    )
    select p.id, p.title, p.logo,
           u.id as broker_id, u.first_name, u.last_name, u.email, u.phone, u.profile_picture,
           (select count(*) from own) > 0 as own_broker,
           (select f.id from files f where f.promotion_id = p.id and f.owner = 'library' and f.type_id = 3
            order by f.created_at desc, f.id desc limit 1) as brochure_id
    from promotions p
    left join users u on u.id = coalesce((select broker_id from own), p.broker_id)
    where p.id = ${promotionId}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    title: String(row.title),
    logo: textOrNull(row.logo),
    broker:
      row.broker_id === null
        ? null
        : {
            id: Number(row.broker_id),
            firstName: String(row.first_name),
            lastName: String(row.last_name),
            email: String(row.email),
            phone: textOrNull(row.phone),
            picture: textOrNull(row.profile_picture),
            own: row.own_broker === true,
          },
    brochureFileId: row.brochure_id === null ? null : Number(row.brochure_id),
  };
};

/** The candidate's live applications in the promotion (as first or second buyer), newest first. */
export const candidateApplications = async (db: Queryable, promotionId: number, userId: number): Promise<ApplicationProgressState[]> => {
  const rows = await rowsOf(
    db,
    sql`
    select a.id, a.public_id, a.status, l.title as lot_title, l.reference as lot_reference,
           a.status_fr_checked, a.status_ac_checked, a.status_fin_checked, a.status_signpdv_checked, a.status_sign_checked,
           a.status_fr, a.status_ac, a.status_fin, a.status_signpdv, a.status_sign,
           a.reservation_sent_at, a.first_reservation_at, a.reservation_confirmed_at, a.promise_planned_at, a.act_of_purchase_at
    from applications a
    join lots l on l.id = a.lot_id
    where a.promotion_id = ${promotionId} and a.hidden = false and a.closed_at is null
      and exists (
        select 1 from candidacies c join candidates d on d.id = c.candidate_id
        where c.id in (a.candidacy1_id, a.candidacy2_id) and d.user_id = ${userId})
    order by a.created_at desc, a.id desc
    limit 10`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    public_id: String(row.public_id),
    lot: lotFullTitle({ title: String(row.lot_title ?? ''), reference: String(row.lot_reference) }),
    status: Number(row.status),
    checked: {
      FR: row.status_fr_checked === true,
      AC: row.status_ac_checked === true,
      FIN: row.status_fin_checked === true,
      SIGNPDV: row.status_signpdv_checked === true,
      SIGN: row.status_sign_checked === true,
    },
    texts: {
      FR: textOrNull(row.status_fr),
      AC: textOrNull(row.status_ac),
      FIN: textOrNull(row.status_fin),
      SIGNPDV: textOrNull(row.status_signpdv),
      SIGN: textOrNull(row.status_sign),
    },
    reservation_sent_at: iso(row.reservation_sent_at),
    first_reservation_at: iso(row.first_reservation_at),
    reservation_confirmed_at: iso(row.reservation_confirmed_at),
    promise_planned_at: iso(row.promise_planned_at),
    act_of_purchase_at: iso(row.act_of_purchase_at),
  }));
};

/** The notary's open tasks in the promotion, soonest first (actions_promotion_open_idx), and their count. */
export const notaryOpenTasks = async (db: Queryable, promotionId: number, userId: number, limit: number) => {
  const rows = await rowsOf(
    db,
    sql`
    select t.id, t.title, t.end_at, d.first_name, d.last_name, count(*) over ()::int as total
    from actions t
    left join candidacies c on c.id = t.candidacy_id
    left join candidates d on d.id = c.candidate_id
    where t.promotion_id = ${promotionId} and t.done_at is null and t.assigned_to_id = ${userId}
    order by t.end_at, t.id
    limit ${limit}`,
  );
  const tasks: HomeTask[] = rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    end_at: iso(row.end_at) as string,
    candidate: row.first_name === null || row.first_name === undefined ? null : `${row.first_name} ${row.last_name}`.trim(),
  }));
  return { tasks, total: rows.length > 0 ? Number(rows[0].total) : 0 };
};

/** The promotion's coming signings: promises and acts planned from now on and not yet signed. */
export const comingSignings = async (db: Queryable, promotionId: number, now: Date, limit: number): Promise<HomeSigning[]> => {
  const rows = await rowsOf(
    db,
    sql`
    select * from (
      select a.id, 'promise' as kind, a.promise_planned_at as at, l.title as lot_title, l.reference as lot_reference,
             d.first_name, d.last_name
      from applications a join lots l on l.id = a.lot_id join candidacies c on c.id = a.candidacy1_id join candidates d on d.id = c.candidate_id
      where a.promotion_id = ${promotionId} and a.hidden = false and a.closed_at is null
        and a.promise_planned_at >= ${now.toISOString()} and a.promise_signed_at is null
      union all
      select a.id, 'act' as kind, a.act_of_purchase_at as at, l.title, l.reference, d.first_name, d.last_name
      from applications a join lots l on l.id = a.lot_id join candidacies c on c.id = a.candidacy1_id join candidates d on d.id = c.candidate_id
      where a.promotion_id = ${promotionId} and a.hidden = false and a.closed_at is null
        and a.act_of_purchase_at >= ${now.toISOString()} and a.act_of_purchase_signed_at is null
    ) s order by at, id limit ${limit}`,
  );
  return rows.map((row) => ({
    application_id: Number(row.id),
    kind: row.kind === 'act' ? 'act' : 'promise',
    date: iso(row.at) as string,
    lot: lotFullTitle({ title: String(row.lot_title ?? ''), reference: String(row.lot_reference) }),
    candidate: `${row.first_name} ${row.last_name}`.trim(),
  }));
};
