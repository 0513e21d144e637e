import { type ApplicationAction, candidateRecordPath, type FunnelRow, formatCHF, MILESTONES, type Milestone } from '@promovente/shared';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { cn } from '../../../components/ui/cn';
import { cssIcon } from '../../../components/ui/css-icon';
import { DataTable } from '../../../components/ui/DataTable';
import type { SortState } from '../../../components/ui/SortableHeaderCell';
import {
  APPLICATION_STATUS_BADGE_CLASSES,
  applicationPath,
  type FunnelColumn,
  formatArea,
  formatRooms,
  lotPath,
  milestoneOf,
  milestoneShortDate,
  priorityView,
} from '../funnel-view';
import { ApplicationActionsButton, applicationContextMenu } from './ApplicationMenu';

type FunnelTableProps = {
  columns: FunnelColumn[];
  rows: FunnelRow[];
  sort: SortState;
  onSort: (column: string) => void;
  userType: string | undefined;
  onChoose: (action: ApplicationAction, row: FunnelRow) => void;
  renderTasks: (row: FunnelRow) => ReactNode;
};

/** The priority link, then the deadline lines below it: no wrapper, the cell holds them (block lines). */
const PriorityCell = ({ row }: { row: FunnelRow }) => {
  const view = priorityView(row);
  return (
    <>
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
        <span className="mt-0.5 block text-xs text-slate-600">
          <span className="sr-only">Échéance de la réservation : </span>
          {view.deadline}
        </span>
      )}
      {view.warning && (
        <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-amber-800">
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          Expire dans moins de 24 h
        </span>
      )}
      {view.expired && <span className="mt-0.5 block text-xs font-medium text-red-700">{view.expired}</span>}
    </>
  );
};

/**
 * Compact: the check mark (drawn by CSS) over the day and month; the whole text on hover (title)
 * and for screen readers (the cell is one named image: a row's five milestones cost five elements).
 */
const MilestoneCell = ({ row, milestone }: { row: FunnelRow; milestone: Milestone }) => {
  const { text, checked } = milestoneOf(row, milestone);
  if (!text && !checked) return '-';
  const full = `${text ?? ''}${checked ? ' (validé)' : ''}`.trim();
  const short = text ? (milestoneShortDate(text) ?? text) : null;
  // A block: the check mark (a block pseudo-element) above the date, the date cut to the column.
  return (
    <span
      role="img"
      aria-label={full}
      title={full}
      className={cn(
        'block max-w-16 truncate text-xs leading-4 whitespace-nowrap',
        checked ? cn('text-green-800 [--icon-display:block] [--icon-size:0.875rem]', cssIcon('check')) : 'text-slate-700',
      )}
    >
      {short}
    </span>
  );
};

/** A candidate's name: for brokers, a link to his record (route /candidate/{id}, brokers only). */
const CandidateName = ({ candidate, linked }: { candidate: { id: number; full_name: string }; linked: boolean }) =>
  linked ? (
    // 24 px high: a pointer or a finger has room for it (WCAG 2.2 target size; Lighthouse).
    <Link
      to={candidateRecordPath(candidate.id)}
      className="inline-block leading-6 hover:underline focus-visible:underline"
      title="Ouvrir la fiche du candidat"
    >
      {candidate.full_name}
    </Link>
  ) : (
    candidate.full_name
  );

/** The '-' of an empty broker or milestone and the client's names, styled by their cell. */
const CELL_CLASSES: Record<string, string> = {
  broker: 'text-xs text-slate-500',
  candidate: 'font-medium text-slate-900',
  ...Object.fromEntries(MILESTONES.map((milestone) => [`status_${milestone}`, 'text-slate-400'])),
};

/** The funnel's table (docs/product/funnel.md#screens): one row per live application, right-click for its menu. */
export const FunnelTable = ({ columns, rows, sort, onSort, userType, onChoose, renderTasks }: FunnelTableProps) => {
  const cellOf = (key: string, row: FunnelRow): ReactNode => {
    const milestone = MILESTONES.find((m) => key === `status_${m}`);
    if (milestone) return <MilestoneCell row={row} milestone={milestone} />;
    switch (key) {
      case 'broker':
        return row.broker ? <Avatar name={row.broker.full_name} src={row.broker.profile_picture} size="sm" named /> : '-';
      case 'priority':
        return <PriorityCell row={row} />;
      case 'candidate':
        return (
          <>
            <CandidateName candidate={row.candidacy1.candidate} linked={userType === 'broker'} />
            {row.candidacy2 && (
              <span className="block text-xs font-normal text-slate-600">
                et <CandidateName candidate={row.candidacy2.candidate} linked={userType === 'broker'} />
              </span>
            )}
          </>
        );
      case 'status':
        return (
          <span
            className={cn(
              'inline-flex max-w-24 rounded px-2 py-0.5 text-xs leading-4 font-semibold',
              APPLICATION_STATUS_BADGE_CLASSES[row.status],
            )}
          >
            {row.status_text}
          </span>
        );
      case 'building':
        return row.lot.building;
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
        return row.lot.floor;
      case 'price':
        return (
          <>
            {formatCHF(row.lot.total_price)}
            {row.negociated_price !== null && (
              <span className="block text-xs whitespace-normal text-slate-600">
                {/* No-break spaces keep the amount on one line without an element of its own. */}
                Négocié : {formatCHF(row.negociated_price).replace(/ /g, '\u00a0')}
              </span>
            )}
          </>
        );
      case 'tasks':
        return renderTasks(row);
      default:
        return null;
    }
  };

  return (
    <DataTable
      label="Tableau des dossiers"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSort={onSort}
      cell={cellOf}
      cellClasses={CELL_CLASSES}
      actions={(row) => <ApplicationActionsButton row={row} userType={userType} onChoose={onChoose} />}
      contextMenu={(row) => applicationContextMenu({ row, userType, onChoose })}
    />
  );
};
