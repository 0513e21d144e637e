import { describe, expect, it } from 'vitest';
import { floorLabel, floorOrder, formatCHF, formatDateTime, formatFileSize, formatKCHF, formatNumber } from './format.js';

describe('CHF amounts (spec part 1, 9: apostrophe thousands separator)', () => {
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
    expect(formatNumber(12345.678, 2)).toBe("12'345.68");
  });
});

describe('floor labels (spec part 1, 9)', () => {
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

describe('dates and sizes', () => {
  it('formats dd/MM/yyyy HH:mm in UTC+2', () => {
    expect(formatDateTime('2026-03-12T08:00:00Z')).toBe('12/03/2026 10:00');
    expect(formatDateTime(null)).toBe('');
  });

  it.each([
    [512, '512 Bytes'],
    [2048, '2.0 ko'],
    [5 * 1024 * 1024, '5.0 mo'],
    [300 * 1024 * 1024, '300 mo'],
    [3 * 1024 ** 3, '3.0 Go'],
  ])('%d bytes -> %s', (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });
});
