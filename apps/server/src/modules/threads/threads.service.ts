// Over 400 lines: a thread's creation, list, read, reply and recipients share the recipient rules.
import {
  type CreatedThread,
  type CreateThreadInput,
  formatAttachmentCount,
  THREAD_RECIPIENTS_LIMIT,
  THREADS_PAGE_SIZE,
  type ThreadDetail,
  type ThreadListItem,
  type ThreadMessage,
  type ThreadPerson,
  type ThreadRecipient,
  type ThreadRecipientsQuery,
  type ThreadReplyInput,
  type ThreadsListQuery,
  type ThreadsPage,
  threadRecipientTypes,
  type UnreadSummary,
  type UserType,
} from '@promovente/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { candidacies, candidates, files, promotionUsers, threadMessages, threadReads, threads, users } from '../../db/schema/index.js';
import { assertMemberOf, isMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { queueNotificationMails } from '../../platform/mail.js';
import { paginate } from '../../platform/pagination.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { unreadSummaryOf } from '../../platform/thread-access.js';
import { runWrite, type WriteContext, type WriteDeps, type WriteResult } from '../commands/index.js';
import { notify } from '../notifications/notifications.service.js';
import { assistantsOf, avatarUrl, fullName } from '../users/index.js';
import {
  findCandidateRecipients,
  findNotaryRecipients,
  findThread,
  findThreadMessages,
  findThreadPage,
  markThreadRead,
} from './threads.queries.js';

export type ThreadAttachment = { name: string; mime: string; content: Buffer };

export const NO_CANDIDATE_ACCOUNT = "Ce candidat n'a pas encore de compte : il le reçoit avec le formulaire de réservation.";

/**
 * Finds the user a thread goes to. A candidate cannot choose (his thread goes to his broker);
 * the others pick among the classes the spec allows them (docs/product/access.md#who-may-do-what).
 */
const resolveRecipient = async (
  db: Db,
  actor: RequestActor,
  input: CreateThreadInput,
): Promise<{ userId: number; candidacyId: number | null }> => {
  if (actor.type === 'candidate') {
    const [own] = await db
      .select({ id: candidacies.id, brokerId: candidacies.brokerId })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(and(eq(candidates.userId, actor.id), eq(candidacies.promotionId, input.promotion)))
      .limit(1);
    if (!own) throw notFound();
    if (!own.brokerId) throw unprocessable("Aucun courtier n'est encore attribué à votre dossier.");
    return { userId: own.brokerId, candidacyId: own.id };
  }
  if (!input.to_id || !input.to_base_class) throw badRequest('Destinataire requis');
  if (!threadRecipientTypes(actor.type).includes(input.to_base_class as UserType)) throw badRequest('Destinataire invalide');

  if (input.to_base_class === 'candidate') {
    const [candidacy] = await db
      .select({ id: candidacies.id, userId: candidates.userId })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(and(eq(candidacies.candidateId, input.to_id), eq(candidacies.promotionId, input.promotion)))
      .limit(1);
    if (!candidacy) throw notFound();
    if (candidacy.userId === null) throw unprocessable(NO_CANDIDATE_ACCOUNT);
    return { userId: candidacy.userId, candidacyId: candidacy.id };
  }
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(promotionUsers, and(eq(promotionUsers.userId, users.id), eq(promotionUsers.promotionId, input.promotion)))
    .where(and(eq(users.id, input.to_id), eq(users.type, input.to_base_class)))
    .limit(1);
  if (!member) throw notFound();
  return {
    userId: member.id,
    candidacyId: input.candidacy_id === undefined ? null : await candidacyOfPromotion(db, input.promotion, input.candidacy_id),
  };
};

/** The candidacy a thread is about: one of the thread's promotion, else 404 like an unknown id. */
const candidacyOfPromotion = async (db: Db, promotionId: number, candidacyId: number) => {
  const [candidacy] = await db
    .select({ id: candidacies.id })
    .from(candidacies)
    .where(and(eq(candidacies.id, candidacyId), eq(candidacies.promotionId, promotionId)))
    .limit(1);
  if (!candidacy) throw notFound();
  return candidacy.id;
};

/**
 * POST /threads: the thread, its first message and attachments, the recipient's notification and
 * e-mail. The promotion and the recipient are checked before any attachment is stored; the write
 * runs through runWrite, which checks the promotion again in its transaction.
 */
export const createThread = async (
  deps: WriteDeps,
  actor: RequestActor,
  input: CreateThreadInput,
  attachments: ThreadAttachment[],
): Promise<CreatedThread> => {
  await assertMemberOf(deps.db, actor, input.promotion);
  const recipient = await resolveRecipient(deps.db, actor, input);
  const stored = await Promise.all(attachments.map(async (file) => ({ ...file, key: await deps.storage.put(file.content) })));
  try {
    return await insertThread(deps, actor, input, recipient, stored);
  } catch (error) {
    // Nothing half-written: stored attachments go when the transaction does not commit.
    await Promise.all(stored.map((file) => deps.storage.remove(file.key)));
    throw error;
  }
};

const insertThread = (
  deps: WriteDeps,
  actor: RequestActor,
  input: CreateThreadInput,
  recipient: { userId: number; candidacyId: number | null },
  stored: (ThreadAttachment & { key: string })[],
): Promise<CreatedThread> =>
  runWrite(
    deps,
    actor,
    input.promotion,
    async ({ tx }) => {
      await assertStorageQuota(tx, deps.storage, input.promotion, bytesOf(stored));
      const [thread] = await tx
        .insert(threads)
        .values({
          promotionId: input.promotion,
          title: input.title,
          createdById: actor.id,
          toId: recipient.userId,
          candidacyId: recipient.candidacyId,
        })
        .returning({ id: threads.id, title: threads.title, createdAt: threads.createdAt });
      const [message] = await tx
        .insert(threadMessages)
        .values({ threadId: thread.id, senderId: actor.id, content: input.content, createdAt: thread.createdAt })
        .returning({ id: threadMessages.id });
      await tx.insert(threadReads).values({ threadId: thread.id, userId: actor.id, lastReadAt: thread.createdAt });
      await insertAttachments(tx, { messageId: message.id, promotionId: input.promotion, senderId: actor.id }, stored);
      await tellRecipients(tx, deps, {
        senderId: actor.id,
        recipientIds: [recipient.userId],
        threadId: thread.id,
        title: input.title,
        content: input.content,
        attachments: stored.length,
        promotionId: input.promotion,
      });
      return { data: { id: thread.id, title: thread.title }, log: null };
    },
    notFound,
  );

type StoredAttachment = ThreadAttachment & { key: string };

const bytesOf = (attachments: readonly ThreadAttachment[]) => attachments.reduce((sum, file) => sum + file.content.length, 0);

/** A message's attachments: stored files owned by `thread_message` (who may open them: `maySeeFile`). */
const insertAttachments = async (
  tx: Tx,
  message: { messageId: number; promotionId: number; senderId: number },
  stored: StoredAttachment[],
) => {
  if (stored.length === 0) return;
  await tx.insert(files).values(
    stored.map((file) => ({
      name: file.name,
      mime: file.mime,
      size: file.content.length,
      storageKey: file.key,
      owner: 'thread_message',
      threadMessageId: message.messageId,
      promotionId: message.promotionId,
      createdById: message.senderId,
    })),
  );
};

/**
 * A new message tells each recipient in the app and by e-mail (the outbox, in the message's
 * transaction). The e-mail is a notification (platform/mail.ts): each person gets his own, with
 * his unsubscribe link, unless he turned them off; it says how many files came with the message.
 * A broker's e-mails are forwarded to his assistants (docs/product/messages.md#rules): each
 * assistant gets his own copy, so that his unsubscribe link is his.
 */
const tellRecipients = async (
  tx: Tx,
  deps: { jobs: Jobs; config: Config },
  message: {
    senderId: number;
    recipientIds: number[];
    threadId: number;
    title: string;
    content: string;
    attachments: number;
    promotionId: number;
  },
) => {
  const recipientIds = [...new Set(message.recipientIds)].filter((id) => id !== message.senderId);
  if (recipientIds.length === 0) return;
  const [sender] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, message.senderId));
  const people = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, type: users.type })
    .from(users)
    .where(inArray(users.id, recipientIds));
  await notify(tx, recipientIds, {
    title: `Nouveau message : ${message.title}`,
    description: `${fullName(sender)} vous a écrit.`,
    promotionId: message.promotionId,
  });
  const mail = {
    subject: `Promovente : ${message.title}`,
    promotionId: message.promotionId,
    text: [
      `${fullName(sender)} vous a écrit :`,
      '',
      message.content,
      ...(message.attachments > 0 ? ['', `${formatAttachmentCount(message.attachments)} à ouvrir dans Promovente.`] : []),
      '',
      `Répondre : ${deps.config.APP_URL}/messages/${message.threadId}`,
    ].join('\n'),
  };
  await queueNotificationMails(tx, deps.jobs, deps.config.APP_URL, recipientIds, mail);
  for (const broker of people.filter((person) => person.type === 'broker')) {
    const copies = (await assistantsOf(tx, broker.id))
      .map((assistant) => assistant.id)
      .filter((id) => id !== message.senderId && !recipientIds.includes(id));
    await queueNotificationMails(tx, deps.jobs, deps.config.APP_URL, copies, {
      ...mail,
      text: `Copie du message adressé à ${fullName(broker)}, dont vous êtes l'assistant :\n\n${mail.text}`,
    });
  }
};

