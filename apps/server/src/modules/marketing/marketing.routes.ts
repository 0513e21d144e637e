import { MARKETING_API, MARKETING_MESSAGES, MESSAGES } from '@promovente/shared';
import { agencies, campaignFiles, campaigns, files, marketingReports, promotions } from '../../db/schema/index.js';
import { readsOf } from '../../platform/answer-reads.js';
import type { FormFile } from '../../platform/multipart.js';
import { handlersOf } from '../../platform/routes.js';
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

/** A form's non-empty file parts, each with the name of its field. */
const uploadsOf = (form: { files: FormFile[] }): (Upload & { field: string })[] =>
  form.files
    .filter((file) => file.content.length > 0)
    .map((file) => ({ field: file.name, filename: file.filename, mimetype: file.mimetype, content: file.content }));

/**
 * Marketing (docs/product/marketing.md#calls), as catalogued in packages/shared/src/api/marketing.ts:
 * brokers and promoters read the campaigns and the reports; brokers write (a campaign only of
 * their own agency, checked in the service).
 */
export const MARKETING_HANDLERS = handlersOf(MARKETING_API, {
  listCampaigns: async ({ deps, actor, query }) => listCampaigns(deps.db, actor, query),
  createCampaign: async ({ deps, actor, params, form }) => ({
    message: MESSAGES.changesSaved,
    data: await createCampaign(deps, actor, params.id, form.fields, uploadsOf(form)),
  }),
  updateCampaign: async ({ deps, actor, params, body }) => ({
    message: MESSAGES.changesSaved,
    data: await updateCampaign(deps, actor, params.id, body),
  }),
  deleteCampaign: async ({ deps, actor, params }) => {
    await deleteCampaign(deps, actor, params.id);
    return { message: MARKETING_MESSAGES.campaignDeleted };
  },
  addCampaignFiles: async ({ deps, actor, params, form }) => ({
    message: MARKETING_MESSAGES.documentsAdded,
    data: await addCampaignFiles(deps, actor, params.id, uploadsOf(form)),
  }),
  deleteCampaignFile: async ({ deps, actor, params }) => ({
    message: MARKETING_MESSAGES.documentDeleted,
    data: await deleteCampaignFile(deps, actor, params.id, params.fileId),
  }),
  listMarketingReports: async ({ deps, actor, params }) => ({ data: await listReports(deps.db, actor, params.id) }),
  createMarketingReport: async ({ deps, actor, params, form }) => {
    const uploads = uploadsOf(form);
    // The first chosen file is the visits screenshot (docs/product/marketing.md#rules).
    const screenshot = uploads.find((upload) => upload.field === 'visits_report') ?? uploads[0] ?? null;
    const data = await createReport(deps, actor, params.id, form.fields, screenshot);
    return { message: MARKETING_MESSAGES.reportCreated, data };
  },
  deleteMarketingReport: async ({ deps, actor, params }) => {
    await deleteReport(deps, actor, params.id, params.reportId);
    return { message: MARKETING_MESSAGES.reportDeleted };
  },
  getMarketingReportPdf: async ({ deps, actor, params }) => ({ data: await reportPdfUrl(deps, actor, params.id, params.reportId) }),
});

/** The tables its cached routes read (platform/answer-reads.ts). */
export const MARKETING_READS = readsOf(MARKETING_API, {
  listCampaigns: [agencies, campaignFiles, campaigns, files, promotions],
  listMarketingReports: [files, marketingReports, promotions],
});
