import {
  FAQ_LIMITS,
  FAQ_MESSAGES,
  faqParamsSchema,
  faqQuestionInputSchema,
  faqQuestionParamsSchema,
  rolesWith,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest, HttpError, MESSAGE_MALFORMED_MULTIPART } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import { addQuestion, deleteQuestion, listQuestions } from './faq.service.js';

/** The add modal's multipart form: its text fields (the last value of a repeated one) and the part `file` (empty is none). */
const readQuestionForm = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw badRequest(MESSAGE_MALFORMED_MULTIPART);
  const fields: Record<string, string> = {};
  let file: Upload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: FAQ_LIMITS.fileBytes, files: 2, fields: 20 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && content.length > 0) file = { filename: part.filename, mimetype: part.mimetype, content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, FAQ_MESSAGES.fileTooBig);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest();
    throw error;
  }
  return { fields, file };
};

/** The FAQ's calls (docs/product/faq.md#calls): its readers list, brokers add and delete. */
export const faqRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });

  app.get(
    '/promotions/:id/questions',
    { config: { access: rolesWith('faq.read') }, schema: { params: faqParamsSchema } },
    async (request) => ({ data: await listQuestions(deps().db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/promotions/:id/question',
    { config: { access: rolesWith('faq.add') }, schema: { params: faqParamsSchema } },
    async (request) => {
      const { fields, file } = await readQuestionForm(request);
      const parsed = faqQuestionInputSchema.safeParse(fields);
      if (!parsed.success) throw badRequest(validationMessage(parsed.error));
      const data = await addQuestion(deps(), actorOf(request), request.params.id, parsed.data, file);
      return { data, message: FAQ_MESSAGES.added };
    },
  );

  app.delete(
    '/promotions/:id/questions/:qid',
    { config: { access: rolesWith('faq.delete') }, schema: { params: faqQuestionParamsSchema } },
    async (request) => {
      await deleteQuestion(deps(), actorOf(request), request.params.id, request.params.qid);
      return { message: FAQ_MESSAGES.deleted };
    },
  );
};
