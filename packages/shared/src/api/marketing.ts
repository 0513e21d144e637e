import { z } from 'zod';
import { CANDIDACY_FILE_LIMITS } from '../contracts/candidacies.js';
import {
  CAMPAIGN_MAX_FILES,
  campaignFileParamsSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignParamsSchema,
  campaignSchema,
  MARKETING_MESSAGES,
  marketingReportInputSchema,
  marketingReportParamsSchema,
  marketingReportSchema,
} from '../contracts/marketing.js';
import { promotionParamsSchema } from '../contracts/people.js';
import { dataAndMessageOf, dataOf, defineRoutes, messageSchema } from './route.js';

/** The marketing forms' limits: the documents of a campaign (one part more, so that an eleventh is said), one screenshot for a report. */
const formOf = <Fields extends z.ZodType>(fields: Fields) => ({
  fields,
  files: CAMPAIGN_MAX_FILES + 1,
  fileBytes: CANDIDACY_FILE_LIMITS.otherBytes,
  messages: { tooManyFiles: MARKETING_MESSAGES.tooManyFiles },
});

/**
 * Marketing (docs/product/marketing.md#calls): brokers and promoters read the campaigns and the
 * reports (marketing.read); brokers write (marketing.edit; a campaign only of their own agency,
 * the service's row rule).
 */
export const MARKETING_API = defineRoutes({
  listCampaigns: {
    method: 'GET',
    path: '/campaigns',
    summary: 'Campagnes marketing de la promotion, une page à la fois',
    access: 'marketing.read',
    cache: true,
    query: campaignListQuerySchema,
    response: campaignPageSchema,
  },
  createCampaign: {
    method: 'POST',
    path: '/promotions/:id/campaigns',
    summary: 'Ajouter une campagne (et ses premiers documents)',
    access: 'marketing.edit',
    params: promotionParamsSchema,
    form: formOf(campaignInputSchema),
    response: dataAndMessageOf(campaignSchema),
  },
  updateCampaign: {
    method: 'PUT',
    path: '/campaigns/:id',
    summary: 'Modifier une campagne',
    access: 'marketing.edit',
    params: campaignParamsSchema,
    body: campaignInputSchema,
    response: dataAndMessageOf(campaignSchema),
  },
  deleteCampaign: {
    method: 'DELETE',
    path: '/campaigns/:id',
    summary: 'Supprimer une campagne et ses documents',
    access: 'marketing.edit',
    params: campaignParamsSchema,
    response: messageSchema,
  },
  addCampaignFiles: {
    method: 'POST',
    path: '/campaigns/:id/files',
    summary: 'Ajouter des documents à une campagne',
    access: 'marketing.edit',
    params: campaignParamsSchema,
    form: formOf(z.object({})),
    response: dataAndMessageOf(campaignSchema),
  },
  deleteCampaignFile: {
    method: 'DELETE',
    path: '/campaigns/:id/files/:fileId',
    summary: "Supprimer un document d'une campagne",
    access: 'marketing.edit',
    params: campaignFileParamsSchema,
    response: dataAndMessageOf(campaignSchema),
  },
  listMarketingReports: {
    method: 'GET',
    path: '/promotions/:id/marketing-reports',
    summary: 'Rapports marketing de la promotion, du plus récent au plus ancien',
    access: 'marketing.read',
    cache: true,
    params: promotionParamsSchema,
    response: dataOf(marketingReportSchema.array()),
  },
  createMarketingReport: {
    method: 'POST',
    path: '/promotions/:id/marketing-reports',
    summary: 'Ajouter un rapport marketing (avec la capture des visites)',
    access: 'marketing.edit',
    params: promotionParamsSchema,
    form: formOf(marketingReportInputSchema),
    response: dataAndMessageOf(marketingReportSchema),
  },
  deleteMarketingReport: {
    method: 'DELETE',
    path: '/promotions/:id/marketing-reports/:reportId',
    summary: 'Supprimer un rapport marketing',
    access: 'marketing.edit',
    params: marketingReportParamsSchema,
    response: messageSchema,
  },
  getMarketingReportPdf: {
    method: 'GET',
    path: '/promotions/:id/marketing-reports/:reportId',
    summary: 'Lien signé du PDF du rapport marketing',
    access: 'marketing.read',
    params: marketingReportParamsSchema,
    response: dataOf(z.string()),
  },
});
