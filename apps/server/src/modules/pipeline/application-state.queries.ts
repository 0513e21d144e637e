import type { ApplicationState } from '@promovente/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { applications, candidacies, promotions, tasks } from '../../db/schema/index.js';

/**
 * The process tasks still open on an application, as a text[] (never null): the subquery the
 * state reads, also folded into the funnel's page statement so that both read the same rule.
 * Index actions_application_idx. Its table is aliased and the application is passed qualified:
 * Drizzle writes a one-table select's columns unqualified, which a subquery would capture.
 */
export const openTaskKindsSql = (applicationId: SQL): SQL<string[]> =>
  sql<
    string[]
  >`array(select t.kind from ${tasks} t where t.application_id = ${applicationId} and t.done_at is null and t.kind is not null)`;

/**
 * The raw fields a state is built from (the funnel's page statement selects the same; its dates
 * arrive as ISO text, which the rules read as set or not, like a Date).
 */
export type ApplicationStateFields = {
  status: number;
  priority: number;
  multiAgency: boolean;
  reservationSentAt: Date | string | null;
  firstReservationAt: Date | string | null;
  reservationConfirmedAt: Date | string | null;
  reservationDepositConfirmedAt: Date | string | null;
  promisePlannedAt: Date | string | null;
  actOfPurchaseAt: Date | string | null;
  statusFinChecked: boolean;
  solvent: boolean | null;
  candidacy2Id: number | null;
  agencyId: number | null;
  kinds: readonly string[] | null;
};

export const toApplicationState = (r: ApplicationStateFields): ApplicationState => ({
  status: r.status,
  priority: r.priority,
  multi_agency: r.multiAgency,
  reservation_sent_at: r.reservationSentAt,
  first_reservation_at: r.firstReservationAt,
  reservation_confirmed_at: r.reservationConfirmedAt,
  reservation_deposit_confirmed_at: r.reservationDepositConfirmedAt,
  promise_planned_at: r.promisePlannedAt,
  act_of_purchase_at: r.actOfPurchaseAt,
  status_FIN_checked: r.statusFinChecked,
  solvent: r.solvent,
  has_partner: r.candidacy2Id !== null,
  open_task_kinds: r.kinds ?? [],
  candidacy_agency_id: r.agencyId,
});

/**
 * What the action rules of docs/product/funnel.md#actions-on-an-application need to know of each application, for a page of
 * rows or for the one a command runs on: one query whatever the number of ids. The funnel's
 * menu and the commands' checks both read it, so they cannot disagree. The promotion and the
 * main candidacy are read per application by primary key (scalar subqueries), never by a join
 * the planner could turn into a read of every promotion.
 */
export const loadApplicationStates = async (db: Queryable, ids: readonly number[]): Promise<Map<number, ApplicationState>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      priority: applications.priority,
      multiAgency: sql<boolean>`(select p.multi_agency from ${promotions} p where p.id = "applications"."promotion_id")`,
      reservationSentAt: applications.reservationSentAt,
      firstReservationAt: applications.firstReservationAt,
      reservationConfirmedAt: applications.reservationConfirmedAt,
      reservationDepositConfirmedAt: applications.reservationDepositConfirmedAt,
      promisePlannedAt: applications.promisePlannedAt,
      actOfPurchaseAt: applications.actOfPurchaseAt,
      statusFinChecked: applications.statusFinChecked,
      solvent: applications.solvent,
      candidacy2Id: applications.candidacy2Id,
      agencyId: sql<number | null>`(select c.agency_id from ${candidacies} c where c.id = "applications"."candidacy1_id")`,
      kinds: openTaskKindsSql(sql`"applications"."id"`),
    })
    .from(applications)
    .where(sql`${applications.id} = any(${sql.param([...ids])}::int[])`);
  return new Map(rows.map((r) => [r.id, toApplicationState({ ...r, multiAgency: Boolean(r.multiAgency) })]));
};
