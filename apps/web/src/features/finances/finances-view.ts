import { FINANCE_FIELD_KEYS, type FinanceField, type FinancesValues, formatDecimal } from '@promovente/shared';

/** A value in its unit ("4'200 KCHF", "12,5 %"), or '-' when empty (docs/product/finances.md#rules). */
export const formatFinanceValue = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '-' : `${formatDecimal(value, 2)} ${unit}`;

export type FinancesForm = Record<FinanceField, string>;

/**
 * The saved values as the form's texts, written as view mode shows them ("37'456,65", which the
 * shared schema reads back): what 'Modifier' shows and 'Annuler' restores.
 */
export const formOf = (record: FinancesValues): FinancesForm =>
  Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, record[key] === null ? '' : formatDecimal(record[key], 2)])) as FinancesForm;
