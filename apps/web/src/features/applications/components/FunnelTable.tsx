import { type ApplicationAction, type ApplicationRow, formatCHF, MILESTONES, type Milestone } from '@promovente/shared';
import { AlertTriangle, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { cn } from '../../../components/ui/cn';
import { SortableHeaderCell, type SortState } from '../../../components/ui/SortableHeaderCell';
import {
  APPLICATION_STATUS_BADGE_CLASSES,
  applicationPath,
  type FunnelColumn,
  formatArea,
  formatRooms,
  lotPath,
  milestoneOf,
  priorityView,
} from '../funnel-view';
import { ApplicationActionsButton, ApplicationContextMenu } from './ApplicationMenu';

type FunnelTableProps = {
  columns: FunnelColumn[];
  rows: ApplicationRow[];
  sort: SortState;
  onSort: (column: string) => void;
  userType: string | undefined;
  onChoose: (action: ApplicationAction, row: ApplicationRow) => void;
  renderTasks: (row: ApplicationRow) => ReactNode;
};

const PriorityCell = ({ row }: { row: ApplicationRow }) => {
  const view = priorityView(row);
  return (
    <div className="flex min-w-24 flex-col items-start gap-0.5">
      <Link
        to={applicationPath(row.id)}
        aria-label={`Priorité ${view.label} : ouvrir ce dossier seul`}
        className={cn(
          'inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700',
          view.classes,
          view.expired && 'ring-2 ring-red-600',
        )}
      >
        {view.label}
      </Link>
      {view.deadline && (
        <span className="text-xs whitespace-nowrap text-slate-600">
          <span className="sr-only">Échéance de la réservation : </span>
          {view.deadline}
        </span>
      )}
      {view.warning && (
        <span className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-amber-800">
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          Expire dans moins de 24 h
        </span>
      )}
      {view.expired && <span className="max-w-48 text-xs font-medium text-red-700">{view.expired}</span>}
    </div>
  );
};

const MilestoneCell = ({ row, milestone }: { row: ApplicationRow; milestone: Milestone }) => {
  const { text, checked } = milestoneOf(row, milestone);
  if (!text && !checked) return <span className="text-slate-400">-</span>;
  return (
    <span className={cn('inline-flex items-start gap-1 text-xs', checked ? 'text-green-800' : 'text-slate-700')}>
      {checked && <Check className="mt-px size-3.5 shrink-0" aria-hidden="true" />}
      <span>
        {text}
        {checked && <span className="sr-only"> (validé)</span>}
      </span>
    </span>
  );
};

/** The funnel's table (spec part 2, 2.2): one row per live application, right-click for its menu. */
export const FunnelTable = ({ columns, rows, sort, onSort, userType, onChoose, renderTasks }: FunnelTableProps) => {
  const cellOf = (key: string, row: ApplicationRow): ReactNode => {
    const milestone = MILESTONES.find((m) => key === `status_${m}`);
    if (milestone) return <MilestoneCell row={row} milestone={milestone} />;
    switch (key) {
      case 'broker':
        return row.broker ? (
          <span className="inline-flex items-center" title={row.broker.full_name}>
            <Avatar name={row.broker.full_name} src={row.broker.profile_picture} size="sm" />
            <span className="sr-only">{row.broker.full_name}</span>
          </span>
        ) : (
          <span className="text-xs text-slate-500">-</span>
        );
      case 'priority':
        return <PriorityCell row={row} />;
      case 'candidate':
        return (
          <span className="font-medium text-slate-900">
            {row.candidacy1.candidate.full_name}
            {row.candidacy2 && <span className="block text-xs font-normal text-slate-600">et {row.candidacy2.candidate.full_name}</span>}
          </span>
        );
      case 'status':
        return (
          <span
            className={cn(
              'inline-flex rounded px-2 text-xs leading-6 font-semibold whitespace-nowrap',
              APPLICATION_STATUS_BADGE_CLASSES[row.status],
            )}
          >
            {row.status_text}
          </span>
        );
      case 'building':
        return <span className="whitespace-nowrap">{row.lot.building}</span>;
      case 'lot':
        return (
          <Link to={lotPath(row.lot.public_id)} className="font-medium whitespace-nowrap text-brand-700 underline">
            {row.lot.reference}
          </Link>
        );
      case 'rooms':
        return formatRooms(row.lot.nb_rooms);
      case 'area':
        return formatArea(row.lot.area_hab);
      case 'floor':
        return <span className="whitespace-nowrap">{row.lot.floor}</span>;
      case 'price':
        return (
          <span className="block">
            {formatCHF(row.lot.total_price)}
            {row.negociated_price !== null && (
              <span className="block text-xs text-slate-600">Négocié : {formatCHF(row.negociated_price)}</span>
            )}
          </span>
        );
      case 'tasks':
        return renderTasks(row);
      default:
        return null;
    }
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((column) =>
              column.hiddenLabel ? (
                <th key={column.key} scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{column.label}</span>
                </th>
              ) : (
                <SortableHeaderCell key={column.key} column={column} sort={sort} onSort={onSort} />
              ),
            )}
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <ApplicationContextMenu key={row.id} row={row} userType={userType} onChoose={onChoose}>
              <tr className="hover:bg-slate-50 data-[state=open]:bg-brand-50">
                {columns.map((column) => (
                  <td key={column.key} className={cn('px-3 py-2 align-middle', column.numeric && 'text-right whitespace-nowrap')}>
                    {cellOf(column.key, row)}
                  </td>
                ))}
                <td className="px-3 py-1 text-right">
                  <ApplicationActionsButton row={row} userType={userType} onChoose={onChoose} />
                </td>
              </tr>
            </ApplicationContextMenu>
          ))}
        </tbody>
      </table>
    </div>
  );
};
