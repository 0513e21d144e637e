import {
  CAMPAIGN_MAX_FILES,
  CAMPAIGN_PAGE_SIZE,
  type Campaign,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignPage,
  campaignCostOver,
  canEditCampaignOf,
  MARKETING_MESSAGES,
  type MarketingReport,
  type MarketingReportInput,
  toSwissDateAndTime,
} from '@promovente/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { campaignFiles, campaigns, files, marketingReports, promotions } from '../../db/schema/index.js';
import { assertMemberOf, isMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { paginate } from '../../platform/pagination.js';
import { PDF_MIME } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';
import { acceptUpload, DOCUMENT_UPLOADS, PICTURE_UPLOADS, type Upload, type UploadPolicy } from '../../platform/uploads.js';
import { displayName } from '../files/candidacy-files.service.js';
import { storeGeneratedFile } from '../files/files.service.js';
import { buildReportPdf } from './marketing.pdf.js';
import {
  type CampaignRow,
  campaignsDuring,
  campaignsPage,
  findCampaign,
  findReport,
  highestVisits,
  previousReportAt,
  type ReportRow,
  reportLots,
  reportsOf,
} from './marketing.queries.js';

export type MarketingDeps = { db: Db; storage: Storage };

/** The visits screenshot goes into the PDF: PNG or JPEG only. */
export const SCREENSHOT_UPLOADS: UploadPolicy = { ...PICTURE_UPLOADS, refused: () => MARKETING_MESSAGES.screenshotRefused };

type StoredUpload = { name: string; mime: string; content: Buffer; key: string };

/** Checks every file first (one bad file refuses the upload), then stores them. */
const storeUploads = async (storage: Storage, policy: UploadPolicy, uploads: Upload[]): Promise<StoredUpload[]> => {
  const checked = uploads.map((upload) => ({
    name: displayName(upload.filename),
    mime: acceptUpload(policy, upload).mime,
    content: upload.content,
  }));
  return Promise.all(checked.map(async (file) => ({ ...file, key: await storage.put(file.content) })));
};

/** Runs a write with stored files: the stored contents go when the transaction does not commit. */
const withStored = async <T>(storage: Storage, stored: StoredUpload[], write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    await Promise.all(stored.map((file) => storage.remove(file.key)));
    throw error;
  }
};

const insertFiles = async (
  tx: Tx,
  actor: RequestActor,
  promotionId: number,
  owner: 'campaign' | 'marketing_report',
  stored: StoredUpload[],
) =>
  stored.length === 0
    ? []
    : tx
        .insert(files)
        .values(
          stored.map((file) => ({
            name: file.name,
            mime: file.mime,
            size: file.content.length,
            storageKey: file.key,
            owner,
            promotionId,
            createdById: actor.id,
          })),
        )
        .returning({ id: files.id });

const toCampaign = (actor: RequestActor, row: CampaignRow): Campaign => ({
  id: row.id,
  title: row.title,
  method: row.method,
  color: row.color,
  start_at: row.start_at,
  end_at: row.end_at,
  price: row.price,
  url: row.url,
  comment: row.comment,
  format: row.format,
  agency: row.agency_id === null ? null : { id: row.agency_id, name: row.agency_name ?? '' },
  files: row.files,
  can_edit: canEditCampaignOf(actor, row.agency_id),
  created_at: row.created_at,
});

/** GET /campaigns: every campaign of the promotion, all agencies (docs/product/marketing.md#who-may-do-what). */
export const listCampaigns = async (db: Db, actor: RequestActor, query: CampaignListQuery & { page: number }): Promise<CampaignPage> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion as number | undefined);
  if (promotionId === null) return { ...paginate([], 0, 1, CAMPAIGN_PAGE_SIZE), multi_agency: false };
  const page = await campaignsPage(db, {
    promotionId,
    search: query.search,
    startAfter: (query.start_after as string | null | undefined) ?? null,
    endBefore: (query.end_before as string | null | undefined) ?? null,
    orderBy: query.orderBy,
    order: query.order,
    page: query.page,
    pageSize: CAMPAIGN_PAGE_SIZE,
  });
  return {
    ...paginate(
      page.rows.map((row) => toCampaign(actor, row)),
      page.total,
      page.page,
      CAMPAIGN_PAGE_SIZE,
    ),
    multi_agency: page.multiAgency,
  };
};

const campaignValues = (input: CampaignInput) => ({
  title: input.title,
  method: input.method,
  color: input.color,
  startAt: input.start_at,
  endAt: input.end_at,
  price: input.price,
  url: input.url,
  comment: input.comment,
  format: input.format,
});

