import { ATTRIBUTION_MESSAGES, type AttributionLot } from '../contracts/applications.js';
import { MESSAGES } from '../messages.js';
import { type Actor, isCrmAgency } from '../roles.js';
import { DEFAULT_APPLICATION_PRIORITY } from './positions.js';

/**
 * The attribution of a lot to a candidacy (docs/product/validation.md#assign-lot; docs/sales-process.md#2-lots-built),
 * written once: whether the action is offered, which partners may join, and which position the
 * new application takes. The server decides with it under the lot's row lock, the pickers show
 * what it will decide.
 */

export type AttributionDecision =
  | { ok: true; priority: number }
  | { ok: false; reason: 'alreadyHeld' | 'blocked' | 'waitingListOnly'; message: string };

/**
 * The position an attribution takes (docs/sales-process.md#2-lots-built and docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built).
 * Multi-agency: a Réservé or Signé lot takes the waiting list (9), otherwise the best free
 * position, none free is refused. Other promotions: the chosen priority, only 9 on a Réservé or
 * Signé lot.
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
 * The 'assign lot' action is offered when the candidacy's agency is not agency 1, or the
 * promotion is multi-agency, or it was never synced to the CRM, or the candidacy is validated
 * in the CRM (docs/product/access.md#who-may-do-what).
 */
export const canAttributeLot = (input: {
  candidacyAgencyId: number | null;
  multiAgency: boolean;
  crmUpdatedAt: string | Date | null;
  crmValidated: boolean;
}): boolean => !isCrmAgency(input.candidacyAgencyId) || input.multiAgency || input.crmUpdatedAt === null || input.crmValidated;

/**
 * Agency 1 in a promotion synced to the CRM (`crm_updated_at` set) chooses partners among
 * CRM-validated candidacies only (docs/product/validation.md#sales-pipeline-forms, the rule of attributeLot and addCandidacy).
 */
export const choosesCrmValidatedPartnersOnly = (actor: Pick<Actor, 'agency_id'>, crmUpdatedAt: string | Date | null): boolean =>
  isCrmAgency(actor.agency_id) && crmUpdatedAt !== null;
