import { z } from 'zod';
import { idOf } from './common.js';

/**
 * The finances of a promotion (docs/product/finances.md): one record per promotion, which pilots
 * edit and brokers and non-light investors read, beside the figures the sales give today.
 */
export const FINANCES_MESSAGES = {
  pageTitle: 'Finances',
  edit: 'Modifier',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Changements enregistrés',
  empty: '-',
  updatedAt: 'Dernière mise à jour',
  neverUpdated: 'Jamais mis à jour',
  initial: 'Initial',
  updated: 'Actualisé',
  today: 'Aujourd’hui (ventes)',
  todayHint: 'Lots réservés et signés : somme des prix et prix moyen au m² habitable.',
  notANumber: (label: string) => `Le champ « ${label} » doit être un nombre`,
  tooBig: (label: string) => `Le champ « ${label} » est trop grand`,
} as const;

export const FINANCE_UNITS = { kchf: 'KCHF', chf: 'CHF', chfM2: 'CHF/m²', chfM3: 'CHF/m³', percent: '%' } as const;
export type FinanceUnit = (typeof FINANCE_UNITS)[keyof typeof FINANCE_UNITS];

/** Every field of the record, in the order of the screen, with its French label and unit. */
export const FINANCE_FIELDS = {
  land_price_1: { label: 'Prix d’achat du terrain', unit: FINANCE_UNITS.kchf },
  land_price_2: { label: 'Prix par m² de surface brute de plancher', unit: FINANCE_UNITS.chfM2 },
  land_price_3: { label: 'Prix par m² de terrain', unit: FINANCE_UNITS.chfM2 },
  initial_margin_1: { label: 'Marge initiale', unit: FINANCE_UNITS.kchf },
  updated_margin_1: { label: 'Marge actualisée', unit: FINANCE_UNITS.kchf },
  initial_margin_2: { label: 'Marge initiale sur chiffre d’affaires', unit: FINANCE_UNITS.percent },
  updated_margin_2: { label: 'Marge actualisée sur chiffre d’affaires', unit: FINANCE_UNITS.percent },
  sale_initial_price_1: { label: 'Logements : montant initial', unit: FINANCE_UNITS.kchf },
  sale_updated_price_1: { label: 'Logements : montant actualisé', unit: FINANCE_UNITS.kchf },
  sale_initial_price_2: { label: 'Logements : prix moyen au m² initial', unit: FINANCE_UNITS.chfM2 },
  sale_updated_price_2: { label: 'Logements : prix moyen au m² actualisé', unit: FINANCE_UNITS.chfM2 },
  sale_initial_price_3: { label: 'Commerces : montant initial', unit: FINANCE_UNITS.kchf },
  sale_updated_price_3: { label: 'Commerces : montant actualisé', unit: FINANCE_UNITS.kchf },
  sale_initial_price_4: { label: 'Commerces : prix moyen au m² initial', unit: FINANCE_UNITS.chfM2 },
  sale_updated_price_4: { label: 'Commerces : prix moyen au m² actualisé', unit: FINANCE_UNITS.chfM2 },
  construction_initial_price_1: { label: 'Construction logements : prix au m³ initial', unit: FINANCE_UNITS.chfM3 },
  construction_updated_price_1: { label: 'Construction logements : prix au m³ actualisé', unit: FINANCE_UNITS.chfM3 },
  construction_initial_price_2: { label: 'Construction commerces : prix au m³ initial', unit: FINANCE_UNITS.chfM3 },
  construction_updated_price_2: { label: 'Construction commerces : prix au m³ actualisé', unit: FINANCE_UNITS.chfM3 },
  construction_initial_price_3: { label: 'Construction garages : prix au m³ initial', unit: FINANCE_UNITS.chfM3 },
  construction_updated_price_3: { label: 'Construction garages : prix au m³ actualisé', unit: FINANCE_UNITS.chfM3 },
} as const;
export type FinanceField = keyof typeof FINANCE_FIELDS;
export const FINANCE_FIELD_KEYS = Object.keys(FINANCE_FIELDS) as FinanceField[];

/** What the sales give today, beside a row of the sales section (null: a row without one). */
export type TodayFigure = 'housing_amount' | 'housing_price_per_m2' | 'shops_amount' | 'shops_price_per_m2';

