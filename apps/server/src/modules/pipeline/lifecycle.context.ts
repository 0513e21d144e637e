import {
  type ApplicationAction,
  type ApplicationState,
  actsForApplicationAgency,
  canRunApplicationAction,
  PIPELINE_MESSAGES,
} from '@promovente/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { actionLots, applications, candidacies, candidates, lots, promotions } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth.js';
import { forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { CommandContext, CommandResult } from '../commands/index.js';
import { notify } from '../notifications/notifications.service.js';
import { recomputeCandidacyStatuses, recomputeLotStatuses } from '../statuses/index.js';
import { fullName } from '../users/index.js';
import { loadApplicationStates } from './application-state.queries.js';

/**
 * What every lifecycle command does first (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): lock the rows it changes, then
 * re-check the visibility rule of docs/product/funnel.md#actions-on-an-application with the state the funnel's menu reads,
 * so that a command the menu would not offer is refused whatever the client sends.
 */

const partnerCandidacy = alias(candidacies, 'partner_candidacy');
const partnerCandidate = alias(candidates, 'partner_candidate');

/** The application row a command works on, with what its effects need. */
export type LoadedApplication = Awaited<ReturnType<typeof selectApplication>> & {
  state: ApplicationState;
  /** 'Marie Rochat' or 'Marie Rochat et Paul Aebi': the history's 'Sur' column. */
  names: string;
};

const selectApplication = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      publicId: applications.publicId,
      promotionId: applications.promotionId,
      lotId: applications.lotId,
      candidacy1Id: applications.candidacy1Id,
      candidacy2Id: applications.candidacy2Id,
      status: applications.status,
      priority: applications.priority,
      closedAt: applications.closedAt,
      solvent: applications.solvent,
      statusFr: applications.statusFr,
      statusFrChecked: applications.statusFrChecked,
      statusAc: applications.statusAc,
      statusAcChecked: applications.statusAcChecked,
      statusFin: applications.statusFin,
      statusFinChecked: applications.statusFinChecked,
      statusSignpdv: applications.statusSignpdv,
      statusSignpdvChecked: applications.statusSignpdvChecked,
      statusSign: applications.statusSign,
      statusSignChecked: applications.statusSignChecked,
      reservationSentAt: applications.reservationSentAt,
      firstReservationAt: applications.firstReservationAt,
      reservationConfirmedAt: applications.reservationConfirmedAt,
      promisePlannedAt: applications.promisePlannedAt,
      actOfPurchaseAt: applications.actOfPurchaseAt,
      brokerId: candidacies.brokerId,
      agencyId: candidacies.agencyId,
      candidate1Id: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      candidate2Id: partnerCandidate.id,
      partnerFirstName: partnerCandidate.firstName,
      partnerLastName: partnerCandidate.lastName,
      lotReference: lots.reference,
      promotionTitle: promotions.title,
      multiAgency: promotions.multiAgency,
      crmUpdatedAt: promotions.crmUpdatedAt,
    })
    .from(applications)
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .leftJoin(partnerCandidacy, eq(partnerCandidacy.id, applications.candidacy2Id))
    .leftJoin(partnerCandidate, eq(partnerCandidate.id, partnerCandidacy.candidateId))
    .innerJoin(lots, eq(lots.id, applications.lotId))
    .innerJoin(promotions, eq(promotions.id, applications.promotionId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  return row;
};

export type OpenOptions = {
  /** Lock the lot row first: the command changes statuses or positions on it. */
  lockLot?: boolean;
  /** A closed application (another one on its lot was sold) still accepts this command. */
  allowClosed?: boolean;
  /** Skip the agency rule (the admins' counter reset). */
  anyAgency?: boolean;
};

/**
 * Loads the application under a row lock (the lot first when asked, so that two commands on
 * one lot always lock in the same order), checks the broker's agency (docs/sales-process.md#1-tenancy-and-access-built: a broker
 * acts on his own agency's applications, 403 otherwise) and the rule of `action` (422).
 */
export const openApplication = async (
  ctx: Pick<CommandContext, 'tx' | 'actor' | 'target'>,
  action: ApplicationAction | ((state: ApplicationState) => ApplicationAction),
  options: OpenOptions = {},
): Promise<LoadedApplication> => {
  const { tx, actor, target } = ctx;
  if (options.lockLot) {
    const [ref] = await tx.select({ lotId: applications.lotId }).from(applications).where(eq(applications.id, target.id));
    if (!ref) throw notFound();
    await tx.select({ id: lots.id }).from(lots).where(eq(lots.id, ref.lotId)).for('update');
  }
  const row = await selectApplication(tx, target.id);
  if (!row || row.promotionId !== target.promotionId) throw notFound();
  if (!options.anyAgency && !actsForApplicationAgency(actor, { candidacy_agency_id: row.agencyId })) throw forbidden();
  const state = (await loadApplicationStates(tx, [row.id])).get(row.id);
  if (!state) throw notFound();
  const rule = typeof action === 'function' ? action(state) : action;
  if ((row.closedAt !== null && !options.allowClosed) || !canRunApplicationAction(actor, rule, state)) {
    throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
  }
  const main = fullName(row);
  const partner =
    row.partnerFirstName !== null && row.partnerLastName !== null
      ? fullName({ firstName: row.partnerFirstName, lastName: row.partnerLastName })
      : null;
  return { ...row, state, names: partner ? `${main} et ${partner}` : main };
};

/** The history row of a command on an application, linked to it, its lot and its main candidacy. */
export const applicationLog = (application: LoadedApplication, title: string): NonNullable<CommandResult['log']> => ({
  onTitle: application.names,
  title,
  applicationId: application.id,
  lotId: application.lotId,
  candidacyId: application.candidacy1Id,
});

/**
 * After a status change: the lots' displayed statuses (with their `action_lots` rows, docs/sales-process.md#2-lots-built) and the candidacies' statuses (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), in the command's transaction.
 */
export const recomputeStatuses = async (
  tx: Tx,
  actor: RequestActor,
  promotionId: number,
  lotIds: number[],
  candidacyIds: (number | null)[],
) => {
  const changed = await recomputeLotStatuses(tx, lotIds);
  if (changed.length > 0) {
    await tx
      .insert(actionLots)
      .values(
        changed.map((c) => ({ promotionId, lotId: c.id, userId: actor.id, column: 'status', from: String(c.from), to: String(c.to) })),
      );
  }
  await recomputeCandidacyStatuses(tx, [...new Set(candidacyIds.filter((id): id is number => id !== null))]);
};

/** The other live applications of the application's lot (read after the lot's lock). */
export const otherLiveApplications = (tx: Tx, application: { id: number; lotId: number }) =>
  tx
    .select({
      id: applications.id,
      priority: applications.priority,
      status: applications.status,
      candidacy1Id: applications.candidacy1Id,
      candidacy2Id: applications.candidacy2Id,
      brokerId: candidacies.brokerId,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(applications)
    .innerJoin(candidacies, eq(candidacies.id, applications.candidacy1Id))
    .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
    .where(
      and(
        eq(applications.lotId, application.lotId),
        ne(applications.id, application.id),
        eq(applications.hidden, false),
        isNull(applications.closedAt),
      ),
    );
export type OtherApplication = Awaited<ReturnType<typeof otherLiveApplications>>[number];

/** In-app notifications of the process, never to the user who acted. */
export const notifyUsers = async (
  tx: Tx,
  actor: RequestActor,
  recipients: (number | null)[],
  message: { title: string; description: string; promotionId: number },
) => {
  const to = recipients.filter((id): id is number => id !== null && id !== actor.id);
  await notify(tx, to, message);
};
