import {
  formatDateTime,
  formatSwissDateTime,
  MILESTONE_TEXTS,
  milestoneText,
  PIPELINE_MESSAGES,
  PROCESS_TASKS,
  type ProcessTaskKind,
  type planActOfPurchaseSchema,
  type scheduleAgreementSchema,
  shiftSwissCalendarDays,
} from '@promovente/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { applications, users } from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail.js';
import type { CommandContext } from '../commands/index.js';
import { writeLog } from '../logs/logs.service.js';
import { fullName } from '../users/index.js';
import { applicationLog, notifyUsers, openApplication, otherLiveApplications, recomputeStatuses } from './lifecycle.context.js';
import { candidatesOf, recipientsOf } from './lifecycle.mails.js';
import { closeProcessTasks, openProcessTask, processAssignee } from './process-tasks.js';

/**
 * The steps after the reservation form (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): deposit, solvency, promise and act.
 * Each locks the application (and its lot when a status changes), re-checks its rule of docs/product/funnel.md#actions-on-an-application, then does its effect in the command's one transaction.
 */

const DAY = 86_400_000;
const ALL_PROCESS_KINDS = Object.keys(PROCESS_TASKS) as ProcessTaskKind[];
/** When the process tasks are due (the demo seed's PROCESS_STEPS agree). */
const SOLVENCY_DAYS = 7;
const DRAFT_ACT_DAYS = 10;
const CALL_FOR_FUNDS_BEFORE_ACT_DAYS = 30;
const CALL_FOR_FUNDS_MIN_DAYS = 3;

const later = (days: number, from = new Date()) => new Date(from.getTime() + days * DAY);

/**
 * The notary's 'Envoyer l'appel de fonds' is due 30 calendar days before the act, counted in
 * Swiss time (Europe/Zurich, the same clock changes as the spec's Europe/Paris), but never sooner than 3 days from now nor after the act.
 */
export const callForFundsDue = (actAt: Date, now = new Date()) => {
  const due = Math.max(
    shiftSwissCalendarDays(actAt, -CALL_FOR_FUNDS_BEFORE_ACT_DAYS).getTime(),
    later(CALL_FOR_FUNDS_MIN_DAYS, now).getTime(),
  );
  return new Date(Math.min(due, actAt.getTime()));
};

/** advanceDepositReceived: status 1 Réservé, AC 'Reçu le ...' checked, the banker checks solvency. */
export const advanceDepositReceived = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'advanceDepositReceived', { lockLot: true });
  const others = await otherLiveApplications(tx, application);
  if (others.some((other) => other.status >= 1)) throw conflict(PIPELINE_MESSAGES.lotAlreadyReserved);
  const now = new Date();
  await tx
    .update(applications)
    .set({
      status: 1,
      reservationDepositConfirmedAt: now,
      statusAc: milestoneText(MILESTONE_TEXTS.depositReceived, now),
      statusAcChecked: true,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ['reservation_deposit_expected'], actor.id);
  await openProcessTask(tx, application, 'verify_solvency', later(SOLVENCY_DAYS, now), actor.id);
  await recomputeStatuses(tx, actor, application.promotionId, [application.lotId], [application.candidacy1Id, application.candidacy2Id]);
  await notifyUsers(tx, actor, [application.brokerId], {
    title: 'Acompte de réservation reçu',
    description: `${application.names} — lot ${application.lotReference}`,
    promotionId: application.promotionId,
  });
  return {
    data: { id: application.id, status: 1 },
    message: PIPELINE_MESSAGES.depositPaid,
    log: applicationLog(application, 'Acompte de réservation reçu : dossier réservé'),
  };
};

/** ClientSolvent: solvent, FIN 'Solvable le ...' checked, the solvency task closed. */
export const clientSolvent = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'ClientSolvent');
  const now = new Date();
  await tx
    .update(applications)
    .set({ solvent: true, statusFin: milestoneText(MILESTONE_TEXTS.solvent, now), statusFinChecked: true, updatedAt: now })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ['verify_solvency'], actor.id);
  return {
    data: { id: application.id, solvent: true },
    message: PIPELINE_MESSAGES.clientSolvent,
    log: applicationLog(application, 'Client solvable'),
  };
};