type RawPerson = { id: number; first_name: string; last_name: string; picture: string | null; type: UserType };

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const toPerson = (value: unknown): ThreadPerson => {
  const raw = parsed<RawPerson>(value);
  return {
    id: Number(raw.id),
    full_name: fullName({ firstName: raw.first_name, lastName: raw.last_name }),
    profile_picture: avatarUrl(raw.picture),
    type: raw.type,
  };
};

const isoOf = (value: unknown) => new Date(value as string | Date).toISOString();

/** The fields a list row and a thread share, for this reader. */
const threadHeader = (actor: RequestActor, row: Record<string, unknown>): Omit<ThreadListItem, 'last_message'> => {
  const createdBy = toPerson(row.created_by);
  const to = toPerson(row.recipient);
  return {
    id: Number(row.id),
    title: String(row.title),
    promotion_id: Number(row.promotion_id),
    candidacy_id: row.candidacy_id === null ? null : Number(row.candidacy_id),
    interlocutor: to.id === actor.id ? createdBy : to,
    created_by: createdBy,
    to,
    is_participant: createdBy.id === actor.id || to.id === actor.id,
    is_from_me: createdBy.id === actor.id,
    messages_count: Number(row.messages_count ?? 0),
    unread_count: Number(row.unread_count ?? 0),
  };
};

