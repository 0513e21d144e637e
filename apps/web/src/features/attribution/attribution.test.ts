import type { AttributionLot } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { attributionState, candidacyOptionLabel, lotOptionLabel, PRIORITY_OPTIONS } from './attribution';

const lot = (values: Partial<AttributionLot> = {}): AttributionLot => ({
  id: 1,
  reference: 'A-101',
  title: '',
  building: 'Bâtiment A',
  floor: '1er',
  nb_rooms: 3.5,
  price: 1_250_000,
  status: 0,
  status_text: 'Disponible',
  best_available_priority: 1,
  waiting_list_only: false,
  already_held: false,
  ...values,
});

describe("the 'assign lot' picker (docs/product/validation.md#assign-lot)", () => {
  it("marks the lots already held 'Existe déjà'", () => {
    expect(lotOptionLabel(lot())).toBe("A-101 – Bâtiment A – 1er – 3.5 p. – 1'250'000 CHF – Disponible");
    expect(lotOptionLabel(lot({ already_held: true }))).toMatch(/\(Existe déjà\)$/);
  });

  it("from a lot row: names the candidacy and marks those already holding the lot 'Existe déjà' (docs/product/lots.md#screens)", () => {
    const candidacy = { id: 7, full_name: 'Léa Aebi', email: 'lea@exemple.ch', status_text: 'Prospect', crm_validated: false };
    expect(candidacyOptionLabel({ ...candidacy, already_held: false })).toBe('Léa Aebi – lea@exemple.ch – Prospect');
    expect(candidacyOptionLabel({ ...candidacy, email: null, already_held: true })).toBe('Léa Aebi – Prospect (Existe déjà)');
  });

  it('offers the priorities 1, 2, 3 and 9', () => {
    expect(PRIORITY_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 9]);
  });

  it('multi-agency: shows the position the lot gives, or blocks with the spec message', () => {
    expect(attributionState(lot({ best_available_priority: 2 }), true, 9)).toMatchObject({
      canSubmit: true,
      positionText: 'Le candidat prendra la position 2 sur ce lot.',
    });
    const blocked = attributionState(lot({ best_available_priority: null }), true, 9);
    expect(blocked.canSubmit).toBe(false);
    expect(blocked.decision).toMatchObject({ ok: false, message: "Impossible d'attribuer ce lot, déjà 3 candidats sont positionnés." });
    expect(attributionState(lot({ waiting_list_only: true, best_available_priority: null }), true, 9).decision).toEqual({
      ok: true,
      priority: 9,
    });
  });

  it('other promotions: the chosen priority, only 9 on a Réservé or Signé lot; never a lot already held', () => {
    expect(attributionState(lot({ best_available_priority: null }), false, 2).decision).toEqual({ ok: true, priority: 2 });
    expect(attributionState(lot({ waiting_list_only: true }), false, 1).canSubmit).toBe(false);
    expect(attributionState(lot({ waiting_list_only: true }), false, 9).canSubmit).toBe(true);
    expect(attributionState(lot({ already_held: true }), false, 9).canSubmit).toBe(false);
    expect(attributionState(undefined, false, 9).canSubmit).toBe(false);
  });
});
