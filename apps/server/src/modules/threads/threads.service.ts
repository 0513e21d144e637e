import { type CreatedThread, type CreateThreadInput, threadRecipientTypes, type UserType } from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { candidacies, candidates, files, promotionUsers, threadMessages, threadReads, threads, users } from '../../db/schema/index.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, notFound, unprocessable } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { queueMail } from '../../platform/mail.js';
import type { Storage } from '../../platform/storage.js';
import { notify } from '../notifications/notifications.service.js';
import { fullName } from '../users/index.js';

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

/** POST /threads: the thread, its first message and attachments, the recipient's notification and e-mail. */
export const createThread = async (
  deps: { db: Db; jobs: Jobs; storage: Storage; config: Config },
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
  deps: { db: Db; jobs: Jobs; config: Config },
  actor: RequestActor,
  input: CreateThreadInput,
  recipient: { userId: number; candidacyId: number | null },
  stored: (ThreadAttachment & { key: string })[],
): Promise<CreatedThread> =>
  deps.db.transaction(async (tx) => {
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
    if (stored.length > 0) {
      await tx.insert(files).values(
        stored.map((file) => ({
          name: file.name,
          mime: file.mime,
          size: file.content.length,
          storageKey: file.key,
          owner: 'thread_message',
          threadMessageId: message.id,
          promotionId: input.promotion,
          createdById: actor.id,
        })),
      );
    }
    const [sender] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
    const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, recipient.userId));
    await notify(tx, [recipient.userId], {
      title: `Nouveau message : ${input.title}`,
      description: `${fullName(sender)} vous a écrit.`,
      promotionId: input.promotion,
    });
    await queueMail(tx, deps.jobs, {
      to: [to.email],
      subject: `Promovente : ${input.title}`,
      text: `${fullName(sender)} vous a écrit :\n\n${input.content}\n\nRépondre : ${deps.config.APP_URL}/messages/${thread.id}`,
      promotionId: input.promotion,
    });
    return { id: thread.id, title: thread.title };
  });