/** POST promotions/{id}/campaigns: the campaign of the broker's agency, with its first documents. */
export const createCampaign = async (
  deps: MarketingDeps,
  actor: RequestActor,
  promotionId: number,
  input: CampaignInput,
  uploads: Upload[],
): Promise<Campaign> => {
  await assertMemberOf(deps.db, actor, promotionId);
  if (uploads.length > CAMPAIGN_MAX_FILES) throw badRequest(MARKETING_MESSAGES.tooManyFiles);
  const stored = await storeUploads(deps.storage, DOCUMENT_UPLOADS, uploads);
  const id = await withStored(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const [campaign] = await tx
        .insert(campaigns)
        .values({ ...campaignValues(input), promotionId, agencyId: actor.agency_id ?? null, createdById: actor.id })
        .returning({ id: campaigns.id });
      const inserted = await insertFiles(tx, actor, promotionId, 'campaign', stored);
      if (inserted.length > 0)
        await tx.insert(campaignFiles).values(inserted.map((file) => ({ campaignId: campaign.id, fileId: file.id })));
      return campaign.id;
    }),
  );
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

/** A campaign of one of the user's promotions (404 otherwise) that he may edit (403 otherwise). */
const editableCampaign = async (db: Db, actor: RequestActor, id: number): Promise<CampaignRow> => {
  const campaign = await findCampaign(db, id);
  if (!campaign || !(await isMemberOf(db, actor, campaign.promotion_id))) throw notFound(MARKETING_MESSAGES.campaignNotFound);
  if (!canEditCampaignOf(actor, campaign.agency_id)) throw forbidden(MARKETING_MESSAGES.otherAgency);
  return campaign;
};

/** PUT /campaigns/{id}: title, dates, url, method, color, price and comment (the format is set when adding only). */
export const updateCampaign = async (db: Db, actor: RequestActor, id: number, input: CampaignInput): Promise<Campaign> => {
  await editableCampaign(db, actor, id);
  const { format: _format, ...values } = campaignValues(input);
  await db.update(campaigns).set(values).where(eq(campaigns.id, id));
  return toCampaign(actor, (await findCampaign(db, id)) as CampaignRow);
};

/** DELETE /campaigns/{id}: the campaign and its documents; their contents go after commit. */
export const deleteCampaign = async (deps: MarketingDeps, actor: RequestActor, id: number): Promise<void> => {
  await editableCampaign(deps.db, actor, id);
  const keys = await deps.db.transaction(async (tx) => {
    const owned = tx.select({ id: campaignFiles.fileId }).from(campaignFiles).where(eq(campaignFiles.campaignId, id));
    const removed = await tx.delete(files).where(inArray(files.id, owned)).returning({ key: files.storageKey });
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    return removed.map((file) => file.key);
  });
  await Promise.all(keys.map((key) => deps.storage.remove(key)));
};

/** POST /campaigns/{id}/files: at least one file. */
export const addCampaignFiles = async (deps: MarketingDeps, actor: RequestActor, id: number, uploads: Upload[]): Promise<Campaign> => {
  const campaign = await editableCampaign(deps.db, actor, id);
  if (uploads.length === 0) throw badRequest(MARKETING_MESSAGES.filesRequired);
  if (uploads.length > CAMPAIGN_MAX_FILES) throw badRequest(MARKETING_MESSAGES.tooManyFiles);
  const stored = await storeUploads(deps.storage, DOCUMENT_UPLOADS, uploads);
  await withStored(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertFiles(tx, actor, campaign.promotion_id, 'campaign', stored);
      await tx.insert(campaignFiles).values(inserted.map((file) => ({ campaignId: id, fileId: file.id })));
    }),
  );
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

/** DELETE /campaigns/{id}/files/{fileId}: a document of that campaign (404 otherwise). */
export const deleteCampaignFile = async (deps: MarketingDeps, actor: RequestActor, id: number, fileId: number): Promise<Campaign> => {
  const campaign = await editableCampaign(deps.db, actor, id);
  if (!campaign.files.some((file) => file.id === fileId)) throw notFound(MARKETING_MESSAGES.fileNotFound);
  const [removed] = await deps.db
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.owner, 'campaign')))
    .returning({ key: files.storageKey });
  if (removed) await deps.storage.remove(removed.key);
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

const toReport = (row: ReportRow): MarketingReport => ({
  id: row.id,
  created_at: row.created_at,
  number_of_visits: row.number_of_visits,
  number_of_future_visits: row.number_of_future_visits,
  visits_report: row.visits_report,
  feedback_positive: row.feedback_positive,
  feedback_todo: row.feedback_todo,
  feedback_problem: row.feedback_problem,
  include_lots: row.include_lots,
  include_marketing_campaigns: row.include_marketing_campaigns,
});

/** GET promotions/{id}/marketing-reports: newest first. */
export const listReports = async (db: Db, actor: RequestActor, promotionId: number): Promise<MarketingReport[]> => {
  await assertMemberOf(db, actor, promotionId);
  return (await reportsOf(db, promotionId)).map(toReport);
};

