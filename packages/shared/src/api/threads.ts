import { z } from 'zod';
import { CANDIDACY_FILE_LIMITS } from '../contracts/candidacies.js';
import { idParamSchema } from '../contracts/common.js';
import {
  createdThreadSchema,
  createThreadSchema,
  threadDetailSchema,
  threadRecipientSchema,
  threadRecipientsQuerySchema,
  threadReplySchema,
  threadsListQuerySchema,
  threadsPageSchema,
  unreadSummarySchema,
} from '../contracts/threads.js';
import { MULTIPART_LIMITS } from '../contracts/uploads.js';
import { dataAndMessageOf, dataOf, defineRoutes } from './route.js';

/** A message's attachments: the form's files, each checked by content by the server's attachment policy. */
const attachments = { files: MULTIPART_LIMITS.files, fileBytes: CANDIDACY_FILE_LIMITS.otherBytes };

/**
 * Messaging (docs/product/messages.md): open to every signed-in user; who reads which thread, and
 * who may write to whom, is the service's rule on the thread itself.
 */
export const THREADS_API = defineRoutes({
  getUnreadSummary: {
    method: 'GET',
    path: '/threads/promotions-unread-summary',
    summary: 'Messages non lus par promotion',
    access: 'signedIn',
    cache: true,
    response: dataOf(unreadSummarySchema),
  },
  listThreadRecipients: {
    method: 'GET',
    path: '/threads/recipients',
    summary: "Candidats ou notaires de la promotion à qui l'utilisateur peut écrire",
    access: 'thread.pickRecipient',
    query: threadRecipientsQuerySchema,
    response: dataOf(threadRecipientSchema.array()),
  },
  listThreads: {
    method: 'GET',
    path: '/threads',
    summary: "Discussions de la promotion que l'utilisateur peut lire",
    access: 'signedIn',
    cache: true,
    query: threadsListQuerySchema,
    response: threadsPageSchema,
  },
  getThread: {
    method: 'GET',
    path: '/threads/:id',
    summary: 'Une discussion et ses messages',
    access: 'signedIn',
    params: idParamSchema,
    response: dataOf(threadDetailSchema),
  },
  markThreadAsRead: {
    method: 'PUT',
    path: '/threads/:id/markAsRead',
    summary: 'Marquer la discussion comme lue',
    access: 'signedIn',
    params: idParamSchema,
    response: dataOf(z.object({ id: z.number() })),
  },
  replyToThread: {
    method: 'POST',
    path: '/threads/:id/reply',
    summary: 'Répondre dans une discussion (avec des pièces jointes facultatives)',
    access: 'signedIn',
    params: idParamSchema,
    form: { fields: threadReplySchema, ...attachments },
    response: dataAndMessageOf(z.object({ id: z.number() })),
  },
  createThread: {
    method: 'POST',
    path: '/threads',
    summary: 'Nouvelle discussion (avec des pièces jointes facultatives)',
    access: 'signedIn',
    form: { fields: createThreadSchema, ...attachments },
    response: dataAndMessageOf(createdThreadSchema),
  },
});
