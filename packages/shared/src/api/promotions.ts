import { z } from 'zod';
import { idParamSchema } from '../contracts/common.js';
import { type PersonOption, personSearchQuerySchema } from '../contracts/people.js';
import {
  PROMOTION_LOGO,
  PROMOTION_LOGO_TOO_BIG,
  promotionCardSchema,
  promotionCreateSchema,
  promotionListQuerySchema,
  promotionRecordSchema,
  promotionSettingsSchema,
} from '../contracts/promotions.js';
import { dataOf, defineRoutes, pageOf } from './route.js';

/** A broker of the pickers (people.ts's PersonOption). */
const brokerOptionSchema: z.ZodType<PersonOption> = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
});

/** A change that always answers its confirmation and the record. */
const recordAndMessageSchema = z.object({ data: promotionRecordSchema, message: z.string() });

/** The logo forms: the logo and at most a few other parts, read and dropped. */
const logoForm = <Fields extends z.ZodType>(fields: Fields) => ({
  fields,
  files: 5,
  fileBytes: PROMOTION_LOGO.maxBytes,
  messages: { fileTooBig: PROMOTION_LOGO_TOO_BIG },
});

/** The promotion administration (docs/product/promotion-administration.md#calls): brokers read, admins change. */
export const PROMOTIONS_API = defineRoutes({
  listPromotions: {
    method: 'GET',
    path: '/promotions',
    summary: 'Mes promotions : les cartes, une page à la fois',
    access: 'promotion.read',
    cache: true,
    query: promotionListQuerySchema,
    response: pageOf(promotionCardSchema),
  },
  getPromotion: {
    method: 'GET',
    path: '/promotions/:id',
    summary: "La fiche de la promotion (menu 'Informations')",
    access: 'promotion.read',
    params: idParamSchema,
    response: dataOf(promotionRecordSchema),
  },
  createPromotion: {
    method: 'POST',
    path: '/promotions',
    summary: 'Créer une promotion (avec un logo facultatif)',
    access: 'promotion.add',
    form: logoForm(promotionCreateSchema),
    response: recordAndMessageSchema,
  },
  updatePromotionSettings: {
    method: 'POST',
    path: '/promotions/:id/settings',
    summary: 'Enregistrer les informations de la promotion (et son logo recadré)',
    access: 'promotion.edit',
    params: idParamSchema,
    form: logoForm(promotionSettingsSchema),
    response: dataOf(promotionRecordSchema),
  },
  archivePromotion: {
    method: 'PUT',
    path: '/promotions/:id/archive',
    summary: 'Archiver la promotion',
    access: 'promotion.archive',
    params: idParamSchema,
    response: recordAndMessageSchema,
  },
  restorePromotion: {
    method: 'PUT',
    path: '/promotions/:id/restore',
    summary: 'Restaurer la promotion archivée',
    access: 'promotion.archive',
    params: idParamSchema,
    response: recordAndMessageSchema,
  },
  listBrokerOptions: {
    method: 'GET',
    path: '/brokers/options',
    summary: 'Courtiers proposés comme courtier principal ou à ajouter à la promotion',
    access: 'broker.pick',
    cache: true,
    query: personSearchQuerySchema,
    response: pageOf(brokerOptionSchema),
  },
});