/**
 * POST promotions/{id}/marketing-reports: the visits at least the highest report's (checked under
 * the promotion's row lock, so two reports added at once cannot both pass), the screenshot stored.
 */
export const createReport = async (
  deps: MarketingDeps,
  actor: RequestActor,
  promotionId: number,
  input: MarketingReportInput,
  screenshot: Upload | null,
): Promise<MarketingReport> => {
  await assertMemberOf(deps.db, actor, promotionId);
  const stored = screenshot ? await storeUploads(deps.storage, SCREENSHOT_UPLOADS, [screenshot]) : [];
  const id = await withStored(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for('update');
      const minimum = await highestVisits(tx, promotionId);
      if (input.number_of_visits < minimum) throw badRequest(MARKETING_MESSAGES.visitsMin(minimum));
      const [file] = await insertFiles(tx, actor, promotionId, 'marketing_report', stored);
      const [report] = await tx
        .insert(marketingReports)
        .values({
          promotionId,
          numberOfVisits: input.number_of_visits,
          numberOfFutureVisits: input.number_of_future_visits,
          visitsReportFileId: file?.id ?? null,
          feedbackPositive: input.feedback_positive,
          feedbackTodo: input.feedback_todo,
          feedbackProblem: input.feedback_problem,
          includeLots: input.include_lots,
          includeMarketingCampaigns: input.include_marketing_campaigns,
          createdById: actor.id,
        })
        .returning({ id: marketingReports.id });
      return report.id;
    }),
  );
  return toReport((await findReport(deps.db, promotionId, id)) as ReportRow);
};

const visibleReport = async (db: Db, actor: RequestActor, promotionId: number, reportId: number) => {
  await assertMemberOf(db, actor, promotionId);
  const report = await findReport(db, promotionId, reportId);
  if (!report) throw notFound(MARKETING_MESSAGES.reportNotFound);
  return report;
};

/** DELETE promotions/{id}/marketing-reports/{reportId}: the report and its screenshot. */
export const deleteReport = async (deps: MarketingDeps, actor: RequestActor, promotionId: number, reportId: number): Promise<void> => {
  const report = await visibleReport(deps.db, actor, promotionId, reportId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(marketingReports).where(eq(marketingReports.id, report.id));
    if (report.visits_report) await tx.delete(files).where(eq(files.id, report.visits_report.id));
  });
  if (report.visits_report_storage_key) await deps.storage.remove(report.visits_report_storage_key);
};

/** The Swiss calendar day of an instant, 'YYYY-MM-DD'. */
const swissDay = (at: string) => {
  const { date } = toSwissDateAndTime(at);
  return date;
};

/**
 * GET promotions/{id}/marketing-reports/{reportId}: the report as a PDF (docs/product/marketing.md#the-report-pdf),
 * answered as a short-lived signed URL like every generated document. The campaigns' period runs
 * from the previous report's day (the first report: from the earliest campaign) to this report's day.
 */
export const reportPdfUrl = async (deps: MarketingDeps, actor: RequestActor, promotionId: number, reportId: number) => {
  const report = await visibleReport(deps.db, actor, promotionId, reportId);
  const [promotion] = await deps.db.select({ title: promotions.title }).from(promotions).where(eq(promotions.id, promotionId));
  const to = swissDay(report.created_at);
  const previous = report.include_marketing_campaigns ? await previousReportAt(deps.db, promotionId, report) : null;
  const [lots, during, screenshot] = await Promise.all([
    report.include_lots ? reportLots(deps.db, promotionId) : null,
    report.include_marketing_campaigns ? campaignsDuring(deps.db, promotionId, previous ? swissDay(previous) : '1900-01-01', to) : null,
    report.visits_report_storage_key ? deps.storage.get(report.visits_report_storage_key) : null,
  ]);
  const from = previous !== null ? swissDay(previous) : [to, ...(during ?? []).map((c) => c.start_at ?? swissDay(c.created_at))].sort()[0];
  const content = await buildReportPdf({
    promotionTitle: promotion.title,
    createdAt: report.created_at,
    numberOfVisits: report.number_of_visits,
    numberOfFutureVisits: report.number_of_future_visits,
    screenshot,
    feedback: { positive: report.feedback_positive, todo: report.feedback_todo, problem: report.feedback_problem },
    lots,
    campaigns: during
      ? {
          period: { from, to },
          rows: during.map((c) => ({
            title: c.title,
            method: c.method,
            agency: c.agency_name,
            start_at: c.start_at,
            end_at: c.end_at,
            price: c.price,
            cost: campaignCostOver({ ...c, created_at: swissDay(c.created_at) }, { from, to }),
          })),
        }
      : null,
  });
  const { url } = await storeGeneratedFile(deps, {
    name: `Rapport marketing ${report.id}.pdf`,
    mime: PDF_MIME,
    content,
    promotionId,
    createdById: actor.id,
  });
  return url;
};
