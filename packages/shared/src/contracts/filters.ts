import { z } from 'zod';
import { idOf, idSchema, pageQuerySchema, textSchema } from './common.js';

/** GET app/filters: the options of the filter bar for the current promotion (docs/product/layout.md#promotion-picker). */
export const filterOptionsSchema = z.object({
  /**
   * The current promotion; `crm_updated_at`, its last send to the CRM (an ISO instant), decides
   * whether the CRM agency may attribute a lot to a candidacy the CRM has not validated.
   */
  promotion: z.object({ id: z.number(), title: z.string(), multi_agency: z.boolean(), crm_updated_at: z.string().nullable() }).nullable(),
  buildings: z.array(z.object({ id: z.number(), title: z.string() })),
  floors: z.array(z.object({ id: z.number(), floor: z.number(), title: z.string() })),
  nb_rooms: z.array(z.number()),
  /** Full price range in KCHF (the slider's bounds, step 10). */
  price: z.object({ min: z.number(), max: z.number() }),
  brokers: z.array(z.object({ id: z.number(), full_name: z.string(), profile_picture: z.string().nullable() })),
  agencies: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/** GET app/filters: the promotion asked for (else the user's current one). */
export const filterOptionsQuerySchema = z.object({ promotion: idOf('Promotion invalide').optional() });

/** The options before the first answer, or without a current promotion. */
export const EMPTY_FILTER_OPTIONS: FilterOptions = {
  promotion: null,
  buildings: [],
  floors: [],
  nb_rooms: [],
  price: { min: 0, max: 0 },
  brokers: [],
  agencies: [],
};

const csvItems = z.union([textSchema, z.array(textSchema)]).transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== ''));

/** A multi-select of numbers (rooms: 3.5 is one). */
const csvNumbers = csvItems
  .transform((items) => items.map(Number))
  .pipe(z.array(z.number({ error: 'Filtre invalide' }).finite('Filtre invalide').min(0, 'Filtre invalide').max(1000, 'Filtre invalide')));

/** A multi-select of ids (buildings, floors): each one the one id schema. */
const csvIds = z.preprocess(
  (value) => {
    const items = typeof value === 'string' ? value.split(',') : value;
    return Array.isArray(items) ? items.filter((item) => item !== '') : items;
  },
  z.array(idOf('Filtre invalide')),
);

/** The largest price a filter takes, in CHF (a database integer). */
const PRICE_MAX = 2_000_000_000;

const flag = z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')]).transform((v) => v === '1' || v === 'true');

/**
 * The filters a list call receives (docs/product/entities.md#filters and docs/product/validation.md#filters-sent-to-the-server).
 * Absent multi-selects mean "all"; prices are in CHF.
 */
export const listFiltersSchema = z.object({
  nb_rooms: csvNumbers.optional(),
  floors: csvIds.optional(),
  buildings: csvIds.optional(),
  // Prices are whole francs: a minimum rounds up, a maximum down (the same lots as the decimal bound).
  price_min: z.coerce.number().min(0, 'Prix invalide').max(PRICE_MAX, 'Prix invalide').transform(Math.ceil).optional(),
  price_max: z.coerce.number().min(0, 'Prix invalide').max(PRICE_MAX, 'Prix invalide').transform(Math.floor).optional(),
  onlyLateTasks: flag.optional(),
  showNonRetained: flag.optional(),
  showMyAgency: flag.optional(),
  toKCHF: flag.optional(),
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  broker: idOf('Courtier invalide').optional(),
  orderBy: textSchema.max(60).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Ordre invalide' }).optional(),
  page: pageQuerySchema,
  lot: textSchema.max(60).optional(),
  application: idSchema.optional(),
  candidat: idSchema.optional(),
  candidacy: idSchema.optional(),
  promotion: idOf('Promotion invalide').optional(),
});
export type ListFilters = z.infer<typeof listFiltersSchema>;
