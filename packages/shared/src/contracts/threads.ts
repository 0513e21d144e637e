import { z } from 'zod';
import { pageOf } from '../api/route.js';
import { MESSAGES } from '../messages.js';
import { USER_TYPES } from '../roles.js';
import { idSchema, pageQuerySchema, requiredText, textSchema } from './common.js';

/** Who a thread is addressed to (docs/product/entities.md#thread Thread: to_id, to_base_class). */
export const THREAD_RECIPIENT_CLASSES = ['candidate', 'notary', 'broker', 'investor', 'pilot'] as const;
export type ThreadRecipientClass = (typeof THREAD_RECIPIENT_CLASSES)[number];

/**
 * POST /threads (multipart fields; files come as file parts). For to_base_class 'candidate',
 * to_id is the candidate record's id; for the other classes it is the user's id.
 */
/**
 * Why 'Envoyer' of 'Nouvelle discussion' waits (docs/product/validation.md#new-thread): the
 * missing parts, in the form's order ('Pour envoyer, choisissez un destinataire et saisissez un
 * titre et un message.').
 */
export const newThreadMissingHint = (missing: { recipient: boolean; title: boolean; content: boolean }) => {
  const typed = [missing.title && 'un titre', missing.content && 'un message'].filter(Boolean) as string[];
  const parts = [
    missing.recipient ? 'choisissez un destinataire' : null,
    typed.length > 0 ? `saisissez ${typed.join(' et ')}` : null,
  ].filter(Boolean) as string[];
  return parts.length === 0 ? null : `Pour envoyer, ${parts.join(' et ')}.`;
};

/** A thread's title, at most this many characters. */
export const THREAD_TITLE_MAX = 200;

export const createThreadSchema = z.object({
  title: requiredText('Titre requis').pipe(z.string().trim().max(THREAD_TITLE_MAX, MESSAGES.titleTooLong(THREAD_TITLE_MAX))),
  content: requiredText('Message requis').pipe(z.string().trim().max(20_000, 'Message trop long')),
  to_id: idSchema.optional(),
  to_base_class: z.enum(THREAD_RECIPIENT_CLASSES, { error: 'Destinataire invalide' }).optional(),
  promotion: idSchema,
  candidacy_id: idSchema.optional(),
});
export type CreateThreadInput = z.infer<typeof createThreadSchema>;

export const threadRecipientSchema = z.object({ id: z.number(), full_name: z.string(), base_class: z.enum(THREAD_RECIPIENT_CLASSES) });
export type ThreadRecipient = z.infer<typeof threadRecipientSchema>;

export const createdThreadSchema = z.object({ id: z.number(), title: z.string() });
export type CreatedThread = z.infer<typeof createdThreadSchema>;

/** A page of the thread list (docs/product/messages.md#screens). */
export const THREADS_PAGE_SIZE = 20;

/** The thread list's 'Afficher' filter: every thread, or those with messages the user has not read. */
export const THREAD_READ_FILTERS = ['all', 'unread'] as const;
export type ThreadReadFilter = (typeof THREAD_READ_FILTERS)[number];

/** The interlocutor filter's choices and their labels (the user types a thread may join). */
export const THREAD_INTERLOCUTOR_LABELS: Record<ThreadRecipientClass, string> = {
  candidate: 'Candidat',
  broker: 'Courtier',
  notary: 'Notaire',
  pilot: 'Pilote',
  investor: 'Investisseur',
};

/**
 * GET /threads: the threads of the promotion (default: the current one) the user may read,
 * newest activity first. search: title, interlocutor or message text (contains,
 * case-insensitive); filter: unread; interlocutor: the other side's type; candidate_id /
 * candidacy: the threads about that candidate or candidacy.
 */
export const threadsListQuerySchema = z.object({
  promotion: idSchema.optional(),
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  filter: z.enum(THREAD_READ_FILTERS, { error: 'Filtre invalide' }).optional(),
  interlocutor: z.enum(THREAD_RECIPIENT_CLASSES, { error: 'Interlocuteur invalide' }).optional(),
  candidate_id: idSchema.optional(),
  candidacy: idSchema.optional(),
  page: pageQuerySchema,
});
export type ThreadsListQuery = z.infer<typeof threadsListQuerySchema>;

export const threadPersonSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  profile_picture: z.string().nullable(),
  type: z.enum(USER_TYPES),
});
export type ThreadPerson = z.infer<typeof threadPersonSchema>;

const threadHeadSchema = z.object({
  id: z.number(),
  title: z.string(),
  promotion_id: z.number(),
  candidacy_id: z.number().nullable(),
  /** The other side; for a broker of the candidacy's agency who is neither side, the recipient. */
  interlocutor: threadPersonSchema,
  created_by: threadPersonSchema,
  to: threadPersonSchema,
  /** The user wrote or received it (else he reads it as a broker of the candidacy's agency). */
  is_participant: z.boolean(),
  is_from_me: z.boolean(),
  messages_count: z.number(),
  unread_count: z.number(),
});

/** A row of the thread list (docs/product/entities.md#thread, part 3 Thread). */
export const threadListItemSchema = threadHeadSchema.extend({
  last_message: z.object({ content: z.string(), created_at: z.string(), sender_id: z.number() }),
});
export type ThreadListItem = z.infer<typeof threadListItemSchema>;
export const threadsPageSchema = pageOf(threadListItemSchema);
export type ThreadsPage = z.infer<typeof threadsPageSchema>;

export const threadMessageFileSchema = z.object({ id: z.number(), name: z.string(), uuid: z.string() });
export type ThreadMessageFile = z.infer<typeof threadMessageFileSchema>;

export const threadMessageSchema = z.object({
  id: z.number(),
  content: z.string(),
  created_at: z.string(),
  is_from_me: z.boolean(),
  sender: threadPersonSchema,
  files: z.array(threadMessageFileSchema),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** GET /threads/{id}: the thread and its messages, oldest first (then marked read). */
export const threadDetailSchema = threadHeadSchema.extend({ messages: z.array(threadMessageSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/** POST /threads/{id}/reply (multipart: content, files[]; promotion and thread_id may come, the path decides). */
export const threadReplySchema = z.object({
  content: requiredText('Message requis').pipe(z.string().trim().max(20_000, 'Message trop long')),
  promotion: idSchema.optional(),
  thread_id: idSchema.optional(),
});
export type ThreadReplyInput = z.infer<typeof threadReplySchema>;

/** GET /threads/promotions-unread-summary: the user's unread messages per promotion id (promotions with none are left out). */
export const unreadSummarySchema = z.record(z.string(), z.number());
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

/**
 * GET /threads/recipients: the candidates or notaries of the promotion a user may write to;
 * `id` asks for one of them (a recipient given by a link), 404 when he is not one.
 */
export const threadRecipientsQuerySchema = z.object({
  class: z.enum(['candidate', 'notary'], { error: 'Destinataire invalide' }),
  promotion: idSchema.optional(),
  id: idSchema.optional(),
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
});
export type ThreadRecipientsQuery = z.infer<typeof threadRecipientsQuerySchema>;

/** At most this many recipients per answer: the picker narrows by search. */
export const THREAD_RECIPIENTS_LIMIT = 50;