/**
 * GET /threads (docs/product/messages.md#screens): the threads the user may read in the promotion
 * the call names (else the current one), searched, filtered and paged in SQL, one statement.
 * A page past the last answers the last.
 */
export const listThreads = async (db: Db, actor: RequestActor, query: ThreadsListQuery): Promise<ThreadsPage> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) return paginate<ThreadListItem>([], 0, 1, THREADS_PAGE_SIZE);
  const filter = {
    promotionId,
    search: query.search,
    filter: query.filter,
    interlocutor: query.interlocutor,
    candidateId: query.candidate_id,
    candidacyId: query.candidacy,
  };
  let page = query.page;
  let found = await findThreadPage(db, actor, filter, THREADS_PAGE_SIZE, (page - 1) * THREADS_PAGE_SIZE);
  if (!found.ok) throw notFound();
  const lastPage = Math.max(1, Math.ceil(found.total / THREADS_PAGE_SIZE));
  if (page > lastPage) {
    page = lastPage;
    found = await findThreadPage(db, actor, filter, THREADS_PAGE_SIZE, (page - 1) * THREADS_PAGE_SIZE);
  }
  const items = found.rows.map((row) =>
    Object.assign(threadHeader(actor, row), {
      last_message: {
        content: String(row.last_content ?? ''),
        created_at: isoOf(row.last_created_at ?? row.last_message_at),
        sender_id: Number(row.last_sender_id ?? row.created_by_id),
      },
    }),
  );
  return paginate(items, found.total, page, THREADS_PAGE_SIZE);
};

/** A thread the user may read, else 404 like a thread that does not exist (another promotion's, or one he is no reader of). */
const readableThread = async (db: Db, actor: RequestActor, threadId: number) => {
  const row = await findThread(db, actor, threadId);
  if (row?.readable !== true || !(await isMemberOf(db, actor, Number(row.promotion_id)))) throw notFound();
  return row;
};

/** GET /threads/{id}: the thread and its messages, oldest first; the client marks it read (PUT markAsRead). */
export const getThread = async (db: Db, actor: RequestActor, threadId: number): Promise<ThreadDetail> => {
  const row = await readableThread(db, actor, threadId);
  const messages = await findThreadMessages(db, threadId);
  return {
    ...threadHeader(actor, row),
    messages: messages.map(
      (m): ThreadMessage => ({
        id: Number(m.id),
        content: String(m.content),
        created_at: isoOf(m.created_at),
        is_from_me: Number(m.sender_id) === actor.id,
        sender: toPerson(m.sender),
        files: parsed<{ id: number; name: string; uuid: string }[]>(m.files).map((f) => ({ id: Number(f.id), name: f.name, uuid: f.uuid })),
      }),
    ),
  };
};

type ThreadRecord = NonNullable<Awaited<ReturnType<typeof findThread>>>;

