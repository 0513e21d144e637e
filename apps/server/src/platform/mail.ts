import { EMAIL_NOTIFICATION_MESSAGES, unsubscribeApiPath, unsubscribePagePath } from '@promovente/shared';
import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/client.js';
import { mailMessages, users } from '../db/schema/index.js';
import { textToHtml } from './html.js';
import type { Jobs } from './jobs.js';

/**
 * What an e-mail is, which decides its headers (docs/decisions/025-mail-headers-and-salesforce-batches.md):
 *
 * - `personal`: a message a person wrote and sent through the product (the broker's subject and
 *   body of the reservation form, the incomplete reservation, the act planned): a human message,
 *   no Auto-Submitted, nothing to unsubscribe from.
 * - `transactional`: written by the product about the recipient's own account or request (password
 *   reset, invitation, new access, demo request): `Auto-Submitted: auto-generated` (RFC 3834), so
 *   that out-of-office replies stay quiet; it cannot be turned off.
 * - `notification`: written by the product to tell a user something happened (a new message):
 *   `Auto-Submitted: auto-generated`, `List-Unsubscribe` (RFC 2369) with one-click
 *   `List-Unsubscribe-Post` (RFC 8058) and a last line with the same link; sent only to users who
 *   keep 'Recevoir les notifications par e-mail' (queueNotificationMails).
 */
export type MailKind = 'personal' | 'transactional' | 'notification';

/** A user's unsubscribe links: the confirmation page (text and HTML) and the one-click address (header). */
export type UnsubscribeLinks = { page: string; oneClick: string };

type MailBase = {
  to: string[];
  cc?: string[];
  subject: string;
  /** Plain text; the HTML version is derived from it (escaped, line breaks as <br>, addresses as links). */
  text: string;
  promotionId?: number | null;
};

export type MailInput = MailBase & ({ kind: 'personal' | 'transactional' } | { kind: 'notification'; unsubscribe: UnsubscribeLinks });

export const MAIL_QUEUE = 'mail';

export const unsubscribeLinks = (appUrl: string, token: string): UnsubscribeLinks => ({
  page: `${appUrl}${unsubscribePagePath(token)}`,
  oneClick: `${appUrl}${unsubscribeApiPath(token)}`,
});

/** The headers of an e-mail's kind. */
export const mailHeaders = (mail: MailInput): Record<string, string> => {
  if (mail.kind !== 'notification') return mail.kind === 'transactional' ? { 'Auto-Submitted': 'auto-generated' } : {};
  return {
    'Auto-Submitted': 'auto-generated',
    'List-Unsubscribe': `<${mail.unsubscribe.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
};

/** A notification ends with the way to stop it, after the signature separator. */
const bodyOf = (mail: MailInput) =>
  mail.kind === 'notification' ? `${mail.text}\n\n-- \n${EMAIL_NOTIFICATION_MESSAGES.footer(mail.unsubscribe.page)}` : mail.text;

/**
 * Queues an e-mail inside the caller's transaction: the row is the durable record, the job is
 * enqueued in the same transaction, so a rolled-back command leaves no e-mail behind.
 */
export const queueMail = async (tx: Tx, jobs: Jobs, mail: MailInput) => {
  const text = bodyOf(mail);
  const [row] = await tx
    .insert(mailMessages)
    .values({
      to: mail.to,
      cc: mail.cc ?? [],
      subject: mail.subject,
      text,
      html: `<div style="font-family:Helvetica,Arial,sans-serif;font-size:14px">${textToHtml(text)}</div>`,
      headers: mailHeaders(mail),
      promotionId: mail.promotionId ?? null,
    })
    .returning({ id: mailMessages.id });
  await jobs.sendInTransaction(tx, MAIL_QUEUE, { id: row.id });
  return row.id;
};

/**
 * A notification e-mail to each of these users, each his own (his unsubscribe link in it); a user
 * who turned off 'Recevoir les notifications par e-mail' gets none. Answers how many were queued.
 */
export const queueNotificationMails = async (
  tx: Tx,
  jobs: Jobs,
  appUrl: string,
  userIds: readonly number[],
  mail: { subject: string; text: string; promotionId?: number | null },
) => {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return 0;
  const people = await tx
    .select({ id: users.id, email: users.email, wanted: users.emailNotifications, token: users.unsubscribeToken })
    .from(users)
    .where(inArray(users.id, ids));
  let queued = 0;
  for (const id of ids) {
    const person = people.find((p) => p.id === id);
    if (!person?.wanted) continue;
    await queueMail(tx, jobs, { ...mail, kind: 'notification', to: [person.email], unsubscribe: unsubscribeLinks(appUrl, person.token) });
    queued += 1;
  }
  return queued;
};

export type Mailer = { deliver: (id: number, finalAttempt: boolean) => Promise<void> };

/** Sends a queued e-mail over SMTP, or keeps it in the database when no SMTP is configured. */
export const createMailer = (db: Db, options: { smtpUrl?: string; from: string; log: Logger }): Mailer => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async deliver(id, finalAttempt) {
      const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
      if (mail?.status !== 'pending') return;
      if (!transport) {
        await db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, id));
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        await db
          .update(mailMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
          .where(eq(mailMessages.id, id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn({ mailId: id, err: message }, 'e-mail delivery failed');
        await db
          .update(mailMessages)
          .set({ status: finalAttempt ? 'failed' : 'pending', attempts: mail.attempts + 1, lastError: message })
          .where(eq(mailMessages.id, id));
        throw error;
      }
    },
  };
};
