import { createThreadSchema } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { createThread, type ThreadAttachment } from './threads.service.js';

const ATTACHMENT_TYPES =
  /^(application\/pdf|image\/(png|jpeg|gif|webp)|application\/vnd\.openxmlformats-officedocument\..+|application\/msword|application\/vnd\.ms-excel|text\/plain)$/;

export const threadsRoutes = async (app: FastifyInstance) => {
  app.post('/threads', { config: { access: 'authenticated' } }, async (request) => {
    if (!request.isMultipart()) throw badRequest();
    const fields: Record<string, string> = {};
    const attachments: ThreadAttachment[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (content.length === 0) continue;
        if (!ATTACHMENT_TYPES.test(part.mimetype)) throw badRequest(`Type de fichier refusé (${part.filename})`);
        attachments.push({ name: part.filename.slice(0, 200), mime: part.mimetype, content });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    const parsed = createThreadSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
    const data = await createThread(
      { db: app.deps.database.db, jobs: app.deps.jobs, storage: app.deps.storage, config: app.deps.config },
      actorOf(request),
      parsed.data,
      attachments,
    );
    return { data, message: 'Message envoyé' };
  });
};
