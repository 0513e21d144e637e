import { createThreadSchema, validationMessage } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { ATTACHMENT_UPLOADS, acceptUpload } from '../../platform/uploads.js';
import { displayName } from '../files/candidacy-files.service.js';
import { createThread, type ThreadAttachment } from './threads.service.js';

export const threadsRoutes = async (app: FastifyInstance) => {
  app.post('/threads', { config: { access: 'authenticated' } }, async (request) => {
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
    const parsed = createThreadSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    const data = await createThread(
      { db: app.deps.database.db, jobs: app.deps.jobs, storage: app.deps.storage, config: app.deps.config },
      actorOf(request),
      parsed.data,
      attachments,
    );
    return { data, message: 'Message envoyé' };
  });
};