/** The screen's sections: a row is one value (land) or an initial and an updated value. */
export const FINANCE_SECTIONS: readonly {
  title: string;
  rows: readonly { label: string; unit: FinanceUnit; fields: readonly FinanceField[]; today?: TodayFigure }[];
}[] = [
  {
    title: 'Terrain',
    rows: [
      { label: 'Prix d’achat', unit: FINANCE_UNITS.kchf, fields: ['land_price_1'] },
      { label: 'Prix par m² de surface brute de plancher', unit: FINANCE_UNITS.chfM2, fields: ['land_price_2'] },
      { label: 'Prix par m² de terrain', unit: FINANCE_UNITS.chfM2, fields: ['land_price_3'] },
    ],
  },
  {
    title: 'Marge',
    rows: [
      { label: 'Marge', unit: FINANCE_UNITS.kchf, fields: ['initial_margin_1', 'updated_margin_1'] },
      { label: 'Marge sur chiffre d’affaires', unit: FINANCE_UNITS.percent, fields: ['initial_margin_2', 'updated_margin_2'] },
    ],
  },
  {
    title: 'Ventes',
    rows: [
      {
        label: 'Logements : montant',
        unit: FINANCE_UNITS.kchf,
        fields: ['sale_initial_price_1', 'sale_updated_price_1'],
        today: 'housing_amount',
      },
      {
        label: 'Logements : prix moyen au m²',
        unit: FINANCE_UNITS.chfM2,
        fields: ['sale_initial_price_2', 'sale_updated_price_2'],
        today: 'housing_price_per_m2',
      },
      {
        label: 'Commerces : montant',
        unit: FINANCE_UNITS.kchf,
        fields: ['sale_initial_price_3', 'sale_updated_price_3'],
        today: 'shops_amount',
      },
      {
        label: 'Commerces : prix moyen au m²',
        unit: FINANCE_UNITS.chfM2,
        fields: ['sale_initial_price_4', 'sale_updated_price_4'],
        today: 'shops_price_per_m2',
      },
    ],
  },
  {
    title: 'Construction',
    rows: [
      {
        label: 'Logements : prix au m³',
        unit: FINANCE_UNITS.chfM3,
        fields: ['construction_initial_price_1', 'construction_updated_price_1'],
      },
      {
        label: 'Commerces : prix au m³',
        unit: FINANCE_UNITS.chfM3,
        fields: ['construction_initial_price_2', 'construction_updated_price_2'],
      },
      {
        label: 'Garages : prix au m³',
        unit: FINANCE_UNITS.chfM3,
        fields: ['construction_initial_price_3', 'construction_updated_price_3'],
      },
    ],
  },
];

/**
 * Housing and shops, by lot type (docs/product/finances.md#rules): housing is 'Appartement' (5)
 * and 'Villa' (6), shops 'Local commercial' (8); parking, cellars and storage count in neither.
 */
export const HOUSING_LOT_TYPE_IDS = [5, 6] as const;
export const SHOP_LOT_TYPE_IDS = [8] as const;

/** The largest absolute value a field holds (numeric(14, 2)). */
export const FINANCE_VALUE_MAX = 999_999_999_999;

/** A field of the form: a number, a numeric text (apostrophes, spaces and a decimal comma allowed), or empty (null). */
const financeValue = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const text =
        typeof value === 'number'
          ? String(value)
          : value
              .trim()
              .replace(/['’\s]/g, '')
              .replace(',', '.');
      if (text === '') return null;
      const number = Number(text);
      if (!Number.isFinite(number) || !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) {
        ctx.addIssue({ code: 'custom', message: FINANCES_MESSAGES.notANumber(label) });
        return z.NEVER;
      }
      if (Math.abs(number) > FINANCE_VALUE_MAX) {
        ctx.addIssue({ code: 'custom', message: FINANCES_MESSAGES.tooBig(label) });
        return z.NEVER;
      }
      return Math.round(number * 100) / 100;
    });

/** PUT /finances/{id}: the full record (a field left out is emptied); other keys are ignored. */
export const financesInputSchema = z.object(
  Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, financeValue(FINANCE_FIELDS[key].label)])) as {
    [K in FinanceField]: ReturnType<typeof financeValue>;
  },
);
export type FinancesInput = z.input<typeof financesInputSchema>;
export type FinancesValues = z.output<typeof financesInputSchema>;

/** GET /finances?promotion_id={id}. */
export const financesQuerySchema = z.object({ promotion_id: idOf('Promotion invalide') });

/** The figures the sales give today: the live reserved and signed applications' lots (status 1 to 3). */
export const financesTodaySchema = z.object({
  housing_amount: z.number().nullable(),
  housing_price_per_m2: z.number().nullable(),
  shops_amount: z.number().nullable(),
  shops_price_per_m2: z.number().nullable(),
  housing_lots: z.number(),
  shops_lots: z.number(),
});
export type FinancesToday = z.infer<typeof financesTodaySchema>;

/** The record as it is read: every field a number or null (empty), beside today's figures. */
export const financesRecordSchema = z.object({
  id: z.number(),
  promotion_id: z.number(),
  updated_at: z.string().nullable(),
  ...(Object.fromEntries(FINANCE_FIELD_KEYS.map((key) => [key, z.number().nullable()])) as {
    [K in FinanceField]: z.ZodNullable<z.ZodNumber>;
  }),
  today: financesTodaySchema,
});
export type FinancesRecord = z.infer<typeof financesRecordSchema>;
export const financesAnswerSchema = z.object({ data: financesRecordSchema, message: z.string().optional() });
export type FinancesAnswer = z.infer<typeof financesAnswerSchema>;
