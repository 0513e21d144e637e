import { FINANCE_FIELD_KEYS, type FinancesValues, financesInputSchema } from '@promovente/shared';
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
    const record = Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, null])) as FinancesValues;
    const form = formOf({ ...record, land_price_1: 4200.5 });
    expect(form.land_price_1).toBe("4'200,5");
    expect(form.land_price_2).toBe('');
  });

  it("writes edit mode's values as view mode shows them, and the schema reads them back unchanged", () => {
    const record = Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, null])) as FinancesValues;
    const saved = { ...record, sale_updated_price_1: 37_456.65, initial_margin_2: 12.5, land_price_3: -1250, land_price_1: 0 };
    const form = formOf(saved);
    expect(form.sale_updated_price_1).toBe("37'456,65");
    expect(`${form.sale_updated_price_1} KCHF`).toBe(formatFinanceValue(37_456.65, 'KCHF'));
    expect([form.initial_margin_2, form.land_price_3, form.land_price_1]).toEqual(['12,5', "-1'250", '0']);
    const parsed = financesInputSchema.parse(form);
    for (const key of FINANCE_FIELD_KEYS) expect(parsed[key]).toBe(saved[key]);
  });
});
