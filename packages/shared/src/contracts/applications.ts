import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { APPLICATION_PRIORITIES, DEFAULT_APPLICATION_PRIORITY } from '../statuses.js';
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
  .refine((value) => (APPLICATION_PRIORITIES as readonly number[]).includes(value), {
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
export type AttributionLot = {
  id: number;
  reference: string;
  title: string;
  building: string;
  floor: string;
  nb_rooms: number;
  price: number;
  status: number;
  status_text: string;
  /** The lowest free position among 1-3, or null (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
  best_available_priority: number | null;
  /** Réservé or Signé: only the waiting list (priority 9) is open (docs/sales-process.md#2-lots-built). */
  waiting_list_only: boolean;
  /** The candidacy already holds a live application on it ('Existe déjà'). */
  already_held: boolean;
};

export type AttributionOptions = {
  candidacy_id: number;
  promotion_id: number;
  multi_agency: boolean;
  lots: AttributionLot[];
};

/** A candidacy the partner select offers. */
export type PartnerOption = { id: number; full_name: string; email: string | null; crm_validated: boolean };

export const partnersQuerySchema = z.object({
  candidacy_id: idSchema,
  search: textSchema.trim().max(100, 'Recherche trop longue').optional(),
});

/** The application attributeLot created. */
export type AttributedApplication = { id: number; public_id: string; lot_id: number; priority: number; status: number };

export type AttributionDecision =
  | { ok: true; priority: number }
  | { ok: false; reason: 'alreadyHeld' | 'blocked' | 'waitingListOnly'; message: string };

/**
 * The position an attribution takes (docs/sales-process.md#2-lots-built and docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built), used by the server under the lot's
 * row lock and by the picker to show it. Multi-agency: a Réservé or Signé lot takes the waiting
 * list (9), otherwise the best free position, none free is refused. Other promotions: the
 * chosen priority, only 9 on a Réservé or Signé lot.
 */
export const decideAttribution = (
  lot: Pick<AttributionLot, 'best_available_priority' | 'waiting_list_only' | 'already_held'>,
  multiAgency: boolean,
  requestedPriority: number = DEFAULT_APPLICATION_PRIORITY,
): AttributionDecision => {
  if (lot.already_held) return { ok: false, reason: 'alreadyHeld', message: ATTRIBUTION_MESSAGES.alreadyHeld };
  if (multiAgency) {
    if (lot.waiting_list_only) return { ok: true, priority: DEFAULT_APPLICATION_PRIORITY };
    if (lot.best_available_priority === null) return { ok: false, reason: 'blocked', message: MESSAGES.lotAssignmentBlocked };
    return { ok: true, priority: lot.best_available_priority };
  }
  if (lot.waiting_list_only && requestedPriority !== DEFAULT_APPLICATION_PRIORITY) {
    return { ok: false, reason: 'waitingListOnly', message: ATTRIBUTION_MESSAGES.waitingListOnly };
  }
  return { ok: true, priority: requestedPriority };
};

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
export type LotAttributionCandidacy = {
  id: number;
  full_name: string;
  email: string | null;
  status_text: string;
  crm_validated: boolean;
  already_held: boolean;
};

export type LotAttributionOptions = {
  promotion_id: number;
  multi_agency: boolean;
  lot: Omit<AttributionLot, 'already_held'>;
  candidacies: LotAttributionCandidacy[];
  has_more: boolean;
};
