import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { fromSwissTime } from '../swiss-time.js';
import { dateYearsCheck, idOf, isCalendarDay, isWithinDateYears, pageQuerySchema, requiredText, textOf, textSchema } from './common.js';

/**
 * The promotion administration's contracts (docs/product/promotion-administration.md): the cards
 * of 'Mes promotions', the record of the 'Informations' menu, the creation and the settings.
 */

/** A card of 'Mes promotions': the logo, the title, the names of its agencies, and whether it is archived. */
export const promotionCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  logo: z.string().nullable(),
  agencies: z.array(z.string()),
  archived: z.boolean(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;

/** Cards a page: a multiple of 2, 3 and 4, so that every row of the grid is full. */
export const PROMOTION_CARDS_PAGE_SIZE = 24;

/**
 * GET promotions?search=&page=&archived=: `search` is a contains-match on the title; `archived=1`
 * lists the archived promotions (the filter 'Archivées'), else the others ('En cours').
 */
export const promotionListQuerySchema = z.object({
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  page: pageQuerySchema,
  archived: z
    .enum(['0', '1'], { error: 'Filtre des promotions archivées invalide' })
    .optional()
    .transform((value) => value === '1'),
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

/** The person named as the promotion's main broker. */
export const promotionBrokerSchema = z.object({ id: z.number(), full_name: z.string() });
export type PromotionBroker = z.infer<typeof promotionBrokerSchema>;

/**
 * GET promotions/{id} (answer in `data`): what the 'Informations' menu shows and edits. The
 * registration token is null for a demo promotion (its link is never handed out); dates are UTC
 * instants, shown in Swiss time.
 */
export const promotionRecordSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string().nullable(),
  /** The logo's address (a 150x150 PNG), or null. */
  logo: z.string().nullable(),
  agencies: z.array(z.object({ id: z.number(), name: z.string() })),
  broker_id: z.number().nullable(),
  main_broker: promotionBrokerSchema.nullable(),
  token: z.string().nullable(),
  is_demo: z.boolean(),
  prestige: z.boolean(),
  gtm: z.string().nullable(),
  external_report_url: z.string().nullable(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  share_new_candidates: z.boolean(),
  /** Days a priority 1 keeps its reservation (multi-agency promotions only). */
  reservation_timeout: z.number().nullable(),
  multi_agency: z.boolean(),
  crm_updated_at: z.string().nullable(),
  /** When an admin archived it (UTC instant), null while it is in progress (docs/product/promotion-administration.md#archived-promotion). */
  archived_at: z.string().nullable(),
});
export type PromotionRecord = z.infer<typeof promotionRecordSchema>;

/**
 * Archiving a promotion (PUT promotions/{id}/archive) and restoring it (PUT promotions/{id}/restore):
 * admins only; an archived promotion leaves 'Mes promotions' for its filter 'Archivées' and is
 * read-only for everyone (MESSAGES.promotionArchived) until an admin restores it.
 */
export const PROMOTION_ARCHIVE_MESSAGES = {
  archived: 'Promotion archivée',
  restored: 'Promotion restaurée',
  alreadyArchived: 'Cette promotion est déjà archivée',
  notArchived: "Cette promotion n'est pas archivée",
  archive: 'Archiver la promotion',
  restore: 'Restaurer la promotion',
  confirmArchive: (title: string) => `Êtes-vous sûr de vouloir archiver la promotion « ${title} » ?`,
  archiveConsequences:
    'Elle quittera « Mes promotions » pour le filtre « Archivées » et passera en lecture seule pour tous ses membres, qui pourront encore la consulter. Un administrateur pourra la restaurer.',
  archivedOn: (date: string) => `Archivée le ${date}`,
  archivedBadge: 'Archivée',
  filterCurrent: 'En cours',
  filterArchived: 'Archivées',
} as const;

/** The logo: PNG or JPG, 10 MB at most, cropped to 150x150 (docs/product/promotion-administration.md#constants). */
export const PROMOTION_LOGO = { size: 150, maxBytes: 10 * 1024 * 1024, hint: 'PNG ou JPG, 10 Mo maximum' } as const;
/** The refusal of a logo over PROMOTION_LOGO.maxBytes (the creation and the settings forms). */
export const PROMOTION_LOGO_TOO_BIG = `Fichier trop volumineux (logo) : ${PROMOTION_LOGO.maxBytes / 1024 / 1024} Mo au maximum`;

/** The longest reservation timeout an admin may set, in days (a year: beyond, a typo). */
export const RESERVATION_TIMEOUT_MAX_DAYS = 365;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A web address as the admins type it, with or without its protocol ('www.exemple.ch'): no
 * spaces, a dot in the host, and when a protocol is given, http or https only (never
 * 'javascript:'), so that the test link cannot run anything.
 */
export const isWebAddress = (value: string): boolean => {
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  if (/\s/.test(value)) return false;
  try {
    const parsed = new URL(scheme ? value : `https://${value}`);
    return parsed.hostname.includes('.') && !parsed.hostname.startsWith('.') && !parsed.hostname.endsWith('.');
  } catch {
    return false;
  }
};

/** The address a link opens: the url itself, or with 'https://' when it has no protocol. */
export const webAddressHref = (url: string): string => {
  const trimmed = url.trim();
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
};

const webAddress = (required: string, invalid: string) =>
  requiredText(required).pipe(
    z
      .string()
      .trim()
      .max(500, invalid)
      .refine((value) => isWebAddress(value), { message: invalid }),
  );

const optionalWebAddress = (invalid: string) =>
  textOf({ error: invalid })
    .trim()
    .max(500, invalid)
    .refine((value) => value === '' || isWebAddress(value), { message: invalid })
    .optional()
    .transform((value) => (value ? value : null));

/** A multipart flag: '1', 'true' or 'on' is yes; '0', 'false' or nothing is no. */
const flagOf = (message: string) =>
  z
    .union([z.boolean(), textSchema])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '' || value === false || value === '0' || value === 'false') return false;
      if (value === true || value === '1' || value === 'true' || value === 'on') return true;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** A day picked in Swiss time (yyyy-MM-dd) between 1900 and 2200, as its Swiss midnight; empty is null. */
const swissDayOf = (message: string, label?: string) =>
  textOf({ error: message })
    .optional()
    .refine((value) => value === undefined || isWithinDateYears(value.trim()), dateYearsCheck(label))
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      const at = fromSwissTime(text, '00:00');
      if (!isCalendarDay(text) || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return at;
    });

