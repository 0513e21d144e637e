import type { ApplicationState } from '@promovente/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { applications, candidacies, promotions, tasks } from '../../db/schema/index.js';

/**
 * What the action rules of docs/product/funnel.md#actions-on-an-application need to know of each application, for a page of
 * rows or for the one a command runs on: one query whatever the number of ids. The funnel's
 * menu and the commands' checks both read it, so they cannot disagree.
 */
export const loadApplicationStates = async (db: Queryable, ids: readonly number[]): Promise<Map<number, ApplicationState>> => {
  if (ids.length === 0) return new Map();
  const openKinds = db
    .select({
      applicationId: tasks.applicationId,
      kinds: sql<string[]>`array_agg(${tasks.kind})`.as('kinds'),
    })
    .from(tasks)
    .where(and(inArray(tasks.applicationId, [...ids]), isNull(tasks.doneAt), isNotNull(tasks.kind)))
    .groupBy(tasks.applicationId)
    .as('open_kinds');
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      priority: applications.priority,
      multiAgency: promotions.multiAgency,
      reservationSentAt: applications.reservationSentAt,
      firstReservationAt: applications.firstReservationAt,
      reservationConfirmedAt: applications.reservationConfirmedAt,
      reservationDepositConfirmedAt: applications.reservationDepositConfirmedAt,
      promisePlannedAt: applications.promisePlannedAt,
      actOfPurchaseAt: applications.actOfPurchaseAt,
      statusFinChecked: applications.statusFinChecked,
      solvent: applications.solvent,
      candidacy2Id: applications.candidacy2Id,
      agencyId: candidacies.agencyId,
      kinds: openKinds.kinds,
    })
    .from(applications)
    .innerJoin(promotions, eq(promotions.id, applications.promotionId))
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .leftJoin(openKinds, eq(openKinds.applicationId, applications.id))
    .where(inArray(applications.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
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
      },
    ]),
  );
};
