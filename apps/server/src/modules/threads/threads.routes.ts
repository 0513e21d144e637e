import {
  createThreadSchema,
  idParamSchema,
  rolesWith,
  threadRecipientsQuerySchema,
  threadReplySchema,
  threadsListQuerySchema,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { ATTACHMENT_UPLOADS, acceptUpload } from '../../platform/uploads.js';
import { displayName } from '../files/candidacy-files.service.js';
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

/** The fields and attachments of a multipart message (a new thread, a reply), each file checked by content. */
const readMessageForm = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw badRequest();
  const fields: Record<string, string> = {};
  const attachments: ThreadAttachment[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (content.length === 0) continue;
      // The one upload policy: by content, whatever the declared type (platform/uploads.ts).
      const { mime } = acceptUpload(ATTACHMENT_UPLOADS, { filename: part.filename, mimetype: part.mimetype, content });
      attachments.push({ name: displayName(part.filename), mime, content });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, attachments };
};

/** Messaging (docs/product/messages.md): the route /messages is open to the eight roles; who reads which thread is the service's rule. */
export const threadsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, jobs: app.deps.jobs, storage: app.deps.storage, config: app.deps.config });

  app.get('/threads/promotions-unread-summary', { config: { access: 'authenticated' } }, async (request) => ({
    data: await getUnreadSummary(app.deps.database.db, actorOf(request)),
  }));

  app.get(
    '/threads/recipients',
    { config: { access: rolesWith('thread.pickRecipient') }, schema: { querystring: threadRecipientsQuerySchema } },
    async (request) => ({ data: await listRecipients(app.deps.database.db, actorOf(request), request.query) }),
  );

  app.get('/threads', { config: { access: 'authenticated' }, schema: { querystring: threadsListQuerySchema } }, async (request) =>
    listThreads(app.deps.database.db, actorOf(request), request.query),
  );

  app.get('/threads/:id', { config: { access: 'authenticated' }, schema: { params: idParamSchema } }, async (request) => ({
    data: await getThread(app.deps.database.db, actorOf(request), request.params.id),
  }));

  app.put('/threads/:id/markAsRead', { config: { access: 'authenticated' }, schema: { params: idParamSchema } }, async (request) => {
    await markAsRead(app.deps.database.db, actorOf(request), request.params.id);
    return { data: { id: request.params.id } };
  });

  app.post('/threads/:id/reply', { config: { access: 'authenticated' }, schema: { params: idParamSchema } }, async (request) => {
    const { fields, attachments } = await readMessageForm(request);
    const parsed = threadReplySchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    const data = await replyToThread(deps(), actorOf(request), request.params.id, parsed.data, attachments);
    return { data, message: 'Message envoyé' };
  });

  app.post('/threads', { config: { access: 'authenticated' } }, async (request) => {
    const { fields, attachments } = await readMessageForm(request);
    const parsed = createThreadSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    const data = await createThread(deps(), actorOf(request), parsed.data, attachments);
    return { data, message: 'Message envoyé' };
  });
};