/** A promotion's title, at most this many characters. */
export const PROMOTION_TITLE_MAX = 200;

/** POST promotions (multipart; the logo comes as the file part `logo`): title, url and broker_id are required. */
export const promotionCreateSchema = z.object({
  title: requiredText('Titre requis').pipe(z.string().trim().max(PROMOTION_TITLE_MAX, MESSAGES.titleTooLong(PROMOTION_TITLE_MAX))),
  url: webAddress('Adresse du site requise', 'Adresse du site invalide'),
  broker_id: idOf('Courtier principal requis'),
});
export type PromotionCreateInput = z.infer<typeof promotionCreateSchema>;

/**
 * POST promotions/{id}/settings (multipart; a new logo comes as the PNG file part
 * `logo_full_path`). `reservation_timeout` is a whole number of days >= 1, for multi-agency
 * promotions only (the server refuses it elsewhere); dates are Swiss days.
 */
export const promotionSettingsSchema = z
  .object({
    title: requiredText('Titre requis').pipe(z.string().trim().max(PROMOTION_TITLE_MAX, MESSAGES.titleTooLong(PROMOTION_TITLE_MAX))),
    url: webAddress('Adresse du site requise', 'Adresse du site invalide'),
    share_new_candidates: flagOf('Partage des nouveaux candidats invalide'),
    prestige: flagOf('Prestige invalide'),
    gtm: textOf({ error: 'Identifiant Google Tag Manager invalide' })
      .trim()
      .max(50, 'Identifiant Google Tag Manager trop long')
      .optional()
      .transform((value) => (value ? value : null)),
    external_report_url: optionalWebAddress('Adresse du rapport externe invalide'),
    start_at: swissDayOf('Date de début invalide'),
    end_at: swissDayOf('Date de fin invalide', 'Date de fin'),
    reservation_timeout: z
      .union([z.number(), textSchema])
      .optional()
      .transform((value, ctx) => {
        const text = typeof value === 'number' ? String(value) : (value?.trim() ?? '');
        if (text === '') return null;
        const days = Number(text);
        if (!/^\d{1,4}$/.test(text) || days < 1 || days > RESERVATION_TIMEOUT_MAX_DAYS) {
          ctx.addIssue({
            code: 'custom',
            message: `Le délai de réservation est un nombre entier de jours entre 1 et ${RESERVATION_TIMEOUT_MAX_DAYS}`,
          });
          return z.NEVER;
        }
        return days;
      }),
  })
  .refine((value) => !value.start_at || !value.end_at || value.end_at.getTime() >= value.start_at.getTime(), {
    message: 'La date de fin doit suivre la date de début',
    path: ['end_at'],
  });
export type PromotionSettingsInput = z.infer<typeof promotionSettingsSchema>;
/** What the settings form holds before it is sent (all texts, as the multipart sends them). */
export type PromotionSettingsForm = z.input<typeof promotionSettingsSchema>;
