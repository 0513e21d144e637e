import { z } from 'zod';
import { dateYearsCheck, idOf, idSchema, isCalendarDay, isWithinDateYears, pageQuerySchema, textOf, textSchema } from './common.js';

/**
 * Marketing: campaigns and marketing reports (docs/product/marketing.md). The texts the
 * specification does not give are fixed here once, for the server and the client.
 */
export const MARKETING_MESSAGES = {
  titleRequired: 'Le titre est requis',
  dateInvalid: 'Date invalide (format année-mois-jour)',
  datesOrder: 'La date de début ne peut pas être après la date de fin',
  priceMin: 'Le prix doit être un nombre supérieur ou égal à 0',
  filesRequired: 'Veuillez sélectionner au moins un fichier',
  tooManyFiles: '10 fichiers au maximum par envoi',
  visitsMin: (minimum: number) => `Le nombre de visites doit être au moins ${minimum}`,
  futureVisitsMin: 'Le nombre de visites futures doit être au moins 0',
  visitsInvalid: 'Le nombre de visites doit être un nombre entier',
  screenshotRefused: 'La capture des visites doit être une image PNG ou JPG',
  screenshotUnreadable: 'La capture des visites ne peut pas être lue : envoyez une image PNG ou JPG valide',
  /** In the report's PDF, for a screenshot stored before it was checked at upload. */
  screenshotUnreadableInPdf: "La capture des visites n'a pas pu être lue.",
  otherAgency: 'Cette campagne appartient à une autre agence : seuls ses courtiers peuvent la modifier',
  /** A broker without an agency adds no campaign: a campaign is of its author's agency (docs/permissions.md#row-rules). */
  noAgency: "Vous n'êtes rattaché à aucune agence : seuls les courtiers d'une agence gèrent ses campagnes",
  campaignNotFound: 'Campagne introuvable',
  fileNotFound: 'Document introuvable',
  reportNotFound: 'Rapport introuvable',
  campaignDeleted: 'Campagne supprimée',
  documentsAdded: 'Documents ajoutés',
  documentDeleted: 'Document supprimé',
  reportCreated: 'Rapport ajouté',
  reportDeleted: 'Rapport supprimé',
  confirmDeleteCampaign: 'Voulez-vous vraiment supprimer cette campagne ?',
  confirmDeleteReport: 'Voulez-vous vraiment supprimer ce rapport ?',
  noCampaign: 'Aucune campagne',
  noReport: 'Aucun rapport',
  noDocument: 'Aucun document',
} as const;

/** Rows of the campaigns table per page. */
export const CAMPAIGN_PAGE_SIZE = 20;
/** Files a campaign upload takes at most. */
export const CAMPAIGN_MAX_FILES = 10;

/** The sortable columns of the campaigns table (docs/product/marketing.md#screens): agency only on a multi-agency promotion. */
export const CAMPAIGN_SORTS = ['agency', 'title', 'method', 'start_at', 'end_at', 'price'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** An optional calendar day between 1900 and 2200: empty is null. `label` names the field when its key says something else. */
const optionalDay = (label?: string) =>
  z
    .union([textSchema, z.null()])
    .optional()
    .refine((value) => typeof value !== 'string' || isWithinDateYears(value.trim()), dateYearsCheck(label))
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      if (!isCalendarDay(text)) {
        ctx.addIssue({ code: 'custom', message: MARKETING_MESSAGES.dateInvalid });
        return z.NEVER;
      }
      return text;
    });

/** An optional free text: trimmed, empty is null. */
const optionalText = (max: number) =>
  z
    .union([textOf(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text.length > max) {
        ctx.addIssue({ code: 'too_big', maximum: max, origin: 'string', message: `${max} caractères au maximum` });
        return z.NEVER;
      }
      return text === '' ? null : text;
    });

/** A whole number of francs >= 0, given as a number or digits (a multipart field is text); empty is 0. */
const priceSchema = z
  .union([z.number(), textSchema, z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return 0;
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/['’\s]/g, '');
    if (text === '') return 0;
    const price = Number(text);
    if (!Number.isFinite(price) || price < 0 || price > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: MARKETING_MESSAGES.priceMin });
      return z.NEVER;
    }
    return Math.round(price);
  });

/**
 * POST promotions/{id}/campaigns (multipart fields) and PUT /campaigns/{id} (JSON): 'Titre *'
 * required, price default 0, the start never after the end (docs/product/marketing.md#rules).
 */
export const campaignInputSchema = z
  .object({
    title: textOf({ error: MARKETING_MESSAGES.titleRequired })
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, { message: MARKETING_MESSAGES.titleRequired })
      .refine((value) => value.length <= 200, { message: '200 caractères au maximum' }),
    method: optionalText(200),
    color: optionalText(50),
    start_at: optionalDay(),
    end_at: optionalDay('Date de fin'),
    price: priceSchema,
    url: optionalText(2000),
    comment: optionalText(5000),
    format: optionalText(200),
  })
  .refine((input) => input.start_at === null || input.end_at === null || input.start_at <= input.end_at, {
    message: MARKETING_MESSAGES.datesOrder,
    path: ['end_at'],
  });
export type CampaignInput = z.infer<typeof campaignInputSchema>;
/** What the add and edit form holds (text inputs). */
export type CampaignForm = z.input<typeof campaignInputSchema>;

