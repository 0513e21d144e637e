import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/client.js';
import { mailMessages } from '../db/schema/index.js';
import { textToHtml } from './html.js';
import type { Jobs } from './jobs.js';

export type MailInput = {
  to: string[];
  cc?: string[];
  subject: string;
  /** Plain text; the HTML version is derived from it (escaped, line breaks as <br>). */
  text: string;
  promotionId?: number | null;
};

export const MAIL_QUEUE = 'mail';

/**
 * Queues an e-mail inside the caller's transaction: the row is the durable record, the job is
 * enqueued in the same transaction, so a rolled-back command leaves no e-mail behind.
 */
export const queueMail = async (tx: Tx, jobs: Jobs, mail: MailInput) => {
  const [row] = await tx
    .insert(mailMessages)
    .values({
      to: mail.to,
      cc: mail.cc ?? [],
      subject: mail.subject,
      text: mail.text,
      html: `<div style="font-family:Helvetica,Arial,sans-serif;font-size:14px">${textToHtml(mail.text)}</div>`,
      promotionId: mail.promotionId ?? null,
    })
    .returning({ id: mailMessages.id });
  await jobs.sendInTransaction(tx, MAIL_QUEUE, { id: row.id });
  return row.id;
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
