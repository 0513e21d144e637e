import type { LotType } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { lotFormDefaults, lotPayload, outdoorAreasDisabled, surfaceLabels } from './lot-form';

const TYPES: LotType[] = [
  { id: 1, title: 'Place de parc intérieure' },
  { id: 4, title: 'Place moto' },
  { id: 5, title: 'Appartement' },
  { id: 6, title: 'Villa' },
  { id: 7, title: 'Cave' },
];

describe('the surface labels (docs/product/promotion-administration.md#validation)', () => {
  it("reads 'SPB' and 'utile' for a Villa", () => {
    expect(surfaceLabels(TYPES, '6')).toEqual({ ppe: 'Surface SPB (m²)', hab: 'Surface utile (m²)' });
  });
  it("reads 'PPE' and 'pondérée' for an Appartement", () => {
    expect(surfaceLabels(TYPES, '5')).toEqual({ ppe: 'Surface PPE (m²)', hab: 'Surface pondérée (m²)' });
  });
  it("reads 'PPE' and 'habitable' for any other type, or none chosen yet", () => {
    expect(surfaceLabels(TYPES, '7')).toEqual({ ppe: 'Surface PPE (m²)', hab: 'Surface habitable (m²)' });
    expect(surfaceLabels(TYPES, '')).toEqual({ ppe: 'Surface PPE (m²)', hab: 'Surface habitable (m²)' });
  });
});

describe('the outdoor areas of parking types', () => {
  it('are disabled for the types below 5, enabled otherwise and before a type is chosen', () => {
    expect(['1', '4'].map(outdoorAreasDisabled)).toEqual([true, true]);
    expect(['5', '6', ''].map(outdoorAreasDisabled)).toEqual([false, false, false]);
  });
  it('are sent as 0 for a parking type, whatever the inputs held', () => {
    const values = { ...lotFormDefaults(), lot_type_id: '3', area_jar: '12', area_bal: '4', area_ter: '9' };
    expect(lotPayload(values, false)).toMatchObject({ area_jar: 0, area_bal: 0, area_ter: 0 });
  });
});

describe('the form values', () => {
  it('start from the defaults: 1 room, areas 0, price not included, and an empty price to type', () => {
    expect(lotFormDefaults()).toMatchObject({
      nb_rooms: '1',
      raw_price: '',
      area_ppe: '0',
      area_ter: '0',
      price_included: false,
      exposure: '',
    });
  });
  it('send name_child and price_included only for an associated lot', () => {
    const values = { ...lotFormDefaults(), reference: 'P-1', lot_type_id: '1', floor_id: '2', name_child: 'Place 1', price_included: true };
    expect(lotPayload(values, false)).not.toHaveProperty('name_child');
    expect(lotPayload(values, false)).not.toHaveProperty('price_included');
    expect(lotPayload(values, true)).toMatchObject({ name_child: 'Place 1', price_included: true });
  });
});
