import { z } from 'zod';
import type { UserType } from '../roles.js';
import { idSchema, type Paginated, pageQuerySchema, requiredText, textSchema } from './common.js';

/** Who a thread is addressed to (docs/product/entities.md#thread Thread: to_id, to_base_class). */
export const THREAD_RECIPIENT_CLASSES = ['candidate', 'notary', 'broker', 'investor', 'pilot'] as const;
export type ThreadRecipientClass = (typeof THREAD_RECIPIENT_CLASSES)[number];

/**
 * POST /threads (multipart fields; files come as file parts). For to_base_class 'candidate',
 * to_id is the candidate record's id; for the other classes it is the user's id.
 */
export const createThreadSchema = z.object({
  title: requiredText('Titre requis').pipe(z.string().trim().max(200, 'Titre trop long')),
  content: requiredText('Message requis').pipe(z.string().trim().max(20_000, 'Message trop long')),
  to_id: idSchema.optional(),
  to_base_class: z.enum(THREAD_RECIPIENT_CLASSES, { error: 'Destinataire invalide' }).optional(),
  promotion: idSchema,
  candidacy_id: idSchema.optional(),
});
export type CreateThreadInput = z.infer<typeof createThreadSchema>;

export type ThreadRecipient = { id: number; full_name: string; base_class: ThreadRecipientClass };

export type CreatedThread = { id: number; title: string };

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

export type ThreadPerson = { id: number; full_name: string; profile_picture: string | null; type: UserType };

/** A row of the thread list (docs/product/entities.md#thread, part 3 Thread). */
export type ThreadListItem = {
  id: number;
  title: string;
  promotion_id: number;
  candidacy_id: number | null;
  /** The other side; for a broker of the candidacy's agency who is neither side, the recipient. */
  interlocutor: ThreadPerson;
  created_by: ThreadPerson;
  to: ThreadPerson;
  /** The user wrote or received it (else he reads it as a broker of the candidacy's agency). */
  is_participant: boolean;
  is_from_me: boolean;
  messages_count: number;
  unread_count: number;
  last_message: { content: string; created_at: string; sender_id: number };
};
export type ThreadsPage = Paginated<ThreadListItem>;

export type ThreadMessageFile = { id: number; name: string; uuid: string };

export type ThreadMessage = {
  id: number;
  content: string;
  created_at: string;
  is_from_me: boolean;
  sender: ThreadPerson;
  files: ThreadMessageFile[];
};

/** GET /threads/{id}: the thread and its messages, oldest first (then marked read). */
export type ThreadDetail = Omit<ThreadListItem, 'last_message'> & { messages: ThreadMessage[] };

/** POST /threads/{id}/reply (multipart: content, files[]; promotion and thread_id may come, the path decides). */
export const threadReplySchema = z.object({
  content: requiredText('Message requis').pipe(z.string().trim().max(20_000, 'Message trop long')),
  promotion: idSchema.optional(),
  thread_id: idSchema.optional(),
});
export type ThreadReplyInput = z.infer<typeof threadReplySchema>;

/** GET /threads/promotions-unread-summary: the user's unread messages per promotion id (promotions with none are left out). */
export type UnreadSummary = Record<string, number>;

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
