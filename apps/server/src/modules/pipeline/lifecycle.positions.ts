import {
  type ApplicationAction,
  ATTRIBUTION_MESSAGES,
  type addCandidacySchema,
  bestAvailablePriority,
  can,
  choosesCrmValidatedPartnersOnly,
  type detachCandidacySchema,
  formatCHF,
  MESSAGES,
  PIPELINE_MESSAGES,
  positionsFull,
  type updateApplicationSchema,
} from '@promovente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { applications, tasks } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import { assertIdsInPromotion } from '../../platform/scoped-ids.js';
import { findPartner } from '../attribution/index.js';
import type { CommandContext, CommandResult } from '../commands/index.js';
import { fullName } from '../users/index.js';
import {
  applicationLog,
  type LoadedApplication,
  type OtherApplication,
  openApplication,
  otherLiveApplications,
  recomputeStatuses,
} from './lifecycle.context.js';
import { closePositionGap, priorityLabel as label, movePosition, type PositionsLot, isRanked as ranked } from './positions.service.js';

/**
 * Positions on a lot (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), the application's own fields, its deletion and its
 * partner. In a multi-agency promotion positions 1-3 are unique and compact: taking or
 * leaving one moves the others through the positions service (`positions.service.ts`, also
 * used by deleteCandidacy). Every change is made under the lot's row lock.
 */

/** The application's lot, as the positions service names it. */
const lotOf = (application: LoadedApplication): PositionsLot => ({
  promotionId: application.promotionId,
  lotId: application.lotId,
  lotReference: application.lotReference,
  multiAgency: application.multiAgency,
});

type UpdateApplicationInput = z.output<typeof updateApplicationSchema>;
type PriorityInput = Extract<UpdateApplicationInput, { priority: number }>;
type PriceInput = Extract<UpdateApplicationInput, { negociated_price: number }>;
type MilestonesInput = Exclude<UpdateApplicationInput, PriorityInput | PriceInput>;

/** The rule of docs/product/funnel.md#actions-on-an-application an updateApplication call falls under, by the field it changes. */
export const updateApplicationAction = (input: UpdateApplicationInput): ApplicationAction =>
  'priority' in input ? 'updatePriority' : 'negociated_price' in input ? 'negotiatePrice' : 'updateStatuses';

const setOwnPriority = async (ctx: CommandContext, application: LoadedApplication, priority: number) => {
  const now = new Date();
  await ctx.tx
    .update(applications)
    .set({ priority, lastPriorityChange: now, deadlineNotifiedAt: null, updatedAt: now })
    .where(eq(applications.id, application.id));
};

/** A position 1-3 is open only while no other live application on the lot is Réservé or beyond (docs/sales-process.md#2-lots-built). */
const assertPositionsOpen = (others: OtherApplication[]) => {
  if (others.some((o) => o.status >= 1)) throw unprocessable(ATTRIBUTION_MESSAGES.waitingListOnly);
};

/** Releases the position (priority 9), the others move up. */
const release = async (ctx: CommandContext, application: LoadedApplication) => {
  await setOwnPriority(ctx, application, 9);
  await closePositionGap(ctx, lotOf(application), application, 'released');
};

/**
 * Takes position `wanted` among the ranked ones of a multi-agency lot: the others keep their
 * order around it and stay compact (1, 2, 3). With the three positions taken, an unranked
 * application cannot enter.
 */
const takePosition = async (ctx: CommandContext, application: LoadedApplication, wanted: number) => {
  const others = await otherLiveApplications(ctx.tx, application);
  assertPositionsOpen(others);
  const order = others.filter((o) => ranked(o.priority)).sort((a, b) => a.priority - b.priority);
  if (!ranked(application.priority) && positionsFull(order.length)) throw unprocessable(MESSAGES.lotAssignmentBlocked);
  const index = Math.min(wanted - 1, order.length);
  const position = index + 1;
  await setOwnPriority(ctx, application, position);
  const line: (OtherApplication | null)[] = [...order];
  line.splice(index, 0, null);
  for (const [i, other] of line.entries()) {
    if (other && other.priority !== i + 1) {
      await movePosition(
        ctx,
        lotOf(application),
        other,
        i + 1,
        `${application.names} a pris la priorité ${position} sur le lot ${application.lotReference}`,
      );
    }
  }
  return position;
};

const priorityResult = (application: LoadedApplication, from: number, to: number): CommandResult<{ id: number; priority: number }> => ({
  data: { id: application.id, priority: to },
  message: to === 9 && from !== 9 ? PIPELINE_MESSAGES.positionReleased : PIPELINE_MESSAGES.prioritySaved,
  log: applicationLog(application, `Priorité modifiée de ${label(from)} à ${label(to)}`),
});

