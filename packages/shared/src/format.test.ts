import { describe, expect, it } from 'vitest';
import {
  compareNatural,
  floorLabel,
  floorOrder,
  formatArea,
  formatAttachmentCount,
  formatCHF,
  formatDecimal,
  formatFileSize,
  formatKCHF,
  formatNumber,
  formatPercent,
  formatRooms,
  XLSX_FORMATS,
} from './format.js';

describe('CHF amounts (docs/product/constants.md#amounts-and-units: apostrophe thousands separator)', () => {
  it.each([
    [0, '0 CHF'],
    [950, '950 CHF'],
    [1000, "1'000 CHF"],
    [1250000, "1'250'000 CHF"],
    [-35000, "-35'000 CHF"],
    [1249999.6, "1'250'000 CHF"],
  ])('%d -> %s', (value, expected) => {
    expect(formatCHF(value)).toBe(expected);
  });

  it('shows a dash when there is no amount', () => {
    expect(formatCHF(null)).toBe('-');
  });

  it('switches to KCHF for the toggle', () => {
    expect(formatKCHF(1_250_000)).toBe("1'250 KCHF");
    expect(formatNumber(12345.678, 2)).toBe("12'345,68");
  });
});

describe('one rule for every number shown: apostrophe thousands, decimal comma, trailing zeros dropped', () => {
  it.each([
    [3.5, 1, '3,5'],
    [3, 1, '3'],
    [69.0, 2, '69'],
    [69.25, 2, '69,25'],
    [69.256, 2, '69,26'],
    [1234.5, 2, "1'234,5"],
    [-0.04, 1, '0'],
    [-2.5, 1, '-2,5'],
  ])('%d with at most %d decimals -> %s', (value, decimals, expected) => {
    expect(formatDecimal(value, decimals)).toBe(expected);
  });

  it.each([
    [26.94, '26,9 %'],
    [25, '25 %'],
    [100, '100 %'],
    [0, '0 %'],
  ])('percentage %d -> %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it.each([
    [69, '69 m²'],
    [69.5, '69,5 m²'],
    [112.75, '112,75 m²'],
    [1250, "1'250 m²"],
  ])('area %d -> %s', (value, expected) => {
    expect(formatArea(value)).toBe(expected);
  });

  it.each([
    [1, '1 pièce'],
    [1.5, '1,5 pièce'],
    [2, '2 pièces'],
    [3.5, '3,5 pièces'],
  ])('%d rooms -> %s', (value, expected) => {
    expect(formatRooms(value)).toBe(expected);
  });

  it.each([
    [1, '1 pièce jointe'],
    [2, '2 pièces jointes'],
    [12, '12 pièces jointes'],
  ])('%d attached files -> %s', (count, expected) => {
    expect(formatAttachmentCount(count)).toBe(expected);
  });

  it('shows a dash for a missing percentage, area or number of rooms', () => {
    expect([formatPercent(null), formatArea(null), formatRooms(undefined)]).toEqual(['-', '-', '-']);
  });

  it("gives the exports an amount format that groups with an apostrophe up to 999'999'999", () => {
    expect(XLSX_FORMATS.amount).toBe(`[>=1000000]#"'"###"'"##0;[>=1000]#"'"##0;0`);
    expect(XLSX_FORMATS.decimal).toBe('General');
  });
});

describe('floor labels (docs/product/constants.md#floor-labels)', () => {
  it.each([
    [0, 'RDC'],
    [-1, 'Rez-de-jardin'],
    [-2, 'Rez supérieur'],
    [-3, 'Attique'],
    [1, '1er'],
    [2, '2ème'],
    [7, '7ème'],
  ])('%d -> %s', (floor, label) => {
    expect(floorLabel(floor)).toBe(label);
  });

  it('orders floors from the garden level up to the attic', () => {
    const sorted = [-3, 2, 0, -2, 1, -1].sort((a, b) => floorOrder(a) - floorOrder(b)).map(floorLabel);
    expect(sorted).toEqual(['Rez-de-jardin', 'RDC', 'Rez supérieur', '1er', '2ème', 'Attique']);
  });
});

describe('natural order of references', () => {
  it("counts the numbers inside references: 'P-2' before 'P-10', case and accents aside", () => {
    expect(['P-10', 'p-2', 'A-101', 'P-1', 'É-3', 'A-99'].sort(compareNatural)).toEqual(['A-99', 'A-101', 'É-3', 'P-1', 'p-2', 'P-10']);
  });
});

describe('file sizes', () => {
  it.each([
    [512, '512 Bytes'],
    [2048, '2 ko'],
    [1536, '1,5 ko'],
    [5 * 1024 * 1024, '5 mo'],
    [300 * 1024 * 1024, '300 mo'],
    [3 * 1024 ** 3, '3 Go'],
  ])('%d bytes -> %s', (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });
});
