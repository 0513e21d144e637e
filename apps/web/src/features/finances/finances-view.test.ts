import { FINANCE_FIELD_KEYS, type FinancesRecord } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { formatFinanceValue, formOf } from './finances-view';

describe('finances values (docs/product/finances.md#rules)', () => {
  it("shows each value in its unit, '-' when empty", () => {
    expect(formatFinanceValue(4200, 'KCHF')).toBe("4'200 KCHF");
    expect(formatFinanceValue(12.5, '%')).toBe('12,5 %');
    expect(formatFinanceValue(11_000, 'CHF/m²')).toBe("11'000 CHF/m²");
    expect(formatFinanceValue(null, 'CHF/m³')).toBe('-');
  });

  it('turns the saved record into the texts the form restores on cancel', () => {
    const record = Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, null])) as unknown as FinancesRecord;
    const form = formOf({ ...record, land_price_1: 4200.5 });
    expect(form.land_price_1).toBe('4200.5');
    expect(form.land_price_2).toBe('');
  });
});
