import { APPLICATION_PRIORITY_LABELS, isRankedPosition } from '@promovente/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { applications, lots } from '../../db/schema/index.js';
import { queueNotificationMails } from '../../platform/mail.js';
import type { CommandContext } from '../commands/index.js';
import { writeLog } from '../logs/logs.service.js';
import { fullName } from '../users/index.js';
import { notifyUsers, type OtherApplication, otherLiveApplications } from './lifecycle.context.js';

/**
 * The one place positions 1-3 of a multi-agency lot move (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), for the pipeline's
 * commands and for deleteCandidacy alike, so that a move reads, resets and notifies the same
 * whichever command caused it: the moved application gets `last_priority_change` now and its
 * deadline notice cleared (the application that reaches priority 1 starts a fresh deadline), a
 * history row of its own, and its broker a notification (in the app, and by e-mail if he keeps
 * them) unless he is the one who acted.
 */

export const priorityLabel = (priority: number) => APPLICATION_PRIORITY_LABELS[priority] ?? String(priority);
/** A ranked position (1-3), not the waiting list: the shared rule. */
export const isRanked = isRankedPosition;

/** The lot whose positions move, as the history and the notifications name it. */
export type PositionsLot = { promotionId: number; lotId: number; lotReference: string; multiAgency: boolean };

/** Why the positions behind a left one move up: the end of the moved applications' history row. */
export const GAP_REASONS = {
  released: (lot: string) => `une position s'est libérée sur le lot ${lot}`,
  deleted: (lot: string) => `un dossier a été supprimé sur le lot ${lot}`,
} as const;

/** Locks the lots first (by id, as the pipeline's commands do), before their applications change. */
export const lockPositions = async (tx: Tx, lotIds: readonly number[]) => {
  if (lotIds.length === 0) return;
  await tx
    .select({ id: lots.id })
    .from(lots)
    .where(inArray(lots.id, [...new Set(lotIds)]))
    .orderBy(asc(lots.id))
    .for('update');
};

/** What a move needs besides the lot: the transaction, the actor, and the e-mail outbox. */
export type PositionsContext = Pick<CommandContext, 'tx' | 'actor' | 'jobs' | 'config'>;

/** Another application's position moves because of the actor's command. */
export const movePosition = async (ctx: PositionsContext, lot: PositionsLot, moved: OtherApplication, to: number, reason: string) => {
  const { tx, actor } = ctx;
  const now = new Date();
  await tx
    .update(applications)
    .set({ priority: to, lastPriorityChange: now, deadlineNotifiedAt: null, updatedAt: now })
    .where(eq(applications.id, moved.id));
  await writeLog(tx, {
    promotionId: lot.promotionId,
    executedById: actor.id,
    onTitle: fullName(moved),
    title: `Priorité modifiée de ${priorityLabel(moved.priority)} à ${priorityLabel(to)} : ${reason}`,
    applicationId: moved.id,
    lotId: lot.lotId,
    candidacyId: moved.candidacy1Id,
  });
  const description = `${fullName(moved)} passe de la priorité ${priorityLabel(moved.priority)} à ${priorityLabel(to)} sur le lot ${lot.lotReference}.`;
  await notifyUsers(tx, actor, [moved.brokerId], { title: 'Priorité modifiée', description, promotionId: lot.promotionId });
  // And by e-mail, through the outbox, to a broker who keeps 'Recevoir les notifications par e-mail'.
  if (moved.brokerId !== null && moved.brokerId !== actor.id) {
    await queueNotificationMails(tx, ctx.jobs, ctx.config.APP_URL, [moved.brokerId], {
      subject: `Promovente : priorité modifiée sur le lot ${lot.lotReference}`,
      promotionId: lot.promotionId,
      text: [description, `Motif : ${reason}.`, '', `Tunnel de vente : ${ctx.config.APP_URL}/tunnel-de-vente`].join('\n'),
    });
  }
};

/**
 * `left` left its position (released to 9, hidden or deleted; read after the change, under the
 * lot's lock): in a multi-agency promotion the ranked positions behind it move up by one.
 */
export const closePositionGap = async (
  ctx: PositionsContext,
  lot: PositionsLot,
  left: { id: number; priority: number },
  cause: keyof typeof GAP_REASONS,
) => {
  if (!lot.multiAgency || !isRanked(left.priority)) return;
  const others = await otherLiveApplications(ctx.tx, { id: left.id, lotId: lot.lotId });
  const behind = others.filter((o) => isRanked(o.priority) && o.priority > left.priority).sort((a, b) => a.priority - b.priority);
  for (const other of behind) await movePosition(ctx, lot, other, other.priority - 1, GAP_REASONS[cause](lot.lotReference));
};
