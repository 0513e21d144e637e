import {
  DASHBOARD_CARDS,
  type DashboardData,
  type DashboardQuery,
  type LotFigures,
  SALES_YEAR_MONTH_LABELS,
  type StatusBreakdown,
  salesYearMonths,
  swissMonthOf,
} from '@promovente/shared';
import type { Db } from '../../db/client.js';
import { lotFilterOf } from '../../db/lot-filter.js';
import { resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { answerNow } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { type DashboardScope, type StatusGroupRow, salesEvolution, statusGroups } from './dashboard.queries.js';

const none = (): LotFigures => ({ count: 0, amount: 0 });

const emptyBreakdown = (): StatusBreakdown => ({ '0': none(), '1': none(), '2': none(), '3': none(), '4': none() });

const breakdownOf = (rows: StatusGroupRow[]): StatusBreakdown => {
  const breakdown = emptyBreakdown();
  for (const row of rows) {
    const key = String(row.status) as keyof StatusBreakdown;
    if (key in breakdown) breakdown[key] = { count: row.count, amount: row.amount };
  }
  return breakdown;
};

const percentage = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Groups the aggregated rows (a few dozen at most) by a key, keeping the first-seen order. */
const groupBy = <K>(rows: StatusGroupRow[], key: (row: StatusGroupRow) => K): Map<K, StatusGroupRow[]> => {
  const groups = new Map<K, StatusGroupRow[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
};

/**
 * GET analytics/dashboard (docs/product/dashboard.md#screens). Decisions where the spec is silent:
 * - main lots only; amounts are total prices (lot + associated lots not included in its price);
 * - PRS lots are not available: they have no card, but count in the total the percentages are
 *   taken of, and appear in the half-doughnut and the bar charts as their own grey series;
 * - 'Mon agence' (multi-agency promotions, users with an agency) keeps the available and PRS
 *   stock as is and counts optioned, reserved and signed lots only through applications whose
 *   main candidacy belongs to the user's agency; the percentages keep the whole filtered stock
 *   as base (so 'Signés 14 %' reads 'my agency signed 14 % of the lots');
 * - the evolution counts, per month of the sales year (June to May, Swiss time), the lots whose
 *   live application had its deposit confirmed (reserved) or its promise or act signed (signed);
 *   the client draws them cumulatively from the lots reserved or signed before June; the current
 *   month is the answer's (platform/clock.ts), so an answer served by version names its minute.
 */
export const loadDashboard = async (db: Db, actor: RequestActor, query: DashboardQuery, now = answerNow()): Promise<DashboardData> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  const currentMonth = swissMonthOf(now);
  const months = salesYearMonths(currentMonth);
  // Two statements side by side; whether 'Mon agence' applies is decided in each of them.
  const scope: DashboardScope | null =
    promotionId === null
      ? null
      : {
          promotionId,
          ...lotFilterOf(query),
          agencyId: query.showMyAgency ? actor.agency_id : null,
        };

  const [{ promotion: found, rows: groups }, evolution] = scope
    ? await Promise.all([statusGroups(db, scope), salesEvolution(db, scope, months[0], months[11])])
    : [{ promotion: null, rows: [] }, []];
  // A building of another promotion, or none, answers 404 like a path id (platform/scoped-ids.ts).
  if (scope && !found?.idsOk) throw notFound();
  const promotion = found && { id: found.id, title: found.title, multi_agency: found.multi_agency };
  const myAgency = Boolean(found?.myAgency);

  const byGrouping = groupBy(groups, (row) => row.grouping);
  const statuses = breakdownOf(byGrouping.get('status') ?? []);
  // The base of the percentages: every filtered main lot, whoever sold it.
  const total = (byGrouping.get('status') ?? []).reduce(
    (sum, row) => ({ count: sum.count + row.stockCount, amount: sum.amount + row.stockAmount }),
    none(),
  );

  // Rooms ascending, the parking category (null) last.
  const roomRank = (row: StatusGroupRow) => row.nbRooms ?? Number.MAX_VALUE;
  const roomRows = [...(byGrouping.get('room') ?? [])].sort((a, b) => roomRank(a) - roomRank(b));
  const floorRows = [...(byGrouping.get('floor') ?? [])].sort((a, b) => (a.floorSort ?? 0) - (b.floorSort ?? 0));

  const figure = (bucket: string, kind: 'reserved' | 'signed'): LotFigures => {
    const row = evolution.find((r) => r.bucket === bucket && r.kind === kind);
    return row ? { count: row.count, amount: row.amount } : none();
  };

  return {
    promotion,
    my_agency: myAgency,
    status_cards: DASHBOARD_CARDS.map((card) => {
      const figures = statuses[String(card.status) as keyof StatusBreakdown];
      return { ...card, ...figures, percentage: percentage(figures.count, total.count) };
    }),
    global_situation: { statuses, total },
    by_room: [...groupBy(roomRows, (row) => row.nbRooms)].map(([nbRooms, rows]) => ({
      nb_rooms: nbRooms,
      statuses: breakdownOf(rows),
    })),
    by_floor: [...groupBy(floorRows, (row) => row.floorId ?? 0)].map(([floorId, rows]) => ({
      floor_id: floorId,
      floor: rows[0].floorNumber ?? 0,
      title: rows[0].floorTitle ?? '',
      statuses: breakdownOf(rows),
    })),
    sales_evolution: {
      current_month: currentMonth,
      before: { reserved: figure('before', 'reserved'), signed: figure('before', 'signed') },
      months: months.map((month, index) => ({
        month,
        label: SALES_YEAR_MONTH_LABELS[index],
        reserved: figure(month, 'reserved'),
        signed: figure(month, 'signed'),
      })),
    },
  };
};
