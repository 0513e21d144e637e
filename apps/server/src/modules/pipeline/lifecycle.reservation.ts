import {
  fromSwissTime,
  MILESTONE_TEXTS,
  milestoneText,
  PIPELINE_MESSAGES,
  type sendReservationFormSchema,
  type unvalidateReservationFormSchema,
  type validateReservationFormSchema,
} from '@promovente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { applications, tasks } from '../../db/schema/index.js';
import { unprocessable } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail.js';
import type { CommandContext } from '../commands/index.js';
import { assistantsOf } from '../users/index.js';
import { applicationLog, openApplication } from './lifecycle.context.js';
import { candidatesOf, credentialLines, ensureAccounts, mailEachCandidate, recipientsOf, reservationFormLink } from './lifecycle.mails.js';
import { closeProcessTasks, openProcessTask } from './process-tasks.js';

const DAY = 86_400_000;
/** When the process tasks of the reservation are due (the demo seed's PROCESS_STEPS agree). */
const FORM_PENDING_DAYS = 5;

/**
 * sendReservationForm (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), which also serves 'resend': the first sending sets
 * reservation_sent_at and FR 'Envoyé le ...' and opens 'Formulaire de réservation en attente du
 * client' for the broker; a resend keeps the first date. Both create the candidates' missing
 * accounts and e-mail each candidate the form link and his access, unless do_not_send_email.
 */
export const sendReservationForm = async (ctx: CommandContext, input: z.output<typeof sendReservationFormSchema>) => {
  const { tx, actor, jobs, config } = ctx;
  const application = await openApplication(ctx, (state) => (state.reservation_sent_at ? 'resendReservationForm' : 'sendReservationForm'));
  const resend = application.reservationSentAt !== null;
  const people = await candidatesOf(tx, application);
  if (!input.do_not_send_email && recipientsOf(people, input.emails).length === 0) {
    throw unprocessable(PIPELINE_MESSAGES.candidateWithoutEmail);
  }
  const now = new Date();
  const accounts = await ensureAccounts(tx, application.promotionId, people, 'missing');

  if (!resend) {
    await tx
      .update(applications)
      .set({ reservationSentAt: now, statusFr: milestoneText(MILESTONE_TEXTS.formSent, now), updatedAt: now })
      .where(eq(applications.id, application.id));
  }
  const waiting = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.applicationId, application.id), eq(tasks.kind, 'reservation_form_pending'), isNull(tasks.doneAt)))
    .limit(1);
  if (application.firstReservationAt === null && waiting.length === 0) {
    await openProcessTask(tx, application, 'reservation_form_pending', new Date(now.getTime() + FORM_PENDING_DAYS * DAY), actor.id);
  }

  const link = reservationFormLink(config, application.publicId);
  const withLink = [input.body, '', `Formulaire de réservation : ${link}`];
  let sent = 0;
  if (!input.do_not_send_email) {
    sent += await mailEachCandidate(tx, jobs, people, {
      kind: 'personal',
      promotionId: application.promotionId,
      subject: input.subject,
      text: (person) => [...withLink, ...credentialLines(config, accounts.get(person.candidateId))].join('\n'),
    });
    const extra = recipientsOf([], input.emails).filter((address) => !people.some((p) => p.email?.toLowerCase() === address.toLowerCase()));
    if (extra.length > 0) {
      await queueMail(tx, jobs, {
        kind: 'personal',
        to: extra,
        subject: input.subject,
        text: withLink.join('\n'),
        promotionId: application.promotionId,
      });
      sent += 1;
    }
  }
  if (input.send_copy_to_broker) {
    const assistants = await assistantsOf(tx, actor.id);
    const to = recipientsOf(people, input.emails);
    await queueMail(tx, jobs, {
      kind: 'personal',
      to: [actor.email],
      cc: assistants.map((a) => a.email),
      subject: input.subject,
      text: [
        ...withLink,
        '',
        input.do_not_send_email
          ? "Copie : cet e-mail n'a pas été envoyé aux candidats."
          : `Copie de l'e-mail envoyé à : ${to.join(', ')} (avec leurs accès).`,
      ].join('\n'),
      promotionId: application.promotionId,
    });
  }

  const title = resend ? PIPELINE_MESSAGES.formResent : PIPELINE_MESSAGES.formSent;
  return {
    data: {
      id: application.id,
      reservation_sent_at: (application.reservationSentAt ?? now).toISOString(),
      emails_sent: sent,
      accounts_created: [...accounts.values()].filter((a) => a.password !== null).length,
    },
    message: title,
    log: applicationLog(application, input.do_not_send_email ? `${title} (sans e-mail aux candidats)` : title),
  };
};

