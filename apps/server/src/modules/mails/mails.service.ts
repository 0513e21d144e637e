import { type MailStatus, OUTBOX_PAGE_SIZE, type OutboxMail, type OutboxPage } from '@promovente/shared';
import type { Db } from '../../db/client.js';
import type { mailMessages } from '../../db/schema/index.js';
import { paginate } from '../../platform/pagination.js';
import { maskSecrets } from './mails.mask.js';
import { countMails, selectMailPage } from './mails.queries.js';

/**
 * The admins' 'E-mails' screen (docs/product/mails.md). In production (`localMailbox` false) an
 * e-mail's secrets are masked and its HTML part left out: an admin never reads the link that
 * resets another person's password. On the local mailbox (config.ts, docs/decisions/027-local-mailbox-and-administration-actions.md)
 * the e-mail comes whole, so that whoever tries the product follows an invitation or a reset.
 */
const toOutboxMail = (row: typeof mailMessages.$inferSelect, localMailbox: boolean): OutboxMail => ({
  id: row.id,
  to: row.to,
  cc: row.cc,
  subject: row.subject,
  text: localMailbox ? row.text : maskSecrets(row.text),
  html: localMailbox ? row.html : null,
  status: row.status as MailStatus,
  attempts: row.attempts,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
});

/** GET admin/mails: a page of the e-mails, newest first (admins only: the route's access is outbox.read). */
export const listOutbox = async (db: Db, page: number, localMailbox: boolean): Promise<OutboxPage> => {
  const [rows, total] = await Promise.all([selectMailPage(db, page, OUTBOX_PAGE_SIZE), countMails(db)]);
  return {
    ...paginate(
      rows.map((row) => toOutboxMail(row, localMailbox)),
      total,
      page,
      OUTBOX_PAGE_SIZE,
    ),
    local_mailbox: localMailbox,
  };
};
