import { DASHBOARD_TITLES, type DashboardData } from '@promovente/shared';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type TooltipItem,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import {
  chartSummary,
  evolutionChartData,
  evolutionTitle,
  formatValue,
  overviewChartData,
  roomCategoryLabel,
  stackedChartData,
} from '../chart-data';

// Only what these four charts draw: chart.js tree-shakes the rest (and loads with this screen only).
ChartJS.register(ArcElement, BarElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

type AnyChartData = ChartData<'line' | 'bar' | 'doughnut', (number | null)[], string>;

const ChartCard = ({
  id,
  title,
  data,
  toKCHF,
  className,
  children,
}: {
  id: string;
  title: string;
  data: AnyChartData;
  toKCHF: boolean;
  className?: string;
  children: ReactNode;
}) => (
  <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className ?? ''}`}>
    <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
      {title}
    </h2>
    <figure className="relative h-72">
      {children}
      <figcaption className="sr-only">{chartSummary(data, toKCHF)}</figcaption>
    </figure>
  </section>
);

/** Tooltips show the value with its unit: '3 lots' or "1'250 KCHF". */
const cartesianLabel =
  <T extends 'line' | 'bar'>(toKCHF: boolean) =>
  (item: TooltipItem<T>) => {
    const { y } = item.parsed as { y: number | null };
    return `${(item.dataset as { label?: string }).label ?? ''} : ${y === null ? '-' : formatValue(y, toKCHF)}`;
  };
const sliceLabel = (toKCHF: boolean) => (item: TooltipItem<'doughnut'>) => `${item.label} : ${formatValue(item.parsed, toKCHF)}`;

const legend = { position: 'bottom' as const, labels: { boxWidth: 12 } };

/** The dashboard's four charts (docs/product/dashboard.md#screens), in the number or KCHF unit. */
export const DashboardCharts = ({ data, toKCHF }: { data: DashboardData; toKCHF: boolean }) => {
  const evolution = evolutionChartData(data.sales_evolution, toKCHF);
  const overview = overviewChartData(data.global_situation, toKCHF);
  const byRoom = stackedChartData(data.by_room, roomCategoryLabel, toKCHF);
  const byFloor = stackedChartData(data.by_floor, (row) => row.title, toKCHF);

  const lineOptions: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend, tooltip: { callbacks: { label: cartesianLabel<'line'>(toKCHF) } } },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
  };
  const doughnutOptions: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    circumference: 180,
    rotation: -90,
    plugins: { legend, tooltip: { callbacks: { label: sliceLabel(toKCHF) } } },
  };
  const barOptions: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend, tooltip: { callbacks: { label: cartesianLabel<'bar'>(toKCHF) } } },
    scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
  };

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ChartCard
        id="chart-evolution"
        title={evolutionTitle(data.promotion?.multi_agency ?? false)}
        data={evolution}
        toKCHF={toKCHF}
        className="lg:col-span-2"
      >
        <Line data={evolution} options={lineOptions} aria-hidden="true" />
      </ChartCard>
      <ChartCard id="chart-overview" title={DASHBOARD_TITLES.overview} data={overview} toKCHF={toKCHF}>
        <Doughnut data={overview} options={doughnutOptions} aria-hidden="true" />
      </ChartCard>
      <ChartCard id="chart-rooms" title={DASHBOARD_TITLES.byRoom} data={byRoom} toKCHF={toKCHF} className="lg:col-span-3 xl:col-span-1">
        <Bar data={byRoom} options={barOptions} aria-hidden="true" />
      </ChartCard>
      <ChartCard id="chart-floors" title={DASHBOARD_TITLES.byFloor} data={byFloor} toKCHF={toKCHF} className="lg:col-span-3 xl:col-span-2">
        <Bar data={byFloor} options={barOptions} aria-hidden="true" />
      </ChartCard>
    </div>
  );
};