/** GET /campaigns: the promotion, the search, start after, end before, the sort and the page. */
export const campaignListQuerySchema = z.object({
  promotion: idOf().optional(),
  search: textOf().trim().max(200).optional(),
  start_after: optionalDay(),
  end_before: optionalDay(),
  orderBy: z.enum(CAMPAIGN_SORTS, { error: 'Tri invalide' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Ordre de tri invalide' }).optional(),
  page: pageQuerySchema,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export const campaignParamsSchema = z.object({ id: idSchema });
export const campaignFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });
export const marketingReportParamsSchema = z.object({ id: idSchema, reportId: idSchema });

/** A multipart boolean: 1/0 (docs/product/marketing.md#calls), true/false; absent is true (both flags default to included). */
const flagSchema = z
  .union([z.boolean(), textSchema, z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === true || value === 1) return true;
    if (value === false || value === 0) return false;
    const text = String(value).trim().toLowerCase();
    if (text === '1' || text === 'true' || text === '') return true;
    if (text === '0' || text === 'false') return false;
    ctx.addIssue({ code: 'custom', message: 'Valeur invalide (1 ou 0)' });
    return z.NEVER;
  });

const countSchema = (message: string) =>
  z.union([z.number(), textSchema]).transform((value, ctx) => {
    const text = String(value).trim();
    const count = text === '' ? Number.NaN : Number(text);
    if (!Number.isInteger(count) || count > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: MARKETING_MESSAGES.visitsInvalid });
      return z.NEVER;
    }
    if (count < 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return count;
  });

/**
 * POST promotions/{id}/marketing-reports (multipart fields): the visits (at least the highest
 * report's, checked by the server), the future visits >= 0, the three feedback texts and the two
 * flags (docs/product/marketing.md#rules).
 */
export const marketingReportInputSchema = z.object({
  number_of_visits: countSchema(MARKETING_MESSAGES.visitsMin(0)),
  number_of_future_visits: countSchema(MARKETING_MESSAGES.futureVisitsMin),
  feedback_positive: optionalText(5000),
  feedback_todo: optionalText(5000),
  feedback_problem: optionalText(5000),
  include_lots: flagSchema,
  include_marketing_campaigns: flagSchema,
});
export type MarketingReportInput = z.infer<typeof marketingReportInputSchema>;

export const campaignFileSchema = z.object({ id: z.number(), name: z.string(), uuid: z.string(), created_at: z.string() });
export type CampaignFile = z.infer<typeof campaignFileSchema>;

export const campaignSchema = z.object({
  id: z.number(),
  title: z.string(),
  method: z.string().nullable(),
  color: z.string().nullable(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  price: z.number(),
  url: z.string().nullable(),
  comment: z.string().nullable(),
  format: z.string().nullable(),
  agency: z.object({ id: z.number(), name: z.string() }).nullable(),
  files: campaignFileSchema.array(),
  /** The caller may edit, delete and add documents to it (a broker of its agency). */
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /campaigns: a page, and whether the promotion is multi-agency (the agency column). */
export const campaignPageSchema = z.object({
  data: campaignSchema.array(),
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  multi_agency: z.boolean(),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const marketingReportSchema = z.object({
  id: z.number(),
  /** The N° shown: 1, 2, 3... in its promotion, kept when another report is deleted. */
  number: z.number(),
  created_at: z.string(),
  number_of_visits: z.number(),
  number_of_future_visits: z.number(),
  visits_report: z.object({ id: z.number(), name: z.string(), uuid: z.string() }).nullable(),
  feedback_positive: z.string().nullable(),
  feedback_todo: z.string().nullable(),
  feedback_problem: z.string().nullable(),
  include_lots: z.boolean(),
  include_marketing_campaigns: z.boolean(),
});
export type MarketingReport = z.infer<typeof marketingReportSchema>;

/** The minimum of a new report's visits: the highest existing report's (0 if none). */
export const reportVisitsMinimum = (reports: readonly Pick<MarketingReport, 'number_of_visits'>[]): number =>
  reports.reduce((highest, report) => Math.max(highest, report.number_of_visits), 0);

/** 'Visiter': the url as is with http or https, else with a protocol-relative prefix. */
export const campaignVisitUrl = (url: string | null | undefined): string | null => {
  const text = url?.trim() ?? '';
  if (text === '') return null;
  if (/^https?:\/\//i.test(text)) return text;
  return `//${text.replace(/^\/+/, '')}`;
};

/**
 * A campaign's cost over a period (docs/product/marketing.md#rules): its price spread evenly over
 * its days, times its days inside the period. A campaign without a start counts from its
 * creation day, without an end until the period's end. Days are 'YYYY-MM-DD', both ends included.
 */
export const campaignCostOver = (
  campaign: { price: number; start_at: string | null; end_at: string | null; created_at: string },
  period: { from: string; to: string },
): number => {
  const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const start = dayNumber(campaign.start_at ?? campaign.created_at.slice(0, 10));
  const end = dayNumber(campaign.end_at ?? period.to);
  if (end < start) return 0;
  const overlap = Math.min(end, dayNumber(period.to)) - Math.max(start, dayNumber(period.from)) + 1;
  if (overlap <= 0) return 0;
  return Math.round((campaign.price * overlap) / (end - start + 1));
};

/** A calendar day as shown: '2026-03-01' -> '01/03/2026' (the app's date format); '-' without one. */
export const formatDay = (day: string | null | undefined): string =>
  day && isCalendarDay(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '-';