/** clientNonSolvent: not solvent, FIN 'Non solvable le ...' unchecked, the broker notified. */
export const clientNonSolvent = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'clientNonSolvent');
  const now = new Date();
  await tx
    .update(applications)
    .set({ solvent: false, statusFin: milestoneText(MILESTONE_TEXTS.nonSolvent, now), statusFinChecked: false, updatedAt: now })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ['verify_solvency'], actor.id);
  await notifyUsers(tx, actor, [application.brokerId], {
    title: 'Client non solvable',
    description: `${application.names} — lot ${application.lotReference}`,
    promotionId: application.promotionId,
  });
  return {
    data: { id: application.id, solvent: false },
    message: PIPELINE_MESSAGES.clientNonSolvent,
    log: applicationLog(application, 'Client non solvable'),
  };
};

/** scheduleAgreement: the promise date, PDV 'Prévue le ...', the notary sends the draft act. */
export const scheduleAgreement = async (ctx: CommandContext, input: z.output<typeof scheduleAgreementSchema>) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'scheduleAgreement');
  const at = new Date(input.date);
  const now = new Date();
  await tx
    .update(applications)
    .set({ promisePlannedAt: at, statusSignpdv: milestoneText(MILESTONE_TEXTS.promisePlanned, at), updatedAt: now })
    .where(eq(applications.id, application.id));
  const due = new Date(Math.min(later(DRAFT_ACT_DAYS, now).getTime(), Math.max(at.getTime(), now.getTime())));
  await openProcessTask(tx, application, 'send_draft_act', due, actor.id);
  return {
    data: { id: application.id, promise_planned_at: at.toISOString() },
    message: PIPELINE_MESSAGES.agreementScheduled,
    log: applicationLog(application, `Signature de la promesse planifiée le ${formatDateTime(at)}`),
  };
};

/** draftActSent: the notary then confirms the promise funds, due at the promise date. */
export const draftActSent = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'draftActSent');
  await closeProcessTasks(tx, application.id, ['send_draft_act'], actor.id);
  await openProcessTask(tx, application, 'confirm_promise_funds', application.promisePlannedAt ?? new Date(), actor.id);
  return {
    data: { id: application.id },
    message: PIPELINE_MESSAGES.draftActSent,
    log: applicationLog(application, "Projet d'acte envoyé"),
  };
};

/** agreementFundsReceived: the promise is signed, PDV checked, status 2, the lot shows Signé. */
export const agreementFundsReceived = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'agreementFundsReceived', { lockLot: true });
  if (application.status !== 1) throw unprocessable(PIPELINE_MESSAGES.actionUnavailable);
  const now = new Date();
  await tx
    .update(applications)
    .set({
      status: 2,
      promiseSignedAt: now,
      statusSignpdv: milestoneText(MILESTONE_TEXTS.promiseSigned, now),
      statusSignpdvChecked: true,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ['confirm_promise_funds'], actor.id);
  await recomputeStatuses(tx, actor, application.promotionId, [application.lotId], [application.candidacy1Id, application.candidacy2Id]);
  return {
    data: { id: application.id, status: 2 },
    message: PIPELINE_MESSAGES.promiseSigned,
    log: applicationLog(application, 'Fonds de la promesse reçus : promesse de vente signée'),
  };
};

/**
 * planActOfPurchase: the act date, SIGN 'Prévue le ...'; e-mails the promotion's notary (main
 * notary first) and, unless do_not_send_email, the candidates; the notary sends the call for
 * funds. Without a notary in the promotion: 'Veuillez ajouter un notaire ...' (docs/product/errors.md#sales-pipeline).
 */
