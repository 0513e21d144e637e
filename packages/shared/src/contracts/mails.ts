import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { pageQuerySchema } from './common.js';

/**
 * The e-mails the product sent or kept (GET admin/mails, the admins' 'E-mails' screen,
 * docs/product/mails.md). In production a secret an e-mail carries to its recipient (a reset or
 * invitation link's token, an e-mailed password, a reservation form's link) is masked, and the
 * HTML part is not given. On a local run without SMTP (the local mailbox,
 * docs/decisions/027-local-mailbox-and-administration-actions.md) the e-mail comes whole: its
 * text and its HTML part, whose links work.
 */
export const MAIL_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'En attente',
  sent: 'Envoyé',
  kept: 'Gardé (sans serveur SMTP)',
  failed: "Échec de l'envoi",
};

export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** The plain text; its secrets masked unless the mailbox is local. */
  text: z.string(),
  /** The HTML part, on the local mailbox only (null otherwise). */
  html: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** A page of e-mails, newest first; `local_mailbox` says whether they come whole. */
export const outboxPageSchema = pageOf(outboxMailSchema).extend({ local_mailbox: z.boolean() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const OUTBOX_PAGE_SIZE = 50;

export const outboxQuerySchema = z.object({ page: pageQuerySchema });

export const OUTBOX_MESSAGES = {
  title: 'E-mails',
  localMailbox:
    "Boîte aux lettres locale : aucun serveur SMTP n'est configuré, les e-mails sont gardés ici, complets, et leurs liens fonctionnent.",
  masked: 'Les liens et mots de passe que les e-mails portent à leur destinataire sont masqués ici : seul le destinataire peut les ouvrir.',
  empty: "Aucun e-mail n'a encore été envoyé.",
  choose: 'Choisissez un e-mail pour le lire.',
  body: "Contenu de l'e-mail",
} as const;
