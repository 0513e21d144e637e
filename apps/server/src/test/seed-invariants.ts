import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { type RawRow, rowsOf } from '../db/rows.js';

export const query = <T extends RawRow = RawRow>(database: Database, text: string): Promise<T[]> => rowsOf<T>(database.db, sql.raw(text));

export const LIVE = 'not a.hidden and a.closed_at is null';

/**
 * The list rows' kept counts (candidacy_row_counts and application_row_counts, migrations 0046
 * and 0047), and the same counts made from the rows, as the pages read them before: the two always
 * answer the same.
 */
export const ROW_COUNTS = {
  kept: 'select candidacy_id, promotion_id, comments, files, live_applications, open_tasks from candidacy_row_counts order by candidacy_id',
  counted: `select * from (
      select c.id as candidacy_id, c.promotion_id,
        (select count(*)::int from user_comments m where m.candidacy_id = c.id) as comments,
        (select count(*)::int from files f where f.candidacy_id = c.id and f.owner = 'candidacy') as files,
        (select count(*)::int from applications a where (a.candidacy1_id = c.id or a.candidacy2_id = c.id) and ${LIVE}) as live_applications,
        (select count(*)::int from actions t where t.candidacy_id = c.id and t.done_at is null) as open_tasks
      from candidacies c) k
    where comments + files + live_applications + open_tasks > 0
    order by candidacy_id`,
  /** The funnel rows' open tasks (application_row_counts, migration 0047). */
  keptOfApplications: 'select application_id, promotion_id, open_tasks from application_row_counts order by application_id',
  countedOfApplications: `select a.id as application_id, a.promotion_id, count(*)::int as open_tasks
    from applications a inner join actions t on t.application_id = a.id and t.done_at is null
    group by a.id order by a.id`,
};

