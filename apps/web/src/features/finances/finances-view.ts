import { FINANCE_FIELD_KEYS, type FinanceField, type FinancesRecord, formatDecimal } from '@promovente/shared';

/** A value in its unit ("4'200 KCHF", "12,5 %"), or '-' when empty (docs/product/finances.md#rules). */
export const formatFinanceValue = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '-' : `${formatDecimal(value, 2)} ${unit}`;

export type FinancesForm = Record<FinanceField, string>;

/** The saved values as the form's texts: what 'Annuler' restores. */
export const formOf = (record: FinancesRecord): FinancesForm =>
  Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, record[key] === null ? '' : String(record[key])])) as FinancesForm;
