// Over 400 lines: the Marketing menu's campaigns and reports share the upload helpers (storeUploads, withStored, insertFiles) and their writes' pipeline.
import {
  CAMPAIGN_MAX_FILES,
  CAMPAIGN_PAGE_SIZE,
  type Campaign,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignPage,
  campaignCostOver,
  can,
  compareNatural,
  MARKETING_MESSAGES,
  type MarketingReport,
  type MarketingReportInput,
  toSwissDateAndTime,
} from '@promovente/shared';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.js';
import { campaignFiles, campaigns, files, marketingReports, promotions } from '../../db/schema/index.js';
import { assertCan, assertMemberOf, isMemberOf, resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { badRequest, notFound, unprocessable } from '../../platform/errors.js';
import { storeGeneratedFile } from '../../platform/generated-files.js';
import { paginate } from '../../platform/pagination.js';
import { PDF_MIME } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';
import { assertStorageQuota } from '../../platform/storage-quota.js';
import { acceptUpload, DOCUMENT_UPLOADS, displayName, PICTURE_UPLOADS, type Upload, type UploadPolicy } from '../../platform/uploads.js';
import { runWrite, type WriteContext, type WriteDeps, type WriteResult } from '../commands/index.js';
import { buildReportPdf } from './marketing.pdf.js';
import {
  type CampaignRow,
  campaignsDuring,
  campaignsPage,
  findCampaign,
  findReport,
  highestVisits,
  nextReportNumber,
  previousReportAt,
  type ReportRow,
  reportLots,
  reportsOf,
} from './marketing.queries.js';

export type MarketingDeps = { db: Db; storage: Storage };

/** The visits screenshot goes into the PDF: PNG or JPEG only. */
export const SCREENSHOT_UPLOADS: UploadPolicy = { ...PICTURE_UPLOADS, refused: () => MARKETING_MESSAGES.screenshotRefused };

/**
 * The screenshot goes into the report's PDF at download: a file that only starts like a PNG or a
 * JPEG would fail there, long after. It is decoded once here (a small thumbnail, the decoder
 * failing on any error) and refused with its reason.
 */
const assertReadableScreenshot = async (upload: Upload) => {
  await acceptUpload(SCREENSHOT_UPLOADS, upload);
  try {
    await sharp(upload.content, { failOn: 'error' }).resize(64, 64, { fit: 'inside' }).toBuffer();
  } catch {
    throw unprocessable(MARKETING_MESSAGES.screenshotUnreadable);
  }
};

type StoredUpload = { name: string; mime: string; content: Buffer; key: string };

/** Checks every file first (one bad file refuses the upload), then stores them. */
const storeUploads = async (storage: Storage, policy: UploadPolicy, uploads: Upload[]): Promise<StoredUpload[]> => {
  const checked: { name: string; mime: string; content: Buffer }[] = [];
  for (const upload of uploads) {
    checked.push({ name: displayName(upload.filename), mime: (await acceptUpload(policy, upload)).mime, content: upload.content });
  }
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
  storage: Storage,
  actor: RequestActor,
  promotionId: number,
  owner: 'campaign' | 'marketing_report',
  stored: StoredUpload[],
) => {
  if (stored.length === 0) return [];
  await assertStorageQuota(
    tx,
    storage,
    promotionId,
    stored.reduce((sum, file) => sum + file.content.length, 0),
  );
  return tx
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
};

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
  can_edit: can(actor, 'campaign.edit', { agency_id: row.agency_id }),
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
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  input: CampaignInput,
  uploads: Upload[],
): Promise<Campaign> => {
  // Checked before any file is read or stored; runWrite checks the promotion again in the transaction.
  await assertMemberOf(deps.db, actor, promotionId);
  // The campaign will be of the broker's agency: he must act for it (none without an agency).
  assertCan(actor, 'campaign.edit', { agency_id: actor.agency_id }, MARKETING_MESSAGES.noAgency);
  if (uploads.length > CAMPAIGN_MAX_FILES) throw badRequest(MARKETING_MESSAGES.tooManyFiles);
  const stored = await storeUploads(deps.storage, DOCUMENT_UPLOADS, uploads);
  const id = await withStored(deps.storage, stored, () =>
    runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx }) => {
        const [campaign] = await tx
          .insert(campaigns)
          .values({ ...campaignValues(input), promotionId, agencyId: actor.agency_id ?? null, createdById: actor.id })
          .returning({ id: campaigns.id });
        const inserted = await insertFiles(tx, deps.storage, actor, promotionId, 'campaign', stored);
        if (inserted.length > 0)
          await tx.insert(campaignFiles).values(inserted.map((file) => ({ campaignId: campaign.id, fileId: file.id })));
        return { data: campaign.id, log: null };
      },
      notFound,
    ),
  );
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

