import { z } from 'zod';
import { APPLICATION_PRIORITIES, DEFAULT_APPLICATION_PRIORITY } from '../rules/positions.js';
import { idOf, idSchema, textSchema } from './common.js';

export const ATTRIBUTION_MESSAGES = {
  lotRequired: 'Lot requis',
  priorityRequired: 'Priorité requise',
  crmValidationNeeded: 'Ce candidat doit être validé dans le CRM avant de pouvoir lui attribuer un lot',
  notMainLot: 'Seul un lot principal peut être attribué',
  alreadyHeld: 'Ce lot est déjà attribué à ce candidat',
  waitingListOnly: 'Ce lot est réservé ou signé : seule la priorité 9 (non prioritaire) est possible',
  partnerIsSelf: 'Le candidat ne peut pas être son propre partenaire',
  partnerNotValidated: 'Le partenaire doit être validé dans le CRM',
  attributed: 'Lot attribué',
} as const;

/** The label of the lots the candidacy already holds in the picker (docs/product/validation.md#assign-lot). */
export const ALREADY_HELD_LABEL = 'Existe déjà';

const prioritySchema = z.coerce
  .number({ error: ATTRIBUTION_MESSAGES.priorityRequired })
  .refine((value) => APPLICATION_PRIORITIES.includes(value), {
    message: ATTRIBUTION_MESSAGES.priorityRequired,
  });

/**
 * attributeLot on a candidacy (docs/product/calls.md#command-dispatcher): lot_id, promotion_id, priority, candidacy_2_id.
 * The priority is ignored in multi-agency promotions (the best free position is taken).
 */
export const attributeLotSchema = z.object({
  lot_id: idOf(ATTRIBUTION_MESSAGES.lotRequired),
  promotion_id: idSchema.optional(),
  priority: prioritySchema.nullish().transform((value) => value ?? DEFAULT_APPLICATION_PRIORITY),
  candidacy_2_id: z
    .union([idSchema, z.literal(''), z.null()])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
});
export type AttributeLotInput = z.input<typeof attributeLotSchema>;

export const attributionQuerySchema = z.object({ candidacy_id: idSchema });

/** One lot of the 'assign lot' picker. */
export const attributionLotSchema = z.object({
  id: z.number(),
  reference: z.string(),
  title: z.string(),
  building: z.string(),
  floor: z.string(),
  nb_rooms: z.number(),
  price: z.number(),
  status: z.number(),
  status_text: z.string(),
  /** The lowest free position among 1-3, or null (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
  best_available_priority: z.number().nullable(),
  /** Réservé or Signé: only the waiting list (priority 9) is open (docs/sales-process.md#2-lots-built). */
  waiting_list_only: z.boolean(),
  /** The candidacy already holds a live application on it ('Existe déjà'). */
  already_held: z.boolean(),
});
export type AttributionLot = z.infer<typeof attributionLotSchema>;

export const attributionOptionsSchema = z.object({
  candidacy_id: z.number(),
  promotion_id: z.number(),
  multi_agency: z.boolean(),
  lots: attributionLotSchema.array(),
});
export type AttributionOptions = z.infer<typeof attributionOptionsSchema>;

/** A candidacy the partner select offers. */
export const partnerOptionSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string().nullable(),
  crm_validated: z.boolean(),
});
export type PartnerOption = z.infer<typeof partnerOptionSchema>;

export const partnersQuerySchema = z.object({
  candidacy_id: idSchema,
  search: textSchema.trim().max(100, 'Recherche trop longue').optional(),
});

/** The application attributeLot created. */
export type AttributedApplication = { id: number; public_id: string; lot_id: number; priority: number; status: number };

/**
 * GET /attribution/candidacies?lot_id=&search= (broker): the 'attribute lot' picker opened from a
 * lot row (docs/product/lots.md#screens): the lot with its positions, and the candidacies the broker may
 * attribute it to (his agency; agency 1 in a CRM-synced promotion: CRM-validated only).
 */
export const lotAttributionQuerySchema = z.object({
  lot_id: idSchema,
  search: textSchema.trim().max(100, 'Recherche trop longue').optional(),
});

/** The most candidacies the lot-centric picker answers; has_more says the search should narrow. */
export const LOT_ATTRIBUTION_CANDIDACIES_LIMIT = 50;

/** A candidacy the lot-centric picker offers; already_held: it holds a live application on the lot ('Existe déjà'). */
export const lotAttributionCandidacySchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string().nullable(),
  status_text: z.string(),
  crm_validated: z.boolean(),
  already_held: z.boolean(),
});
export type LotAttributionCandidacy = z.infer<typeof lotAttributionCandidacySchema>;

export const lotAttributionOptionsSchema = z.object({
  promotion_id: z.number(),
  multi_agency: z.boolean(),
  lot: attributionLotSchema.omit({ already_held: true }),
  candidacies: lotAttributionCandidacySchema.array(),
  has_more: z.boolean(),
});
export type LotAttributionOptions = z.infer<typeof lotAttributionOptionsSchema>;
