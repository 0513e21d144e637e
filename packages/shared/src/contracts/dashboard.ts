import { z } from 'zod';
import { swissWallTime } from '../swiss-time.js';
import { listFiltersSchema } from './filters.js';

/**
 * GET analytics/dashboard (docs/product/dashboard.md#screens and docs/product/calls.md#dashboard): the sales dashboard of the current
 * promotion, narrowed by the filter bar. Every figure counts main lots only (associated lots
 * follow their main lot); amounts are lot total prices in CHF.
 */
export const dashboardQuerySchema = listFiltersSchema.pick({
  buildings: true,
  floors: true,
  nb_rooms: true,
  price_min: true,
  price_max: true,
  showMyAgency: true,
  toKCHF: true,
  promotion: true,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The four status cards, in order, with their lot status (docs/product/dashboard.md#screens). PRS has no card. */
export const DASHBOARD_CARDS = [
  { key: 'available', status: 0, label: 'Disponibles' },
  { key: 'optioned', status: 2, label: 'Optionnés' },
  { key: 'reserved', status: 3, label: 'Réservés' },
  { key: 'signed', status: 4, label: 'Signés' },
] as const;
export type DashboardCardKey = (typeof DASHBOARD_CARDS)[number]['key'];

/** Chart titles of docs/product/dashboard.md#screens. */
export const DASHBOARD_TITLES = {
  evolution: 'Evolution de la commercialisation',
  evolutionMultiAgency: 'Evolution de la commercialisation globale',
  overview: "Vue d'ensemble",
  byRoom: 'Par nombre de pièces',
  byFloor: 'Par étage',
} as const;

/** Dataset labels of the evolution chart: cumulative counts since the start of sales. */
export const EVOLUTION_SERIES = [
  { key: 'reserved', label: 'Réservés (cumul)', status: 3 },
  { key: 'signed', label: 'Signés (cumul)', status: 4 },
] as const;

/** Month labels of the sales year, which runs from June to May. */
export const SALES_YEAR_MONTH_LABELS = [
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
] as const;

/** Month of the sales year's start (June, 1-based). */
export const SALES_YEAR_START_MONTH = 6;

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** Today's calendar month in Swiss time, as 'YYYY-MM'. */
export const swissMonthOf = (date: Date): string => {
  const { year, month } = swissWallTime(date);
  return monthKey(year, month);
};

/** The 12 months ('YYYY-MM') of the sales year (June to May) that contains the given month. */
export const salesYearMonths = (month: string): string[] => {
  const [year, m] = month.split('-').map(Number);
  const startYear = m >= SALES_YEAR_START_MONTH ? year : year - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const zeroBased = SALES_YEAR_START_MONTH - 1 + i;
    return monthKey(startYear + Math.floor(zeroBased / 12), (zeroBased % 12) + 1);
  });
};

/** Lots and their total price in CHF. */
export const lotFiguresSchema = z.object({ count: z.number(), amount: z.number() });
export type LotFigures = z.infer<typeof lotFiguresSchema>;

export const dashboardStatusCardSchema = lotFiguresSchema.extend({
  key: z.enum(DASHBOARD_CARDS.map((card) => card.key) as [DashboardCardKey, ...DashboardCardKey[]]),
  status: z.number(),
  label: z.string(),
  /** Share of the filtered main lots, in percent with one decimal. */
  percentage: z.number(),
});
export type DashboardStatusCard = z.infer<typeof dashboardStatusCardSchema>;

/** Figures per lot status (0 Disponible, 1 PRS, 2 Optionné, 3 Réservé, 4 Signé). */
export const statusBreakdownSchema = z.object({
  '0': lotFiguresSchema,
  '1': lotFiguresSchema,
  '2': lotFiguresSchema,
  '3': lotFiguresSchema,
  '4': lotFiguresSchema,
});
export type StatusBreakdown = z.infer<typeof statusBreakdownSchema>;

export const dashboardDataSchema = z.object({
  promotion: z.object({ id: z.number(), title: z.string(), multi_agency: z.boolean() }).nullable(),
  /** Whether 'Mon agence' was applied (multi-agency promotion and a user with an agency). */
  my_agency: z.boolean(),
  status_cards: z.array(dashboardStatusCardSchema),
  /** The half-doughnut: every status, PRS included; total is every filtered main lot (the percentages' base). */
  global_situation: z.object({ statuses: statusBreakdownSchema, total: lotFiguresSchema }),
  /** By number of rooms, ascending; then parking lots (types 1 to 4) as one category, nb_rooms null. */
  by_room: z.array(z.object({ nb_rooms: z.number().nullable(), statuses: statusBreakdownSchema })),
  /** In floor sort order. */
  by_floor: z.array(z.object({ floor_id: z.number(), floor: z.number(), title: z.string(), statuses: statusBreakdownSchema })),
  sales_evolution: z.object({
    /** The month of today, so that the client stops the lines there. */
    current_month: z.string(),
    /** Lots reserved or signed before June of this sales year (the cumulative curves' start). */
    before: z.object({ reserved: lotFiguresSchema, signed: lotFiguresSchema }),
    /** June to May: lots reserved (deposit confirmed) and signed (promise or act) in each month. */
    months: z.array(z.object({ month: z.string(), label: z.string(), reserved: lotFiguresSchema, signed: lotFiguresSchema })),
  }),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
