import { z } from 'zod';
import { fromSwissTime } from '../swiss-time.js';
import { idOf, pageQuerySchema, requiredText, textOf, textSchema } from './common.js';

/**
 * The promotion administration's contracts (docs/product/promotion-administration.md): the cards
 * of 'Mes promotions', the record of the 'Informations' menu, the creation and the settings.
 */

/** A card of 'Mes promotions': the logo, the title and the names of its agencies. */
export type PromotionCard = { id: number; title: string; logo: string | null; agencies: string[] };

/** Cards a page: a multiple of 2, 3 and 4, so that every row of the grid is full. */
export const PROMOTION_CARDS_PAGE_SIZE = 24;

/** GET promotions?search=&page=: `search` is a contains-match on the title. */
export const promotionListQuerySchema = z.object({
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  page: pageQuerySchema,
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

/** The person named as the promotion's main broker. */
export type PromotionBroker = { id: number; full_name: string };

/**
 * GET promotions/{id} (answer in `data`): what the 'Informations' menu shows and edits. The
 * registration token is null for a demo promotion (its link is never handed out); dates are UTC
 * instants, shown in Swiss time.
 */
export type PromotionRecord = {
  id: number;
  title: string;
  url: string | null;
  /** The logo's address (a 150x150 PNG), or null. */
  logo: string | null;
  agencies: { id: number; name: string }[];
  broker_id: number | null;
  main_broker: PromotionBroker | null;
  token: string | null;
  is_demo: boolean;
  prestige: boolean;
  gtm: string | null;
  external_report_url: string | null;
  start_at: string | null;
  end_at: string | null;
  share_new_candidates: boolean;
  /** Days a priority 1 keeps its reservation (multi-agency promotions only). */
  reservation_timeout: number | null;
  multi_agency: boolean;
  crm_updated_at: string | null;
};

/** The logo: PNG or JPG, 10 MB at most, cropped to 150x150 (docs/product/promotion-administration.md#constants). */
export const PROMOTION_LOGO = { size: 150, maxBytes: 10 * 1024 * 1024, hint: 'PNG ou JPG, 10 Mo maximum' } as const;

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

/** A day picked in Swiss time (yyyy-MM-dd), as its Swiss midnight; empty is null. */
const swissDayOf = (message: string) =>
  textOf({ error: message })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      const at = fromSwissTime(text, '00:00');
      if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1900 || at.getUTCFullYear() > 2200) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return at;
    });

/** POST promotions (multipart; the logo comes as the file part `logo`): title, url and broker_id are required. */
export const promotionCreateSchema = z.object({
  title: requiredText('Titre requis').pipe(z.string().trim().max(200, 'Titre trop long')),
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
    title: requiredText('Titre requis').pipe(z.string().trim().max(200, 'Titre trop long')),
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
    end_at: swissDayOf('Date de fin invalide'),
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
