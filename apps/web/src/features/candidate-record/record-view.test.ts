import type { CandidacyApplicationSummary } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  displayValue,
  keepRecordMenu,
  lotDetailsOf,
  milestonesOf,
  RECORD_MENU_STORAGE_KEY,
  RECORD_MENUS,
  readRecordMenu,
} from './record-view';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

describe('docs/product/candidate-record.md#screens: the candidate record menus', () => {
  it('has the five menus in order', () => {
    expect(RECORD_MENUS.map((m) => m.key)).toEqual(['informations', 'candidatures', 'documents', 'commentaires', 'messages']);
  });

  it('opens informations first, then the menu kept in the browser', () => {
    const storage = memory();
    expect(readRecordMenu(storage)).toBe('informations');
    keepRecordMenu(storage, 'messages');
    expect(readRecordMenu(storage)).toBe('messages');
  });

  it('ignores a kept value that is no menu', () => {
    const storage = memory();
    storage.setItem(RECORD_MENU_STORAGE_KEY, 'lots');
    expect(readRecordMenu(storage)).toBe('informations');
  });
});

describe('docs/product/candidate-record.md#screens: the five milestones of an application', () => {
  it('lists FR, AC, FIN, PDV and SIGN with whether each is reached', () => {
    const application = {
      status_FR_checked: true,
      status_AC_checked: true,
      status_FIN_checked: false,
      status_SIGNPDV_checked: false,
      status_SIGN_checked: false,
    } as CandidacyApplicationSummary;
    expect(milestonesOf(application)).toEqual([
      { milestone: 'FR', checked: true },
      { milestone: 'AC', checked: true },
      { milestone: 'FIN', checked: false },
      { milestone: 'SIGNPDV', checked: false },
      { milestone: 'SIGN', checked: false },
    ]);
  });
});

describe("docs/product/candidate-record.md#fields: an application's lot", () => {
  it('shows the rooms, the living area in m², the total price in CHF and the floor', () => {
    const lot = {
      id: 1,
      reference: 'A-21',
      public_id: '00000000-0000-4000-8000-000000000001',
      title: 'Appartement 4,5 pièces',
      nb_rooms: 4.5,
      area_hab: 112.5,
      total_price: 1_250_000,
      floor: '2e étage',
    };
    expect(lotDetailsOf(lot)).toEqual([
      { label: 'Pièces', value: '4,5 pièces' },
      { label: 'Surface habitable', value: '112,5 m²' },
      { label: 'Prix total', value: "1'250'000 CHF" },
      { label: 'Étage', value: '2e étage' },
    ]);
    expect(lotDetailsOf({ ...lot, nb_rooms: 1, area_hab: 69, floor: '' }).map((d) => d.value)).toEqual([
      '1 pièce',
      '69 m²',
      "1'250'000 CHF",
      '-',
    ]);
  });
});

describe('the informations menu', () => {
  it('shows an empty field as a dash and a yes/no in French', () => {
    expect(displayValue(null)).toBe('-');
    expect(displayValue('')).toBe('-');
    expect(displayValue(true)).toBe('Oui');
    expect(displayValue(false)).toBe('Non');
    expect(displayValue('Lausanne')).toBe('Lausanne');
  });
});