const updatePriority = async (ctx: CommandContext, application: LoadedApplication, input: PriorityInput) => {
  const from = application.priority;
  if (input.priority === from) return { data: { id: application.id, priority: from }, message: PIPELINE_MESSAGES.prioritySaved, log: null };
  if (!application.multiAgency) {
    // Other promotions: the broker chooses freely; positions are advisory (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built).
    if (ranked(input.priority)) assertPositionsOpen(await otherLiveApplications(ctx.tx, application));
    await setOwnPriority(ctx, application, input.priority);
    return priorityResult(application, from, input.priority);
  }
  if (input.priority === 9) {
    await release(ctx, application);
    return priorityResult(application, from, 9);
  }
  return priorityResult(application, from, await takePosition(ctx, application, input.priority));
};

const updatePrice = async (ctx: CommandContext, application: LoadedApplication, input: PriceInput) => {
  await ctx.tx
    .update(applications)
    .set({ negociatedPrice: input.negociated_price, updatedAt: new Date() })
    .where(eq(applications.id, application.id));
  return {
    data: { id: application.id, negociated_price: input.negociated_price },
    message: PIPELINE_MESSAGES.priceSaved,
    log: applicationLog(application, `Prix négocié : ${formatCHF(input.negociated_price)}`),
  };
};

const MILESTONE_COLUMNS = {
  FR: ['statusFr', 'statusFrChecked'],
  AC: ['statusAc', 'statusAcChecked'],
  FIN: ['statusFin', 'statusFinChecked'],
  SIGNPDV: ['statusSignpdv', 'statusSignpdvChecked'],
  SIGN: ['statusSign', 'statusSignChecked'],
} as const;

/**
 * The milestone texts (docs/product/funnel.md#milestones): FR, AC and FIN are never changed by hand, SIGNPDV and
 * SIGN only while not checked, and no checkbox is ever changed by hand. Fields sent unchanged
 * (the modal sends the whole form) are accepted.
 */
const updateMilestones = async (ctx: CommandContext, application: LoadedApplication, input: MilestonesInput) => {
  if (Object.keys(input).length === 0) throw badRequest(MESSAGES.invalidInput);
  const changes: Partial<typeof applications.$inferInsert> = {};
  const changed: string[] = [];
  for (const [milestone, [textColumn, checkedColumn]] of Object.entries(MILESTONE_COLUMNS)) {
    const text = input[`status_${milestone}` as keyof MilestonesInput] as string | null | undefined;
    const checked = input[`status_${milestone}_checked` as keyof MilestonesInput] as boolean | undefined;
    const storedText = application[textColumn];
    const storedChecked = application[checkedColumn];
    if (checked !== undefined && checked !== storedChecked) throw unprocessable(PIPELINE_MESSAGES.milestoneLocked);
    if (text === undefined) continue;
    const wanted = text === '' ? null : text;
    if (wanted === (storedText ?? null)) continue;
    if (milestone === 'FR' || milestone === 'AC' || milestone === 'FIN' || storedChecked) {
      throw unprocessable(PIPELINE_MESSAGES.milestoneLocked);
    }
    changes[textColumn] = wanted;
    changed.push(milestone === 'SIGNPDV' ? 'SIGN PdV' : milestone);
  }
  if (changed.length === 0) return { data: { id: application.id }, message: PIPELINE_MESSAGES.statusesSaved, log: null };
  await ctx.tx
    .update(applications)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(applications.id, application.id));
  return {
    data: { id: application.id },
    message: PIPELINE_MESSAGES.statusesSaved,
    log: applicationLog(application, `Statuts modifiés : ${changed.join(', ')}`),
  };
};

/** updateApplication: one of priority, negociated_price or the milestone fields (docs/product/calls.md#command-dispatcher). */
export const updateApplication = async (ctx: CommandContext, input: UpdateApplicationInput) => {
  const action = updateApplicationAction(input);
  const application = await openApplication(ctx, action, { lockLot: action === 'updatePriority' });
  if ('priority' in input) return updatePriority(ctx, application, input);
  if ('negociated_price' in input) return updatePrice(ctx, application, input);
  return updateMilestones(ctx, application, input);
};

/** goToBestAvailablePriority (docs/product/positions.md#priority-modal): from 9 to the lowest free position of a multi-agency lot. */
export const goToBestAvailablePriority = async (ctx: CommandContext) => {
  const application = await openApplication(ctx, 'updatePriority', { lockLot: true });
  if (!application.multiAgency || application.priority !== 9) throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
  const others = await otherLiveApplications(ctx.tx, application);
  assertPositionsOpen(others);
  const best = bestAvailablePriority(others.map((o) => o.priority));
  if (best === null) throw unprocessable(MESSAGES.lotAssignmentBlocked);
  return priorityResult(application, 9, await takePosition(ctx, application, best));
};

/** goToLatestPriority (docs/product/positions.md#priority-modal 'Libérer la place'): priority 9, the positions behind move up. */
export const goToLatestPriority = async (ctx: CommandContext) => {
  const application = await openApplication(ctx, 'updatePriority', { lockLot: true });
  if (!application.multiAgency || application.priority === 9) throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
  await release(ctx, application);
  return priorityResult(application, application.priority, 9);
};