export const planActOfPurchase = async (ctx: CommandContext, input: z.output<typeof planActOfPurchaseSchema>) => {
  const { tx, actor, jobs } = ctx;
  const application = await openApplication(ctx, 'planActOfPurchase');
  const notaryId = await processAssignee(tx, application.promotionId, 'send_call_for_funds', null);
  if (notaryId === null) throw unprocessable(PIPELINE_MESSAGES.noNotary);
  const [notary] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, notaryId));
  const at = new Date(input.date);
  const now = new Date();
  await tx
    .update(applications)
    .set({ actOfPurchaseAt: at, statusSign: milestoneText(MILESTONE_TEXTS.actPlanned, at), updatedAt: now })
    .where(eq(applications.id, application.id));

  const when = `Signature de l'acte prévue le ${formatSwissDateTime(at)}`;
  await queueMail(tx, jobs, {
    kind: 'personal',
    to: [notary.email],
    subject: input.subject,
    text: [input.body, '', `Dossier : ${application.names} — lot ${application.lotReference} (${application.promotionTitle})`, when].join(
      '\n',
    ),
    promotionId: application.promotionId,
  });
  if (!input.do_not_send_email) {
    const to = recipientsOf(await candidatesOf(tx, application), input.emails).filter(
      (address) => address.toLowerCase() !== notary.email.toLowerCase(),
    );
    if (to.length > 0) {
      await queueMail(tx, jobs, { kind: 'personal', to, subject: input.subject, text: input.body, promotionId: application.promotionId });
    }
  }
  await openProcessTask(tx, application, 'send_call_for_funds', callForFundsDue(at, now), actor.id);
  return {
    data: { id: application.id, act_of_purchase_at: at.toISOString(), notary: fullName(notary) },
    message: PIPELINE_MESSAGES.actPlanned,
    log: applicationLog(application, `Signature de l'acte planifiée le ${formatDateTime(at)}`),
  };
};

/** callForFundsSent: the notary's task closed, the broker notified. */
export const callForFundsSent = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'callForFundsSent');
  await closeProcessTasks(tx, application.id, ['send_call_for_funds'], actor.id);
  await notifyUsers(tx, actor, [application.brokerId], {
    title: 'Appel de fonds envoyé',
    description: `${application.names} — lot ${application.lotReference}`,
    promotionId: application.promotionId,
  });
  return {
    data: { id: application.id },
    message: PIPELINE_MESSAGES.callForFundsSent,
    log: applicationLog(application, 'Appel de fonds envoyé'),
  };
};

/**
 * actOfPurchaseSigned: SIGN 'Signé le ...' checked, status 3 Vendu. Every other live application
 * on the lot is closed (with its open process tasks), logged, and its broker notified.
 */
export const actOfPurchaseSigned = async (ctx: CommandContext) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'actOfPurchaseSigned', { lockLot: true });
  const others = await otherLiveApplications(tx, application);
  const now = new Date();
  await tx
    .update(applications)
    .set({
      status: 3,
      actOfPurchaseSignedAt: now,
      statusSign: milestoneText(MILESTONE_TEXTS.actSigned, now),
      statusSignChecked: true,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ALL_PROCESS_KINDS, actor.id);
  if (others.length > 0) {
    await tx
      .update(applications)
      .set({ closedAt: now, updatedAt: now })
      .where(
        inArray(
          applications.id,
          others.map((o) => o.id),
        ),
      );
    for (const other of others) {
      await closeProcessTasks(tx, other.id, ALL_PROCESS_KINDS, actor.id);
      await writeLog(tx, {
        promotionId: application.promotionId,
        executedById: actor.id,
        onTitle: fullName(other),
        title: `Dossier clos : le lot ${application.lotReference} a été vendu à un autre candidat`,
        applicationId: other.id,
        lotId: application.lotId,
        candidacyId: other.candidacy1Id,
      });
      await notifyUsers(tx, actor, [other.brokerId], {
        title: `Lot ${application.lotReference} vendu`,
        description: `Le lot ${application.lotReference} a été vendu à un autre candidat : le dossier de ${fullName(other)} est clos.`,
        promotionId: application.promotionId,
      });
    }
  }
  await recomputeStatuses(
    tx,
    actor,
    application.promotionId,
    [application.lotId],
    [application.candidacy1Id, application.candidacy2Id, ...others.flatMap((o) => [o.candidacy1Id, o.candidacy2Id])],
  );
  return {
    data: { id: application.id, status: 3, closed: others.map((o) => o.id) },
    message: PIPELINE_MESSAGES.actSigned,
    log: applicationLog(application, 'Acte de vente signé : lot vendu'),
  };
};