/** A campaign of one of the user's promotions (404 otherwise) that he may edit (403 otherwise), before an upload is read. */
const editableCampaign = async (db: Db, actor: RequestActor, id: number): Promise<CampaignRow> => {
  const campaign = await findCampaign(db, id);
  if (!campaign || !(await isMemberOf(db, actor, campaign.promotion_id))) throw notFound(MARKETING_MESSAGES.campaignNotFound);
  assertCan(actor, 'campaign.edit', { agency_id: campaign.agency_id }, MARKETING_MESSAGES.otherAgency);
  return campaign;
};

/**
 * A change of a campaign through the write pipeline (runWrite): the campaign's row read and
 * locked in the transaction, 404 when it is missing or of a promotion the user is not in, 403
 * when he may not edit it (another agency's), then `work` on its promotion.
 */
const changeCampaign = <Data>(
  deps: WriteDeps,
  actor: RequestActor,
  id: number,
  work: (write: WriteContext) => Promise<WriteResult<Data>>,
) =>
  runWrite(
    deps,
    actor,
    async (tx) => {
      const [campaign] = await tx
        .select({ promotionId: campaigns.promotionId, agencyId: campaigns.agencyId })
        .from(campaigns)
        .where(eq(campaigns.id, id))
        .for('update');
      if (!campaign || !(await isMemberOf(tx, actor, campaign.promotionId))) return null;
      assertCan(actor, 'campaign.edit', { agency_id: campaign.agencyId }, MARKETING_MESSAGES.otherAgency);
      return campaign.promotionId;
    },
    work,
    () => notFound(MARKETING_MESSAGES.campaignNotFound),
  );

/** PUT /campaigns/{id}: title, dates, url, method, color, price and comment (the format is set when adding only). */
export const updateCampaign = async (deps: WriteDeps, actor: RequestActor, id: number, input: CampaignInput): Promise<Campaign> => {
  const { format: _format, ...values } = campaignValues(input);
  await changeCampaign(deps, actor, id, async ({ tx }) => {
    await tx.update(campaigns).set(values).where(eq(campaigns.id, id));
    return { data: null, log: null };
  });
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

/** DELETE /campaigns/{id}: the campaign and its documents; their contents go after commit. */
export const deleteCampaign = async (deps: WriteDeps, actor: RequestActor, id: number): Promise<void> => {
  await changeCampaign(deps, actor, id, async ({ tx, afterCommit }) => {
    const owned = tx.select({ id: campaignFiles.fileId }).from(campaignFiles).where(eq(campaignFiles.campaignId, id));
    const removed = await tx.delete(files).where(inArray(files.id, owned)).returning({ key: files.storageKey });
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    for (const file of removed) afterCommit(() => deps.storage.remove(file.key));
    return { data: null, log: null };
  });
};

/** POST /campaigns/{id}/files: at least one file. */
export const addCampaignFiles = async (deps: WriteDeps, actor: RequestActor, id: number, uploads: Upload[]): Promise<Campaign> => {
  await editableCampaign(deps.db, actor, id);
  if (uploads.length === 0) throw badRequest(MARKETING_MESSAGES.filesRequired);
  if (uploads.length > CAMPAIGN_MAX_FILES) throw badRequest(MARKETING_MESSAGES.tooManyFiles);
  const stored = await storeUploads(deps.storage, DOCUMENT_UPLOADS, uploads);
  await withStored(deps.storage, stored, () =>
    changeCampaign(deps, actor, id, async ({ tx, promotionId }) => {
      const inserted = await insertFiles(tx, deps.storage, actor, promotionId, 'campaign', stored);
      await tx.insert(campaignFiles).values(inserted.map((file) => ({ campaignId: id, fileId: file.id })));
      return { data: null, log: null };
    }),
  );
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

/** DELETE /campaigns/{id}/files/{fileId}: a document of that campaign (404 otherwise); its content goes after commit. */
export const deleteCampaignFile = async (deps: WriteDeps, actor: RequestActor, id: number, fileId: number): Promise<Campaign> => {
  await changeCampaign(deps, actor, id, async ({ tx, afterCommit }) => {
    const ofCampaign = tx
      .select({ id: campaignFiles.fileId })
      .from(campaignFiles)
      .where(and(eq(campaignFiles.campaignId, id), eq(campaignFiles.fileId, fileId)));
    const [removed] = await tx
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.owner, 'campaign'), inArray(files.id, ofCampaign)))
      .returning({ key: files.storageKey });
    if (!removed) throw notFound(MARKETING_MESSAGES.fileNotFound);
    afterCommit(() => deps.storage.remove(removed.key));
    return { data: null, log: null };
  });
  return toCampaign(actor, (await findCampaign(deps.db, id)) as CampaignRow);
};

