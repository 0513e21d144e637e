import {
  ALREADY_HELD_LABEL,
  APPLICATION_PRIORITIES,
  type AttributionDecision,
  type AttributionLot,
  decideAttribution,
  formatCHF,
  type LotAttributionCandidacy,
} from '@promovente/shared';

/** The priority select of non multi-agency promotions: 1, 2, 3, 9 (default 9). */
export const PRIORITY_OPTIONS = APPLICATION_PRIORITIES.map((value) => ({
  value,
  label: value === 9 ? '9 (non prioritaire)' : String(value),
}));

/** A lot's line in the picker; the lots the candidacy already holds say 'Existe déjà'. */
export const lotOptionLabel = (lot: AttributionLot) => {
  const parts = [lot.reference, lot.building, lot.floor, `${lot.nb_rooms} p.`, formatCHF(lot.price), lot.status_text];
  const label = parts.filter(Boolean).join(' – ');
  return lot.already_held ? `${label} (${ALREADY_HELD_LABEL})` : label;
};

/** A candidacy's line in the lot row picker; those already holding the lot say 'Existe déjà'. */
export const candidacyOptionLabel = (candidacy: LotAttributionCandidacy) => {
  const label = [candidacy.full_name, candidacy.email, candidacy.status_text].filter(Boolean).join(' – ');
  return candidacy.already_held ? `${label} (${ALREADY_HELD_LABEL})` : label;
};

/**
 * What the modal shows for the chosen lot and whether it may submit (docs/product/validation.md#assign-lot): the same decision the server takes under the lot's lock.
 */
export const attributionState = (
  lot: AttributionLot | undefined,
  multiAgency: boolean,
  priority: number,
): { decision: AttributionDecision | null; canSubmit: boolean; positionText: string | null } => {
  if (!lot) return { decision: null, canSubmit: false, positionText: null };
  const decision = decideAttribution(lot, multiAgency, priority);
  const positionText =
    multiAgency && decision.ok
      ? decision.priority === 9
        ? "Le lot est réservé : le candidat sera placé en liste d'attente (priorité 9)."
        : `Le candidat prendra la position ${decision.priority} sur ce lot.`
      : null;
  return { decision, canSubmit: decision.ok, positionText };
};