/**
 * validateReservationForm: the broker confirms the filled form (reservation_confirmed_at, FR
 * 'Validé le ...' checked); the form locks for non-brokers. A known deposit date (picked in
 * Swiss time, docs/product/validation.md#sales-pipeline-forms) becomes the notary's task 'Acompte de réservation attendu'.
 */
export const validateReservationForm = async (ctx: CommandContext, input: z.output<typeof validateReservationFormSchema>) => {
  const { tx, actor } = ctx;
  const application = await openApplication(ctx, 'validateReservationForm');
  const now = new Date();
  await tx
    .update(applications)
    .set({
      reservationConfirmedAt: now,
      statusFr: milestoneText(MILESTONE_TEXTS.formValidated, now),
      statusFrChecked: true,
      updatedAt: now,
    })
    .where(eq(applications.id, application.id));
  await closeProcessTasks(tx, application.id, ['reservation_form_pending', 'verify_reservation_form'], actor.id);
  let depositAt: Date | null = null;
  if (input.knowDate && input.date) {
    depositAt = fromSwissTime(input.date, input.time ?? '10:00');
    if (Number.isNaN(depositAt.getTime())) throw unprocessable(PIPELINE_MESSAGES.dateInvalid);
    await openProcessTask(tx, application, 'reservation_deposit_expected', depositAt, actor.id);
  }
  return {
    data: { id: application.id, reservation_confirmed_at: now.toISOString(), deposit_expected_at: depositAt?.toISOString() ?? null },
    message: PIPELINE_MESSAGES.formValidated,
    log: applicationLog(application, 'Formulaire de réservation validé'),
  };
};

/**
 * unvalidateReservationForm: the form stays open and the candidates receive the broker's
 * subject and body (the HTML part escapes the text and turns line breaks into <br>).
 */
export const unvalidateReservationForm = async (ctx: CommandContext, input: z.output<typeof unvalidateReservationFormSchema>) => {
  const { tx, jobs } = ctx;
  const application = await openApplication(ctx, 'unvalidateReservationForm');
  const people = await candidatesOf(tx, application);
  const to = recipientsOf(people, input.emails);
  if (to.length === 0) throw unprocessable(PIPELINE_MESSAGES.candidateWithoutEmail);
  await queueMail(tx, jobs, { kind: 'personal', to, subject: input.subject, text: input.body, promotionId: application.promotionId });
  return {
    data: { id: application.id },
    message: PIPELINE_MESSAGES.incompleteNotified,
    log: applicationLog(application, 'Réservation incomplète : candidat notifié'),
  };
};

/** sendNewAccess: a new password for each candidate's account (created if missing), e-mailed. */
export const sendNewAccess = async (ctx: CommandContext) => {
  const { tx, jobs, config } = ctx;
  const application = await openApplication(ctx, 'sendNewAccess');
  const people = await candidatesOf(tx, application);
  if (recipientsOf(people, []).length === 0) throw unprocessable(PIPELINE_MESSAGES.candidateWithoutEmail);
  const accounts = await ensureAccounts(tx, application.promotionId, people, 'renew');
  const link = reservationFormLink(config, application.publicId);
  await mailEachCandidate(tx, jobs, people, {
    kind: 'transactional',
    promotionId: application.promotionId,
    subject: `${application.promotionTitle} : vos accès à Promovente`,
    text: (person) =>
      [
        `Bonjour ${person.firstName} ${person.lastName},`,
        '',
        `Voici vos nouveaux accès pour suivre votre dossier du lot ${application.lotReference}.`,
        ...credentialLines(config, accounts.get(person.candidateId)),
        '',
        `Formulaire de réservation : ${link}`,
      ].join('\n'),
  });
  return {
    data: { id: application.id, accounts: accounts.size },
    message: PIPELINE_MESSAGES.accessSent,
    log: applicationLog(application, 'Nouveaux accès envoyés aux candidats'),
  };
};
