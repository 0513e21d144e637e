import {
  DASHBOARD_TITLES,
  type DashboardData,
  type DashboardStatusCard,
  EVOLUTION_SERIES,
  formatCHF,
  formatNumber,
  formatPercent,
  formatRooms,
  LOT_STATUS_COLOURS,
  LOT_STATUS_LABELS,
  type LotFigures,
  PARKING_CATEGORY_LABEL,
  type StatusBreakdown,
} from '@promovente/shared';
import type { ChartData } from 'chart.js';

/**
 * The dashboard's figures turned into what the cards and charts show (docs/product/dashboard.md#screens).
 * Pure functions: the number/KCHF toggle picks lot counts or amounts in thousands of CHF.
 */

const STATUSES = [0, 1, 2, 3, 4] as const;

/** A lot count, or the amount in KCHF. */
export const unitValue = (figures: LotFigures, toKCHF: boolean): number => (toKCHF ? Math.round(figures.amount / 1000) : figures.count);

export const formatLots = (count: number) => `${formatNumber(count)} ${count > 1 ? 'lots' : 'lot'}`;

/** A chart value with its unit, for tooltips and card figures. */
export const formatValue = (value: number, toKCHF: boolean) => (toKCHF ? `${formatNumber(value)} KCHF` : formatLots(value));

export const formatPercentage = (percentage: number) => formatPercent(percentage);

export type CardView = {
  key: string;
  label: string;
  colour: string;
  /** The figure in the chosen unit: '2 lots' or "940 KCHF". */
  value: string;
  /** The other figure: the amount in CHF, or the lot count in KCHF mode. */
  detail: string;
  percentage: string;
};

export const cardView = (card: DashboardStatusCard, toKCHF: boolean): CardView => ({
  key: card.key,
  label: card.label,
  colour: LOT_STATUS_COLOURS[card.status],
  value: formatValue(unitValue(card, toKCHF), toKCHF),
  detail: toKCHF ? formatLots(card.count) : formatCHF(card.amount),
  percentage: formatPercentage(card.percentage),
});

export const evolutionTitle = (multiAgency: boolean) => (multiAgency ? DASHBOARD_TITLES.evolutionMultiAgency : DASHBOARD_TITLES.evolution);

/**
 * The evolution lines: cumulative lots (or KCHF) reserved and signed, starting from what was
 * reserved or signed before June; months after the current one stay empty.
 */
export const evolutionChartData = (
  evolution: DashboardData['sales_evolution'],
  toKCHF: boolean,
): ChartData<'line', (number | null)[], string> => ({
  labels: evolution.months.map((m) => m.label),
  datasets: EVOLUTION_SERIES.map((series) => {
    let running = unitValue(evolution.before[series.key], toKCHF);
    return {
      label: series.label,
      data: evolution.months.map((m) => {
        if (m.month > evolution.current_month) return null;
        running += unitValue(m[series.key], toKCHF);
        return running;
      }),
      borderColor: LOT_STATUS_COLOURS[series.status],
      backgroundColor: LOT_STATUS_COLOURS[series.status],
      tension: 0.2,
    };
  }),
});

/** The half-doughnut: one slice per lot status, PRS included. */
export const overviewChartData = (
  situation: DashboardData['global_situation'],
  toKCHF: boolean,
): ChartData<'doughnut', number[], string> => ({
  labels: STATUSES.map((s) => LOT_STATUS_LABELS[s]),
  datasets: [
    {
      label: DASHBOARD_TITLES.overview,
      data: STATUSES.map((s) => unitValue(situation.statuses[String(s) as keyof StatusBreakdown], toKCHF)),
      backgroundColor: STATUSES.map((s) => LOT_STATUS_COLOURS[s]),
    },
  ],
});

/** A stacked bar chart: one bar per row (rooms or floor), one stacked series per lot status. */
export const stackedChartData = <Row extends { statuses: StatusBreakdown }>(
  rows: Row[],
  labelOf: (row: Row) => string,
  toKCHF: boolean,
): ChartData<'bar', number[], string> => ({
  labels: rows.map(labelOf),
  datasets: STATUSES.map((s) => ({
    label: LOT_STATUS_LABELS[s],
    data: rows.map((row) => unitValue(row.statuses[String(s) as keyof StatusBreakdown], toKCHF)),
    backgroundColor: LOT_STATUS_COLOURS[s],
    stack: 'lots',
  })),
});

export const roomsLabel = (rooms: number) => formatRooms(rooms);

/** A bar of the rooms chart: its number of rooms, or 'Parking' for the parking category (nb_rooms null). */
export const roomCategoryLabel = (row: { nb_rooms: number | null }) =>
  row.nb_rooms === null ? PARKING_CATEGORY_LABEL : roomsLabel(row.nb_rooms);

/** A short text of a chart's figures, for screen readers (the canvas itself is not readable). */
export const chartSummary = (data: ChartData<'line' | 'bar' | 'doughnut', (number | null)[], string>, toKCHF: boolean): string =>
  data.datasets
    .map((dataset) => {
      const values = (data.labels ?? []).map((label, i) => {
        const value = dataset.data[i];
        return `${label} ${typeof value === 'number' ? formatValue(value, toKCHF) : '-'}`;
      });
      return `${dataset.label ?? ''} : ${values.join(', ')}`;
    })
    .join('. ');