const toReport = (row: ReportRow): MarketingReport => ({
  id: row.id,
  number: row.number,
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
  deps: WriteDeps,
  actor: RequestActor,
  promotionId: number,
  input: MarketingReportInput,
  screenshot: Upload | null,
): Promise<MarketingReport> => {
  // Checked before the screenshot is read or stored; runWrite checks the promotion again in the transaction.
  await assertMemberOf(deps.db, actor, promotionId);
  if (screenshot) await assertReadableScreenshot(screenshot);
  const stored = screenshot ? await storeUploads(deps.storage, SCREENSHOT_UPLOADS, [screenshot]) : [];
  const id = await withStored(deps.storage, stored, () =>
    runWrite(
      deps,
      actor,
      promotionId,
      async ({ tx }) => {
        await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for('update');
        const minimum = await highestVisits(tx, promotionId);
        if (input.number_of_visits < minimum) throw badRequest(MARKETING_MESSAGES.visitsMin(minimum));
        const [file] = await insertFiles(tx, deps.storage, actor, promotionId, 'marketing_report', stored);
        const [report] = await tx
          .insert(marketingReports)
          .values({
            promotionId,
            // Under the promotion's lock: two reports added at once get 1 and 2, never the same N°.
            number: await nextReportNumber(tx, promotionId),
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
        return { data: report.id, log: null };
      },
      notFound,
    ),
  );
  return toReport((await findReport(deps.db, promotionId, id)) as ReportRow);
};

const visibleReport = async (db: Db, actor: RequestActor, promotionId: number, reportId: number) => {
  await assertMemberOf(db, actor, promotionId);
  const report = await findReport(db, promotionId, reportId);
  if (!report) throw notFound(MARKETING_MESSAGES.reportNotFound);
  return report;
};

/** DELETE promotions/{id}/marketing-reports/{reportId}: the report and its screenshot's row in one write, its content after commit. */
export const deleteReport = async (deps: WriteDeps, actor: RequestActor, promotionId: number, reportId: number): Promise<void> => {
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, afterCommit }) => {
      const report = await findReport(tx, promotionId, reportId);
      if (!report) throw notFound(MARKETING_MESSAGES.reportNotFound);
      await tx.delete(marketingReports).where(eq(marketingReports.id, report.id));
      if (report.visits_report) await tx.delete(files).where(eq(files.id, report.visits_report.id));
      const key = report.visits_report_storage_key;
      if (key) afterCommit(() => deps.storage.remove(key));
      return { data: null, log: null };
    },
    notFound,
  );
};

/** The Swiss calendar day of an instant, 'YYYY-MM-DD'. */
const swissDay = (at: string) => {
  const { date } = toSwissDateAndTime(at);
  return date;
};

/** The PDF's file name: the report's N°, the promotion and the report's Swiss day ('Rapport marketing 3 - Les Terrasses du Lac - 2026-11-26.pdf'). */
export const reportFileName = (promotionTitle: string, report: { number: number; created_at: string }) =>
  `Rapport marketing ${report.number} - ${promotionTitle.replace(/[\\/]/g, '-')} - ${swissDay(report.created_at)}.pdf`;

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
    number: report.number,
    promotionTitle: promotion.title,
    createdAt: report.created_at,
    numberOfVisits: report.number_of_visits,
    numberOfFutureVisits: report.number_of_future_visits,
    screenshot,
    feedback: { positive: report.feedback_positive, todo: report.feedback_todo, problem: report.feedback_problem },
    lots: lots && [...lots].sort((a, b) => compareNatural(a.reference, b.reference)),
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
    name: reportFileName(promotion.title, report),
    mime: PDF_MIME,
    content,
    promotionId,
    createdById: actor.id,
  });
  return url;
};