/** The rules every seeded database keeps, whatever the scale (docs/sales-process.md). */
export const expectProcessInvariants = async (database: Database) => {
  // Never two live applications at status >= 1 on one lot.
  expect(
    await query(database, `select lot_id from applications a where status >= 1 and ${LIVE} group by lot_id having count(*) > 1`),
  ).toEqual([]);

  // The displayed lot status is the derivation of its live applications, else its raw status.
  expect(
    await query(
      database,
      `select l.id, l.reference, l.status, l.raw_status, max(a.status) as best
       from lots l left join applications a on a.lot_id = l.id and ${LIVE}
       group by l.id
       having l.status <> case max(a.status) when 0 then 2 when 1 then 3 when 2 then 4 when 3 then 4 else l.raw_status end`,
    ),
  ).toEqual([]);

  // Candidacy status follows its best live application; Non retenu (CP) ones have none at all.
  expect(
    await query(
      database,
      `with live as (
         select candidacy1_id as id, status from applications a where ${LIVE}
         union all select candidacy2_id, status from applications a where candidacy2_id is not null and ${LIVE}),
       any_app as (
         select candidacy1_id as id from applications union select candidacy2_id from applications where candidacy2_id is not null),
       best as (select id, max(status) as best from live group by id)
       select c.id, c.status, b.best from candidacies c
       left join best b on b.id = c.id
       left join any_app x on x.id = c.id
       where not ((b.best is not null and c.status = b.best + 3) or (b.best is null and c.status = 0) or (c.status in (1, 2) and x.id is null))`,
    ),
  ).toEqual([]);

  // Multi-agency: positions 1-3 unique per lot (so at most 3); only position 1 gets the form.
  expect(
    await query(
      database,
      `select a.lot_id, a.priority from applications a join promotions p on p.id = a.promotion_id
       where p.multi_agency and ${LIVE} and a.priority in (1, 2, 3)
       group by a.lot_id, a.priority having count(*) > 1`,
    ),
  ).toEqual([]);
  expect(
    await query(
      database,
      `select a.id from applications a join promotions p on p.id = a.promotion_id
       where p.multi_agency and ${LIVE} and (a.status >= 1 or a.reservation_sent_at is not null) and a.priority <> 1`,
    ),
  ).toEqual([]);
  const full = await query<{ promotion_id: number }>(
    database,
    `select a.promotion_id from applications a join promotions p on p.id = a.promotion_id
     where p.multi_agency and ${LIVE} and a.priority in (1, 2, 3)
     group by a.promotion_id, a.lot_id having count(*) = 3`,
  );
  const multi = await query<{ id: number }>(database, 'select id from promotions where multi_agency');
  expect(new Set(full.map((r) => r.promotion_id)).size).toBe(multi.length);

  // Milestones and dates coherent with the status.
  expect(
    await query(
      database,
      `select id, status from applications where not (
         (status < 1 or (reservation_sent_at is not null and first_reservation_at is not null and reservation_confirmed_at is not null
           and reservation_deposit_confirmed_at is not null and status_fr_checked and status_ac_checked))
         and (status < 2 or (promise_planned_at is not null and promise_signed_at is not null and status_fin_checked and status_signpdv_checked))
         and (status < 3 or (act_of_purchase_at is not null and act_of_purchase_signed_at is not null and status_sign_checked))
         and (status >= 1 or (reservation_deposit_confirmed_at is null and not status_ac_checked and promise_planned_at is null))
         and (status >= 2 or (promise_signed_at is null and not status_signpdv_checked and act_of_purchase_at is null))
         and (status >= 3 or (act_of_purchase_signed_at is null and not status_sign_checked))
         and (status_fr_checked = (reservation_confirmed_at is not null))
         and (reservation_sent_at is null or status_fr like 'Envoyé le __/__/____ __:__' or status_fr like 'Rempli le %' or status_fr like 'Validé le %')
         and (negociated_price is null or negociated_price % 1000 = 0)
         and created_at <= coalesce(reservation_sent_at, created_at)
         and coalesce(reservation_sent_at, created_at) <= coalesce(first_reservation_at, reservation_sent_at, created_at)
         and coalesce(first_reservation_at, created_at) <= coalesce(reservation_confirmed_at, first_reservation_at, created_at)
         and coalesce(reservation_confirmed_at, created_at) <= coalesce(reservation_deposit_confirmed_at, reservation_confirmed_at, created_at)
         and coalesce(reservation_deposit_confirmed_at, created_at) <= coalesce(promise_signed_at, reservation_deposit_confirmed_at, created_at)
         and coalesce(promise_signed_at, created_at) <= coalesce(act_of_purchase_signed_at, promise_signed_at, created_at)
         and greatest(created_at, reservation_sent_at, first_reservation_at, reservation_confirmed_at,
                      reservation_deposit_confirmed_at, promise_signed_at, act_of_purchase_signed_at) < now()
         and last_priority_change >= created_at
       )`,
    ),
  ).toEqual([]);

  // Open process tasks match the stage of their application.
  expect(
    await query(
      database,
      `select t.id, t.kind, a.status from actions t join applications a on a.id = t.application_id
       where t.done_at is null and t.kind is not null and not (
         (t.kind = 'reservation_form_pending' and a.status = 0 and a.reservation_sent_at is not null and a.first_reservation_at is null)
         or (t.kind = 'verify_reservation_form' and a.status = 0 and a.first_reservation_at is not null and a.reservation_confirmed_at is null)
         or (t.kind = 'reservation_deposit_expected' and a.status = 0 and a.reservation_confirmed_at is not null)
         or (t.kind = 'verify_solvency' and a.status = 1 and not a.status_fin_checked)
         or (t.kind in ('send_draft_act', 'confirm_promise_funds') and a.status = 1 and a.promise_planned_at is not null)
         or (t.kind = 'send_call_for_funds' and a.status = 2 and a.act_of_purchase_at is not null))`,
    ),
  ).toEqual([]);
  // Every reservation without FIN has its open solvency task, for the banker.
  expect(
    await query(
      database,
      `select a.id from applications a where ${LIVE} and a.status = 1 and not a.status_fin_checked
       and not exists (select 1 from actions t join users u on u.id = t.assigned_to_id
         where t.application_id = a.id and t.done_at is null and t.kind = 'verify_solvency' and u.type = 'banker'
           and t.title = 'Vérifier la solvabilité du client' and t.automatic_end)`,
    ),
  ).toEqual([]);
  expect(
    await query(
      database,
      `select kind, array_agg(distinct title) titles from actions where kind is not null group by kind having count(distinct title) > 1 or not bool_and(automatic_end)`,
    ),
  ).toEqual([]);
  // At most one open process task per application.
  expect(
    await query(
      database,
      `select application_id from actions where kind is not null and done_at is null group by application_id having count(*) > 1`,
    ),
  ).toEqual([]);

  // Every row stays in its promotion.
  expect(
    await query(
      database,
      `select 'application' as what, a.id from applications a join lots l on l.id = a.lot_id join candidacies c on c.id = a.candidacy1_id
         left join candidacies c2 on c2.id = a.candidacy2_id
         where l.promotion_id <> a.promotion_id or c.promotion_id <> a.promotion_id or c2.promotion_id <> a.promotion_id
       union all select 'lot', l.id from lots l join buildings b on b.id = l.building_id where b.promotion_id <> l.promotion_id
       union all select 'child', l.id from lots l join lots p on p.id = l.parent_id where p.promotion_id <> l.promotion_id
       union all select 'task', t.id from actions t
         left join candidacies c on c.id = t.candidacy_id left join lots l on l.id = t.lot_id left join applications a on a.id = t.application_id
         where coalesce(c.promotion_id, l.promotion_id, a.promotion_id) <> t.promotion_id
       union all select 'candidacy agency', c.id from candidacies c
         where not exists (select 1 from promotion_agency pa where pa.promotion_id = c.promotion_id and pa.agency_id = c.agency_id)
       union all select 'broker agency', c.id from candidacies c join users u on u.id = c.broker_id where u.agency_id <> c.agency_id
       union all select 'crm', c.id from candidacies c where c.crm_validated and c.agency_id <> 1`,
    ),
  ).toEqual([]);

  // Every application has its history.
  expect(
    await query(
      database,
      `select a.id from applications a where not exists (select 1 from logs g where g.application_id = a.id and g.executed_on_title <> '')`,
    ),
  ).toEqual([]);

  // Sequences are past the explicit ids.
  for (const table of [
    'users',
    'promotions',
    'buildings',
    'lots',
    'candidates',
    'candidacies',
    'applications',
    'actions',
    'logs',
    'agencies',
  ]) {
    const [r] = await query<{ ok: boolean }>(
      database,
      `select nextval(pg_get_serial_sequence('${table}', 'id')) > (select coalesce(max(id), 0) from "${table}") as ok`,
    );
    expect(r.ok, table).toBe(true);
  }
};