/** UpdateLastPriorityChange: an admin restarts the deadline of a priority 1 (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
export const updateLastPriorityChange = async (ctx: CommandContext) => {
  if (!can(ctx.actor, 'application.resetPriorityCounter')) throw forbidden();
  const application = await openApplication(ctx, 'updatePriority', { anyAgency: true });
  if (!application.multiAgency || application.priority !== 1) throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
  const now = new Date();
  await ctx.tx
    .update(applications)
    .set({ lastPriorityChange: now, deadlineNotifiedAt: null, updatedAt: now })
    .where(eq(applications.id, application.id));
  return {
    data: { id: application.id, last_priority_change: now.toISOString() },
    message: PIPELINE_MESSAGES.priorityCounterReset,
    log: applicationLog(application, PIPELINE_MESSAGES.priorityCounterReset),
  };
};

/**
 * deleteApplication: hidden, never hard-deleted; its open tasks are closed, the positions
 * behind it move up and the lot's status is recomputed.
 */
export const deleteApplication = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'deleteApplication', { lockLot: true, allowClosed: true });
  const now = new Date();
  await tx.update(applications).set({ hidden: true, updatedAt: now }).where(eq(applications.id, application.id));
  await tx
    .update(tasks)
    .set({ doneAt: now, doneById: actor.id })
    .where(and(eq(tasks.applicationId, application.id), isNull(tasks.doneAt)));
  if (application.closedAt === null) await closePositionGap(ctx, lotOf(application), application, 'deleted');
  await recomputeStatuses(tx, actor, application.promotionId, [application.lotId], [application.candidacy1Id, application.candidacy2Id]);
  return {
    data: { id: application.id },
    message: PIPELINE_MESSAGES.applicationDeleted,
    log: applicationLog(application, `Dossier supprimé (lot ${application.lotReference})`),
  };
};

/**
 * addCandidacy: the partner (candidacy 2) is a candidacy of the same promotion (404 otherwise),
 * not the main one; agency 1 in a promotion synced to the CRM chooses CRM-validated
 * candidacies only (docs/product/validation.md#sales-pipeline-forms, the rule of attributeLot).
 */
export const addCandidacy = async (ctx: CommandContext, input: z.output<typeof addCandidacySchema>) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'addCandidacy', { lockLot: true });
  if (input.promotion_id !== undefined && input.promotion_id !== application.promotionId) throw notFound();
  const partner = await findPartner(tx, input.candidacy_2_id);
  if (!partner || partner.promotionId !== application.promotionId) throw notFound();
  if (partner.id === application.candidacy1Id) throw unprocessable(ATTRIBUTION_MESSAGES.partnerIsSelf);
  if (choosesCrmValidatedPartnersOnly(actor, application.crmUpdatedAt) && !partner.crmValidated) {
    throw unprocessable(ATTRIBUTION_MESSAGES.partnerNotValidated);
  }
  const others = await otherLiveApplications(tx, application);
  if (others.some((o) => o.candidacy1Id === partner.id || o.candidacy2Id === partner.id)) {
    throw conflict(PIPELINE_MESSAGES.partnerAlreadyOnLot);
  }
  await tx.update(applications).set({ candidacy2Id: partner.id, updatedAt: new Date() }).where(eq(applications.id, application.id));
  await recomputeStatuses(tx, actor, application.promotionId, [], [partner.id]);
  const name = fullName(partner);
  return {
    data: { id: application.id, candidacy2_id: partner.id },
    message: PIPELINE_MESSAGES.partnerAdded,
    log: { ...applicationLog(application, `Partenaire ajouté : ${name}`), onTitle: `${application.names} et ${name}` },
  };
};

/** detachCandidacy: removes one of the two candidacies; removing the main one makes the partner the main. */
export const detachCandidacy = async (ctx: CommandContext, input: z.output<typeof detachCandidacySchema>) => {
  const { tx } = ctx;
  const application = await openApplication(ctx, 'detachCandidacy');
  if (input.promotion_id !== undefined && input.promotion_id !== application.promotionId) throw notFound();
  const partnerId = application.candidacy2Id;
  if (partnerId === null || (input.candidacy_id !== application.candidacy1Id && input.candidacy_id !== partnerId)) {
    // Another promotion's or an unknown candidacy answers 404; one of this promotion, the rule's refusal.
    await assertIdsInPromotion(tx, application.promotionId, { candidacyId: input.candidacy_id });
    throw unprocessable(PIPELINE_MESSAGES.notInApplication);
  }
  const main = input.candidacy_id === partnerId ? application.candidacy1Id : partnerId;
  const removed =
    input.candidacy_id === partnerId
      ? fullName({ firstName: application.partnerFirstName ?? '', lastName: application.partnerLastName ?? '' })
      : fullName(application);
  await tx
    .update(applications)
    .set({ candidacy1Id: main, candidacy2Id: null, updatedAt: new Date() })
    .where(eq(applications.id, application.id));
  return {
    data: { id: application.id, candidacy1_id: main, candidacy2_id: null },
    message: PIPELINE_MESSAGES.partnerRemoved,
    log: { ...applicationLog(application, `Partenaire retiré : ${removed}`), candidacyId: main },
  };
};