/**
 * A write in a thread through the write pipeline (runWrite): the thread read in the transaction,
 * 404 like a thread that does not exist when the user may not read it; `work` gets its row.
 */
const writeInThread = <Data>(
  deps: WriteDeps,
  actor: RequestActor,
  threadId: number,
  work: (write: WriteContext, thread: ThreadRecord) => Promise<WriteResult<Data>>,
) => {
  let thread: ThreadRecord | null = null;
  return runWrite(
    deps,
    actor,
    async (tx) => {
      thread = await findThread(tx, actor, threadId);
      return thread?.readable === true ? Number(thread.promotion_id) : null;
    },
    (write) => work(write, thread as ThreadRecord),
    notFound,
  );
};

/** PUT /threads/{id}/markAsRead: every message of the thread is read by the user now. */
export const markAsRead = async (deps: WriteDeps, actor: RequestActor, threadId: number) => {
  await writeInThread(deps, actor, threadId, async ({ tx }) => {
    await markThreadRead(tx, threadId, actor.id);
    return { data: null, log: null };
  });
};

/**
 * POST /threads/{id}/reply: a message in a thread the user may read (its sides, and the brokers
 * of the candidacy's agency, who stand in for a colleague), with its attachments; the thread's
 * sides other than the sender are notified and e-mailed; the sender has read it. The thread is
 * checked before any attachment is stored, and read again in the write's transaction.
 */
export const replyToThread = async (
  deps: WriteDeps,
  actor: RequestActor,
  threadId: number,
  input: ThreadReplyInput,
  attachments: ThreadAttachment[],
): Promise<{ id: number }> => {
  const checked = await readableThread(deps.db, actor, threadId);
  // The form's own ids must name this thread and its promotion; any other answers like an unknown id.
  if (input.thread_id !== undefined && input.thread_id !== threadId) throw notFound();
  if (input.promotion !== undefined && input.promotion !== Number(checked.promotion_id)) throw notFound();
  const stored = await Promise.all(attachments.map(async (file) => ({ ...file, key: await deps.storage.put(file.content) })));
  try {
    return await writeInThread(deps, actor, threadId, async ({ tx, promotionId }, thread) => {
      await assertStorageQuota(tx, deps.storage, promotionId, bytesOf(stored));
      const [message] = await tx
        .insert(threadMessages)
        .values({ threadId, senderId: actor.id, content: input.content })
        .returning({ id: threadMessages.id, createdAt: threadMessages.createdAt });
      await tx.update(threads).set({ lastMessageAt: message.createdAt }).where(eq(threads.id, threadId));
      await insertAttachments(tx, { messageId: message.id, promotionId, senderId: actor.id }, stored);
      await markThreadRead(tx, threadId, actor.id);
      await tellRecipients(tx, deps, {
        senderId: actor.id,
        recipientIds: [Number(thread.created_by_id), Number(thread.to_id)],
        threadId,
        title: String(thread.title),
        content: input.content,
        attachments: stored.length,
        promotionId,
      });
      return { data: { id: message.id }, log: null };
    });
  } catch (error) {
    // Nothing half-written: stored attachments go when the transaction does not commit.
    await Promise.all(stored.map((file) => deps.storage.remove(file.key)));
    throw error;
  }
};

/** GET /threads/promotions-unread-summary. */
export const getUnreadSummary = (db: Db, actor: RequestActor): Promise<UnreadSummary> => unreadSummaryOf(db, actor);

/**
 * GET /threads/recipients: the candidates (broker, notary) or notaries (broker) of the promotion
 * a user may write to; a class his role does not choose answers 403.
 */
export const listRecipients = async (db: Db, actor: RequestActor, query: ThreadRecipientsQuery): Promise<ThreadRecipient[]> => {
  if (!threadRecipientTypes(actor.type).includes(query.class)) throw forbidden();
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) return [];
  const recipients: ThreadRecipient[] =
    query.class === 'candidate'
      ? (await findCandidateRecipients(db, promotionId, query.search, query.id, THREAD_RECIPIENTS_LIMIT)).map((r) => ({
          id: r.id,
          full_name: fullName(r),
          base_class: 'candidate',
        }))
      : (await findNotaryRecipients(db, promotionId, query.search, query.id, THREAD_RECIPIENTS_LIMIT)).map((r) => ({
          id: r.id,
          full_name: fullName(r),
          base_class: 'notary',
        }));
  // One recipient asked by id: another promotion's, or nobody, answers 404 like a path id.
  if (query.id !== undefined && recipients.length === 0) throw notFound();
  return recipients;
};
