import { THREADS_API } from '@promovente/shared';
import { candidacies, promotions, promotionUsers, threadMessages, threadReads, threads, users } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import type { FormFile } from '../../platform/multipart.js';
import { handlersOf } from '../../platform/routes.js';
import { ATTACHMENT_UPLOADS, acceptUpload, displayName } from '../../platform/uploads.js';
import {
  createThread,
  getThread,
  getUnreadSummary,
  listRecipients,
  listThreads,
  markAsRead,
  replyToThread,
  type ThreadAttachment,
} from './threads.service.js';

/** The attachments of a multipart message (a new thread, a reply), each file checked by content. */
const attachmentsOf = async (files: FormFile[]) => {
  const attachments: ThreadAttachment[] = [];
  for (const file of files) {
    if (file.content.length === 0) continue;
    // The one upload policy: by content, whatever the declared type (platform/uploads.ts).
    const { mime } = await acceptUpload(ATTACHMENT_UPLOADS, { filename: file.filename, mimetype: file.mimetype, content: file.content });
    attachments.push({ name: displayName(file.filename), mime, content: file.content });
  }
  return attachments;
};

/**
 * Messaging (docs/product/messages.md), as catalogued in packages/shared/src/api/threads.ts: open
 * to every signed-in user; who reads which thread is the service's rule.
 */
export const THREADS_HANDLERS = handlersOf(THREADS_API, {
  getUnreadSummary: async ({ deps, actor }) => ({ data: await getUnreadSummary(deps.db, actor) }),
  listThreadRecipients: async ({ deps, actor, query }) => ({ data: await listRecipients(deps.db, actor, query) }),
  listThreads: async ({ deps, actor, query }) => listThreads(deps.db, actor, query),
  getThread: async ({ deps, actor, params }) => ({ data: await getThread(deps.db, actor, params.id) }),
  markThreadAsRead: async ({ deps, actor, params }) => {
    await markAsRead(deps, actor, params.id);
    return { data: { id: params.id } };
  },
  replyToThread: async ({ deps, actor, params, form }) => {
    const data = await replyToThread(deps, actor, params.id, form.fields, await attachmentsOf(form.files));
    return { data, message: 'Message envoyé' };
  },
  createThread: async ({ deps, actor, form }) => {
    const data = await createThread(deps, actor, form.fields, await attachmentsOf(form.files));
    return { data, message: 'Message envoyé' };
  },
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const THREADS_READS = readsOf(THREADS_API, {
  getUnreadSummary: [promotionUsers, promotions, threadMessages, threadReads, threads],
  listThreads: [candidacies, promotions, threadMessages, threadReads, threads, users],
});
