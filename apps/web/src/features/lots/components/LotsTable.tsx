import { type CandidateLotRow, formatCHF, LOT_STATUS_BADGE_CLASSES, type LotRow } from '@promovente/shared';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { cn } from '../../../components/ui/cn';
import { DataTable } from '../../../components/ui/DataTable';
import type { SortOrder } from '../../filters';
import { TaskBadges } from '../../tasks';
import { formatArea, formatRooms, type LotColumn, priorityLabel } from '../lots-view';
import { LotActionsButton, type LotMenuExtraItems, type LotModalKind, lotContextMenu } from './LotMenu';

type LotsTableProps = {
  /** The columns on screen (the user's hidden ones left out). */
  columns: LotColumn[];
  rows: (LotRow | CandidateLotRow)[];
  sort: { orderBy: string | null; order: SortOrder | null };
  onSort: (column: string) => void;
  /** Brokers: the lot menu (right-click and the Actions button). */
  menu?: {
    multiAgency: boolean;
    onChangeStatus: (lot: LotRow, to: 0 | 1) => void;
    onOpen: (kind: LotModalKind, lot: LotRow) => void;
    extraItems?: LotMenuExtraItems;
  };
  onShowTasks: (lot: LotRow) => void;
  onShowTask: (taskId: number) => void;
};

const isStaffRow = (row: LotRow | CandidateLotRow): row is LotRow => 'raw_status' in row;

const cellOf = (
  key: string,
  lot: LotRow | CandidateLotRow,
  onShowTasks: (lot: LotRow) => void,
  onShowTask: (taskId: number) => void,
): ReactNode => {
  switch (key) {
    case 'status':
      return (
        <span className={cn('inline-flex rounded px-2 text-xs leading-6 font-semibold', LOT_STATUS_BADGE_CLASSES[lot.status])}>
          {lot.status_text}
        </span>
      );
    case 'reference':
      return (
        <>
          {lot.reference}
          {lot.title && <span className="block text-xs font-normal text-slate-500">{lot.title}</span>}
        </>
      );
    case 'building':
      return lot.building.title;
    case 'floor':
      return lot.floor.title;
    case 'type':
      return lot.type;
    case 'nb_rooms':
      return formatRooms(lot.nb_rooms);
    case 'area_hab':
      return formatArea(lot.area_hab);
    case 'area_ppe':
      return formatArea(lot.area_ppe);
    case 'exposure':
      return lot.exposure ?? '-';
    case 'price':
      return formatCHF(lot.total_price);
  }
  if (!isStaffRow(lot)) return null;
  switch (key) {
    case 'prs':
      // The status colours alone (white on grey): a neutral Badge would keep its dark text on it.
      return lot.raw_status === 1 ? (
        <span className={cn('inline-flex rounded-full px-1.5 text-xs leading-5 font-semibold', LOT_STATUS_BADGE_CLASSES[1])}>PRS</span>
      ) : (
        '-'
      );
    case 'lot_ppe':
      return lot.lot_ppe ?? '-';
    case 'feuillet_ppe':
      return lot.feuillet_ppe ?? '-';
    case 'candidates': {
      if (lot.applications_count === 0) return '-';
      const best = priorityLabel(lot.best_priority);
      return (
        <>
          <Badge tone="brand">{lot.applications_count}</Badge>
          {best && (
            <span className="ml-1.5 text-xs text-slate-600" title="Meilleure priorité">
              {best}
            </span>
          )}
        </>
      );
    }
    case 'tasks':
      return (
        <TaskBadges
          tasks={lot.tasks}
          openCount={lot.tasks_count}
          subject={`lot ${lot.reference}`}
          onShow={(task) => onShowTask(task.id)}
          onMore={() => onShowTasks(lot)}
        />
      );
    default:
      return null;
  }
};

/** The lot's reference, styled by its cell. */
const CELL_CLASSES = { reference: 'font-medium text-slate-900' };

/** The lots table: real columns headers, sortable headers as buttons, one row per main lot. */
export const LotsTable = ({ columns, rows, sort, onSort, menu, onShowTasks, onShowTask }: LotsTableProps) => (
  <DataTable
    label="Tableau des lots"
    columns={columns}
    rows={rows}
    rowKey={(lot) => lot.id}
    sort={sort}
    onSort={onSort}
    cell={(key, lot) => cellOf(key, lot, onShowTasks, onShowTask)}
    cellClasses={CELL_CLASSES}
    actions={menu ? (lot) => (isStaffRow(lot) ? <LotActionsButton lot={lot} {...menu} /> : null) : undefined}
    contextMenu={menu ? (lot) => (isStaffRow(lot) ? lotContextMenu({ lot, ...menu }) : null) : undefined}
  />
);
