import { describe, expect, it } from 'vitest';
import { salesYearMonths, swissMonthOf } from './dashboard.js';

describe('the sales year (June to May)', () => {
  it('starts in June of this year from June on', () => {
    expect(salesYearMonths('2025-06')).toEqual([
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(salesYearMonths('2025-12')[0]).toBe('2025-06');
  });

  it('starts in June of last year until May', () => {
    expect(salesYearMonths('2026-05')[0]).toBe('2025-06');
    expect(salesYearMonths('2026-01')[11]).toBe('2026-05');
  });

  it('reads the month in Swiss time', () => {
    expect(swissMonthOf(new Date('2026-05-31T22:30:00Z'))).toBe('2026-06');
    expect(swissMonthOf(new Date('2026-01-01T00:30:00Z'))).toBe('2026-01');
  });
});
