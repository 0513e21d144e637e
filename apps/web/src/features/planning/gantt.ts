import { type PlanningSaleDate, SALE_DATE_KINDS } from '@promovente/shared';

/**
 * The Gantt's layout (docs/product/planning.md#rules), pure so that it is tested alone: the
 * timeline is cut in periods (months by default, or ISO weeks), 20 px each; a task spans its days
 * within them, at least 40 px wide, and a one-day task is a 4 px mark. Days are 'YYYY-MM-DD'
 * Swiss calendar days, computed in UTC arithmetic (a calendar day has no zone).
 */

export type PlanningPeriod = 'month' | 'week';

export const PERIOD_WIDTH = 20;
export const MIN_TASK_WIDTH = 40;
export const SINGLE_DAY_WIDTH = 4;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
export const dayNumber = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) / DAY_MS;
};

export const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' as shown: dd/MM/yyyy. */
export const showDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A task's days in words: 'le 02/05/2024', or 'du 02/02/2024 au 17/04/2024'. */
export const taskDays = (task: { dateFrom: string; dateTo: string }) =>
  task.dateFrom === task.dateTo ? `le ${showDay(task.dateFrom)}` : `du ${showDay(task.dateFrom)} au ${showDay(task.dateTo)}`;

/** A task's name on its bar: 'Gros œuvre, du 01/09/2026 au 31/03/2027'. */
export const taskLabel = (task: { title: string; dateFrom: string; dateTo: string }) => `${task.title}, ${taskDays(task)}`;

/** A sales date's name: 'Promesse de vente prévue : lot A-12, le 15/06/2026'. */
export const saleLabel = (sale: Pick<PlanningSaleDate, 'kind' | 'lot_reference' | 'date'>) =>
  `${SALE_DATE_KINDS[sale.kind]} : lot ${sale.lot_reference}, le ${showDay(sale.date)}`;

/** The first day of the period holding `n`: the 1st of its month, or the Monday of its week. */
export const periodStart = (n: number, period: PlanningPeriod) => {
  if (period === 'week') return n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7);
  const d = new Date(n * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
};

/** The first day of the period after the one starting at `start`. */
export const nextPeriod = (start: number, period: PlanningPeriod) => {
  if (period === 'week') return start + 7;
  const d = new Date(start * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
};

export type Timeline = {
  period: PlanningPeriod;
  /** The first day of each period, one more than the periods (the end of the last one). */
  bounds: number[];
  width: number;
};

/** The periods from one before the first day to one after the last (today's when there is none). */
export const buildTimeline = (days: string[], period: PlanningPeriod, today: string): Timeline => {
  const numbers = (days.length ? days : [today]).map(dayNumber);
  const first = periodStart(Math.min(...numbers), period);
  const last = Math.max(...numbers);
  let start = periodStart(first - 1, period);
  const bounds = [start];
  // The period of the last day, then one more.
  while (bounds.length < 3 || bounds[bounds.length - 2] <= last) {
    start = nextPeriod(start, period);
    bounds.push(start);
  }
  return { period, bounds, width: (bounds.length - 1) * PERIOD_WIDTH };
};

/** The x of the start of a day: its period's offset plus its share of that period. */
export const xOf = (timeline: Timeline, n: number) => {
  const { bounds } = timeline;
  if (n <= bounds[0]) return 0;
  for (let i = 0; i < bounds.length - 1; i += 1) {
    if (n < bounds[i + 1]) return (i + (n - bounds[i]) / (bounds[i + 1] - bounds[i])) * PERIOD_WIDTH;
  }
  return timeline.width;
};

/** A bar's left and width: the days from its first to the end of its last, 40 px at least, 4 px for one day. */
export const barOf = (timeline: Timeline, dateFrom: string, dateTo: string) => {
  const from = dayNumber(dateFrom);
  const to = dayNumber(dateTo);
  const left = xOf(timeline, from);
  if (to <= from) return { left, width: SINGLE_DAY_WIDTH };
  const width = Math.max(MIN_TASK_WIDTH, xOf(timeline, to + 1) - left);
  return { left: Math.min(left, Math.max(0, timeline.width - width)), width };
};

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const MONTH_LETTERS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

/** The ISO week number of the week starting on Monday `n`. */
const isoWeek = (n: number) => {
  const thursday = new Date((n + 3) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1) / DAY_MS;
  return Math.floor((n + 3 - yearStart) / 7) + 1;
};

export type HeaderCell = { key: string; label: string; title: string; left: number; width: number };

/** The two header rows: groups (years, or months in weekly view) and one cell per period. */
export const headerOf = (timeline: Timeline): { groups: HeaderCell[]; cells: HeaderCell[] } => {
  const cells: HeaderCell[] = [];
  const groups: HeaderCell[] = [];
  timeline.bounds.slice(0, -1).forEach((start, i) => {
    const d = new Date(start * DAY_MS);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth();
    const left = i * PERIOD_WIDTH;
    if (timeline.period === 'month') {
      cells.push({ key: String(start), label: MONTH_LETTERS[month], title: `${MONTHS[month]} ${year}`, left, width: PERIOD_WIDTH });
    } else {
      const week = isoWeek(start);
      cells.push({
        key: String(start),
        label: String(week),
        title: `Semaine ${week}, du ${showDay(dayOf(start))}`,
        left,
        width: PERIOD_WIDTH,
      });
    }
    const groupLabel = timeline.period === 'month' ? String(year) : `${MONTHS[month]} ${String(year).slice(2)}`;
    const open = groups[groups.length - 1];
    if (open && open.key === groupLabel) open.width += PERIOD_WIDTH;
    else groups.push({ key: groupLabel, label: groupLabel, title: groupLabel, left, width: PERIOD_WIDTH });
  });
  return { groups, cells };
};
