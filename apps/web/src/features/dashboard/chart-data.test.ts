import type { DashboardData, LotFigures, StatusBreakdown } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import {
  cardView,
  chartSummary,
  evolutionChartData,
  evolutionTitle,
  overviewChartData,
  roomCategoryLabel,
  roomsLabel,
  stackedChartData,
  unitValue,
} from './chart-data';

const f = (count: number, amount: number): LotFigures => ({ count, amount });
const breakdown = (...figures: LotFigures[]): StatusBreakdown => ({
  '0': figures[0] ?? f(0, 0),
  '1': figures[1] ?? f(0, 0),
  '2': figures[2] ?? f(0, 0),
  '3': figures[3] ?? f(0, 0),
  '4': figures[4] ?? f(0, 0),
});

const MONTHS = [
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
];
const LABELS = ['Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre', 'Janvier', 'Février', 'Mars', 'Avril', 'Mai'];

const evolution: DashboardData['sales_evolution'] = {
  current_month: '2025-09',
  before: { reserved: f(2, 1_500_000), signed: f(1, 700_000) },
  months: MONTHS.map((month, i) => ({
    month,
    label: LABELS[i],
    reserved: i === 0 ? f(1, 600_000) : i === 2 ? f(1, 900_000) : i === 5 ? f(9, 9_000_000) : f(0, 0),
    signed: i === 3 ? f(1, 1_000_000) : f(0, 0),
  })),
};

describe('dashboard chart data (docs/product/dashboard.md#screens)', () => {
  it('picks lot counts or rounded KCHF with the toggle', () => {
    expect(unitValue(f(3, 1_249_600), false)).toBe(3);
    expect(unitValue(f(3, 1_249_600), true)).toBe(1250);
  });

  it('shows a card in lots with its CHF amount, or in KCHF with its lot count', () => {
    const card = { key: 'signed' as const, status: 4, label: 'Signés', count: 2, amount: 1_600_000, percentage: 28.6 };
    expect(cardView(card, false)).toEqual({
      key: 'signed',
      label: 'Signés',
      colour: '#b91c1c',
      value: '2 lots',
      detail: "1'600'000 CHF",
      percentage: '28,6 %',
    });
    expect(cardView(card, true)).toMatchObject({ value: "1'600 KCHF", detail: '2 lots' });
    expect(cardView({ ...card, count: 1 }, false).value).toBe('1 lot');
  });

  it('draws cumulative reserved and signed lines from June to May, stopping at the current month', () => {
    const data = evolutionChartData(evolution, false);
    expect(data.labels).toEqual(LABELS);
    expect(data.datasets.map((d) => d.label)).toEqual(['Réservés (cumul)', 'Signés (cumul)']);
    expect(data.datasets[0].data).toEqual([3, 3, 4, 4, null, null, null, null, null, null, null, null]);
    expect(data.datasets[1].data).toEqual([1, 1, 1, 2, null, null, null, null, null, null, null, null]);
    expect(evolutionChartData(evolution, true).datasets[0].data.slice(0, 4)).toEqual([2100, 2100, 3000, 3000]);
  });

  it('titles the evolution chart globally for multi-agency promotions', () => {
    expect(evolutionTitle(true)).toBe('Evolution de la commercialisation globale');
    expect(evolutionTitle(false)).toBe('Evolution de la commercialisation');
  });

  it('slices the half-doughnut by every lot status with the status colours', () => {
    const data = overviewChartData(
      { statuses: breakdown(f(2, 940_000), f(1, 700_000), f(1, 800_000), f(1, 900_000), f(2, 1_600_000)), total: f(7, 4_940_000) },
      false,
    );
    expect(data.labels).toEqual(['Disponible', 'PRS', 'Optionné', 'Réservé', 'Signé']);
    expect(data.datasets[0].data).toEqual([2, 1, 1, 1, 2]);
    expect(data.datasets[0].backgroundColor).toEqual(['#15803d', '#6b7280', '#c2410c', '#2563eb', '#b91c1c']);
  });

  it('stacks the bars by status, one bar per room count or floor in the given order', () => {
    const rows = [
      { nb_rooms: 2.5, statuses: breakdown(f(1, 540_000), f(0, 0), f(0, 0), f(0, 0), f(1, 600_000)) },
      { nb_rooms: 3.5, statuses: breakdown(f(0, 0), f(1, 700_000), f(1, 800_000)) },
    ];
    const data = stackedChartData(rows, (row) => roomsLabel(row.nb_rooms), true);
    expect(data.labels).toEqual(['2,5 pièces', '3,5 pièces']);
    expect(data.datasets.map((d) => [d.label, d.data, d.stack])).toEqual([
      ['Disponible', [540, 0], 'lots'],
      ['PRS', [0, 700], 'lots'],
      ['Optionné', [0, 800], 'lots'],
      ['Réservé', [0, 0], 'lots'],
      ['Signé', [600, 0], 'lots'],
    ]);
  });

  it("labels the parking category 'Parking', after the rooms, never '0 pièces'", () => {
    const rows = [
      { nb_rooms: 3.5, statuses: breakdown(f(1, 700_000)) },
      { nb_rooms: null, statuses: breakdown(f(3, 105_000)) },
    ];
    expect(stackedChartData(rows, roomCategoryLabel, false).labels).toEqual(['3,5 pièces', 'Parking']);
  });

  it('summarises a chart for screen readers', () => {
    const data = stackedChartData([{ title: 'RDC', statuses: breakdown(f(2, 0)) }], (row) => row.title, false);
    expect(chartSummary(data, false)).toContain('Disponible : RDC 2 lots');
  });
});
