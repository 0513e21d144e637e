import {
  can,
  idParamSchema,
  PROMOTION_LOGO,
  personSearchQuerySchema,
  promotionCreateSchema,
  promotionListQuerySchema,
  promotionSettingsSchema,
  rolesWith,
  validationMessage,
} from '@promovente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { badRequest, forbidden, HttpError } from '../../platform/errors.js';
import type { Upload } from '../../platform/uploads.js';
import { createPromotion, getPromotionRecord, listBrokerOptions, listPromotionCards, savePromotionSettings } from './promotions.service.js';

/**
 * A multipart form: its text fields (the last value of a repeated one) and the one file part
 * named `fileField` (an empty part is no file; other file parts are read and dropped).
 */
const readForm = async (request: FastifyRequest, fileField: string) => {
  if (!request.isMultipart()) throw badRequest('Le formulaire envoyé est incomplet');
  const fields: Record<string, string> = {};
  let file: Upload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROMOTION_LOGO.maxBytes, files: 5, fields: 50 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === fileField && content.length > 0) file = { filename: part.filename, mimetype: part.mimetype, content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Fichier trop volumineux (logo) : 10 Mo au maximum');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest();
    throw error;
  }
  return { fields, file };
};

/** The promotion administration (docs/product/promotion-administration.md#calls): brokers read, admins change. */
export const promotionsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage });
  const brokers = { access: rolesWith('promotion.read') };

  app.get('/promotions', { config: brokers, schema: { querystring: promotionListQuerySchema } }, async (request) =>
    listPromotionCards(deps().db, actorOf(request), request.query),
  );

  app.get('/promotions/:id', { config: brokers, schema: { params: idParamSchema } }, async (request) => ({
    data: await getPromotionRecord(deps().db, actorOf(request), request.params.id),
  }));

  // Admins only (promotion.add): other brokers get 403 before their form is read.
  app.post('/promotions', { config: brokers }, async (request) => {
    if (!can(actorOf(request), 'promotion.add')) throw forbidden();
    const { fields, file } = await readForm(request, 'logo');
    const parsed = promotionCreateSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    return { data: await createPromotion(deps(), actorOf(request), parsed.data, file) };
  });

  // Admins only (promotion.edit).
  app.post('/promotions/:id/settings', { config: brokers, schema: { params: idParamSchema } }, async (request) => {
    if (!can(actorOf(request), 'promotion.edit')) throw forbidden();
    const { fields, file } = await readForm(request, 'logo_full_path');
    const parsed = promotionSettingsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(validationMessage(parsed.error));
    return { data: await savePromotionSettings(deps(), actorOf(request), request.params.id, parsed.data, file) };
  });

  // The main-broker select and the brokers menu's add-existing (admins only, broker.pick).
  app.get('/brokers/options', { config: brokers, schema: { querystring: personSearchQuerySchema } }, async (request) =>
    listBrokerOptions(deps().db, actorOf(request), request.query),
  );
};
