import {
  CAMPAIGN_MAX_FILES,
  CANDIDACY_FILE_LIMITS,
  campaignFileParamsSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignParamsSchema,
  MARKETING_MESSAGES,
  MESSAGES,
  marketingReportInputSchema,
  marketingReportParamsSchema,
  promotionParamsSchema,
  rolesWith,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertMemberOf } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import {
  addCampaignFiles,
  createCampaign,
  createReport,
  deleteCampaign,
  deleteCampaignFile,
  deleteReport,
  listCampaigns,
  listReports,
  reportPdfUrl,
  updateCampaign,
} from './marketing.service.js';

/** A multipart form: its text fields (the last value of a repeated one) and its non-empty file parts. */
const readForm = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw badRequest('Le formulaire envoyé est incomplet');
  const fields: Record<string, string> = {};
  const uploads: (Upload & { field: string })[] = [];
  try {
    const limits = { fileSize: CANDIDACY_FILE_LIMITS.otherBytes, files: CAMPAIGN_MAX_FILES + 1, fields: 50 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (content.length > 0) uploads.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, content });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `Fichier trop volumineux : ${CANDIDACY_FILE_LIMITS.otherBytes / 1024 / 1024} Mo au maximum`);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest(MARKETING_MESSAGES.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest();
    throw error;
  }
  return { fields, uploads };
};

const parse = <T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: unknown,
): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(validationMessage(parsed.error));
  return parsed.data;
};

/**
 * Marketing (docs/product/marketing.md#calls): brokers and promoters read the campaigns and the
 * reports; brokers write (a campaign only of their own agency, checked in the service).
 */
export const marketingRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });
  const readers = { access: rolesWith('marketing.read') };
  const writers = { access: rolesWith('marketing.edit') };

  app.get('/campaigns', { config: readers, schema: { querystring: campaignListQuerySchema } }, async (request) =>
    listCampaigns(deps().db, actorOf(request), request.query),
  );

  app.post('/promotions/:id/campaigns', { config: writers, schema: { params: promotionParamsSchema } }, async (request) => {
    await assertMemberOf(deps().db, actorOf(request), request.params.id);
    const { fields, uploads } = await readForm(request);
    const input = parse(campaignInputSchema, fields);
    const data = await createCampaign(deps(), actorOf(request), request.params.id, input, uploads);
    return { message: MESSAGES.changesSaved, data };
  });

  app.put('/campaigns/:id', { config: writers, schema: { params: campaignParamsSchema, body: campaignInputSchema } }, async (request) => ({
    message: MESSAGES.changesSaved,
    data: await updateCampaign(deps().db, actorOf(request), request.params.id, request.body),
  }));

  app.delete('/campaigns/:id', { config: writers, schema: { params: campaignParamsSchema } }, async (request) => {
    await deleteCampaign(deps(), actorOf(request), request.params.id);
    return { message: MARKETING_MESSAGES.campaignDeleted };
  });

  app.post('/campaigns/:id/files', { config: writers, schema: { params: campaignParamsSchema } }, async (request) => {
    const { uploads } = await readForm(request);
    const data = await addCampaignFiles(deps(), actorOf(request), request.params.id, uploads);
    return { message: MARKETING_MESSAGES.documentsAdded, data };
  });

  app.delete('/campaigns/:id/files/:fileId', { config: writers, schema: { params: campaignFileParamsSchema } }, async (request) => ({
    message: MARKETING_MESSAGES.documentDeleted,
    data: await deleteCampaignFile(deps(), actorOf(request), request.params.id, request.params.fileId),
  }));

  app.get('/promotions/:id/marketing-reports', { config: readers, schema: { params: promotionParamsSchema } }, async (request) => ({
    data: await listReports(deps().db, actorOf(request), request.params.id),
  }));

  app.post('/promotions/:id/marketing-reports', { config: writers, schema: { params: promotionParamsSchema } }, async (request) => {
    await assertMemberOf(deps().db, actorOf(request), request.params.id);
    const { fields, uploads } = await readForm(request);
    const input = parse(marketingReportInputSchema, fields);
    // The first chosen file is the visits screenshot (docs/product/marketing.md#rules).
    const screenshot = uploads.find((upload) => upload.field === 'visits_report') ?? uploads[0] ?? null;
    const data = await createReport(deps(), actorOf(request), request.params.id, input, screenshot);
    return { message: MARKETING_MESSAGES.reportCreated, data };
  });

  app.delete(
    '/promotions/:id/marketing-reports/:reportId',
    { config: writers, schema: { params: marketingReportParamsSchema } },
    async (request) => {
      await deleteReport(deps(), actorOf(request), request.params.id, request.params.reportId);
      return { message: MARKETING_MESSAGES.reportDeleted };
    },
  );

  app.get(
    '/promotions/:id/marketing-reports/:reportId',
    { config: readers, schema: { params: marketingReportParamsSchema } },
    async (request) => ({ data: await reportPdfUrl(deps(), actorOf(request), request.params.id, request.params.reportId) }),
  );
};
