import {
  APPLICATION_STATUS_LABELS,
  applicationActions,
  type FunnelRow,
  priorityDeadline,
  priorityDeadlineChanges,
} from '@promovente/shared';
import { isoOfTimestamp } from '../../db/rows.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerChangesAt } from '../../platform/clock.js';
import { toApplicationState } from '../pipeline/index.js';
import { avatarUrl, fullName } from '../users/index.js';
import type { ApplicationListRow } from './applications.queries.js';

/**
 * A row of the funnel's page (FunnelRow, issue 20 lean pages) from a row of its page statement:
 * what the table, the menu and 'À faire' show. The menu's actions are the rules' answer on the
 * row's state, as GET /applications/:id answers them (`applications.test.ts` holds that a page row
 * is that row cut to these fields).
 */
export const toFunnelRow = (
  actor: RequestActor,
  r: ApplicationListRow,
  promotion: { multiAgency: boolean; reservationTimeout: number | null },
  tasksOfRow: { tasks: FunnelRow['tasks']; total: number } | undefined,
  asCandidacy: number | undefined,
  now: Date,
): FunnelRow => {
  const status = r.status;
  const priority = r.priority;
  const deadline = priorityDeadline(
    { status, priority, last_priority_change: new Date(isoOfTimestamp(r.last_priority_change) as string) },
    { multi_agency: promotion.multiAgency, reservation_timeout: promotion.reservationTimeout },
    now,
  );
  // An answer kept by version is made again when the deadline's flags change (platform/clock.ts).
  if (deadline.deadline) for (const at of priorityDeadlineChanges(deadline.deadline)) answerChangesAt(at);
  const candidacy2Id = r.candidacy2_id === null ? null : Number(r.candidacy2_id);
  // The rules read the steps' dates as set or not (application-state.queries.ts).
  const state = toApplicationState({
    status,
    priority,
    multiAgency: promotion.multiAgency,
    reservationSentAt: stepDate(r.reservation_sent_at),
    firstReservationAt: stepDate(r.first_reservation_at),
    reservationConfirmedAt: stepDate(r.reservation_confirmed_at),
    reservationDepositConfirmedAt: stepDate(r.reservation_deposit_confirmed_at),
    promisePlannedAt: stepDate(r.promise_planned_at),
    actOfPurchaseAt: stepDate(r.act_of_purchase_at),
    statusFinChecked: Boolean(r.status_fin_checked),
    solvent: r.solvent === null ? null : Boolean(r.solvent),
    candidacy2Id,
    agencyId: int(r.main_agency_id),
    kinds: (r.open_task_kinds as string[] | null) ?? [],
  });
  const asSecondCandidate = asCandidacy !== undefined && candidacy2Id === asCandidacy;
  return {
    id: r.id,
    public_id: String(r.public_id),
    status,
    status_text: APPLICATION_STATUS_LABELS[status] ?? '',
    priority,
    deadline: deadline.deadline,
    deadline_is_in_less_than_one_day: deadline.deadline_is_in_less_than_one_day,
    is_over_deadline: deadline.is_over_deadline,
    negociated_price: int(r.negociated_price),
    broker:
      r.broker_id === null
        ? null
        : {
            id: Number(r.broker_id),
            full_name: fullName({ firstName: String(r.broker_first_name ?? ''), lastName: String(r.broker_last_name ?? '') }),
            profile_picture: avatarUrl(text(r.broker_picture)),
          },
    candidacy1: candidacy(r.main_id, r.main_candidate_id, r.main_first_name, r.main_last_name) as FunnelRow['candidacy1'],
    candidacy2: candidacy(r.partner_id, r.partner_candidate_id, r.partner_first_name, r.partner_last_name),
    lot: {
      public_id: String(r.lot_public_id),
      reference: String(r.lot_reference),
      building: String(r.building_title),
      nb_rooms: Number(r.lot_nb_rooms),
      // lots.area_hab is not null (db/schema/promotions.ts).
      area_hab: Number(r.lot_area_hab),
      floor: String(r.floor_title),
      total_price: Number(r.lot_total_price),
    },
    status_FR: text(r.status_fr),
    status_FR_checked: Boolean(r.status_fr_checked),
    status_AC: text(r.status_ac),
    status_AC_checked: Boolean(r.status_ac_checked),
    status_FIN: text(r.status_fin),
    status_FIN_checked: Boolean(r.status_fin_checked),
    status_SIGNPDV: text(r.status_signpdv),
    status_SIGNPDV_checked: Boolean(r.status_signpdv_checked),
    status_SIGN: text(r.status_sign),
    status_SIGN_checked: Boolean(r.status_sign_checked),
    tasks: tasksOfRow?.tasks ?? [],
    tasks_count: tasksOfRow?.total ?? 0,
    actions: applicationActions(actor, Object.assign({}, state, { as_second_candidate: asSecondCandidate })),
  };
};

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const stepDate = (value: unknown) => (value === null || value === undefined ? null : (value as Date | string));

/** A candidacy of a row and its candidate's name (null: no partner), each column read by its own name. */
const candidacy = (id: unknown, candidateId: unknown, firstName: unknown, lastName: unknown): FunnelRow['candidacy2'] =>
  id === null || candidateId === null
    ? null
    : {
        id: Number(id),
        candidate: {
          id: Number(candidateId),
          full_name: fullName({ firstName: String(firstName ?? ''), lastName: String(lastName ?? '') }),
        },
      };
