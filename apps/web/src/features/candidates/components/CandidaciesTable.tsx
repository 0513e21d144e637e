import {
  APPLICATION_PRIORITY_BADGE_CLASSES,
  APPLICATION_PRIORITY_LABELS,
  CANDIDACY_PRIORITY_BADGE_CLASSES,
  CANDIDACY_STATUS_BADGE_CLASSES,
  type CandidacyListApplication,
  type CandidacyListRow,
  candidateRecordPath,
  formatCHF,
  formatDate,
  TASK_TIME_COLOURS,
  TASK_TIME_STATUS,
} from '@promovente/shared';
import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { cn } from '../../../components/ui/cn';
import { cssIcon } from '../../../components/ui/css-icon';
import { DataTable } from '../../../components/ui/DataTable';
import { RowTooltip } from '../../../components/ui/RowOverlays';
import type { SortOrder } from '../../filters';
import { applicationPath, type CandidacyColumn, reservationFormApplication, reservationFormPath } from '../candidates-view';
import { CandidacyActionsButton, type CandidacyMenuProps, candidacyContextMenu } from './CandidacyMenu';

type Sort = { orderBy: string | null; order: SortOrder | null };

type CandidaciesTableProps = {
  columns: CandidacyColumn[];
  rows: CandidacyListRow[];
  sort: Sort;
  onSort: (column: string) => void;
  onOpenComments: (row: CandidacyListRow) => void;
  onOpenFiles: (row: CandidacyListRow) => void;
  /** The tasks cell: the tasks feature's badges when available. */
  renderTasks?: (row: CandidacyListRow) => ReactNode;
  menu: Omit<CandidacyMenuProps, 'row'>;
};

/** An application's priority badge: the lot and status in a tooltip, a click opens it in the sales funnel. */
const ApplicationBadge = ({ application }: { application: CandidacyListApplication }) => {
  const description = `Lot ${application.lot.reference} : ${application.status_text}`;
  return (
    <RowTooltip
      content={
        <Tooltip.Content sideOffset={4} className="z-50 rounded bg-slate-900 px-2 py-1 text-xs text-white shadow">
          {description}
          {application.lot.title && <span className="block text-slate-300">{application.lot.title}</span>}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      }
    >
      <Link
        to={applicationPath(application.id)}
        aria-label={`Priorité ${APPLICATION_PRIORITY_LABELS[application.priority]}, ${description}`}
        className={cn(
          'inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700',
          APPLICATION_PRIORITY_BADGE_CLASSES[application.priority] ?? APPLICATION_PRIORITY_BADGE_CLASSES[9],
          application.is_over_deadline && 'ring-2 ring-red-600',
        )}
      >
        {APPLICATION_PRIORITY_LABELS[application.priority]}
      </Link>
    </RowTooltip>
  );
};

/** Open tasks when the tasks feature's badges are not there: title on its time-status colour. */
const PlainTasks = ({ row }: { row: CandidacyListRow }) => (
  <span className="flex flex-wrap items-center gap-1">
    {row.tasks.map((task) => (
      <span
        key={task.id}
        className={cn('inline-flex max-w-40 truncate rounded px-1.5 text-xs leading-5', TASK_TIME_COLOURS[task.time_status])}
        title={`${task.title} (${TASK_TIME_STATUS[task.time_status]})`}
      >
        {task.title}
        <span className="sr-only"> ({TASK_TIME_STATUS[task.time_status]})</span>
      </span>
    ))}
    {row.tasks_count > row.tasks.length && <span className="text-xs text-slate-500">+{row.tasks_count - row.tasks.length}</span>}
  </span>
);

const CountButton = ({ count, label, onClick }: { count: number; label: string; onClick: () => void }) => (
  <button
    type="button"
    onClick={onClick}
    aria-label={`${label} (${count})`}
    className={cn(
      'inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-semibold',
      count > 0 ? 'bg-brand-100 text-brand-800 hover:bg-brand-200' : 'bg-slate-100 text-slate-500 hover:bg-slate-200',
    )}
  >
    {count}
  </button>
);

/** The candidate's name and the creation date, styled by their cell. */
const CELL_CLASSES = { candidate: 'font-medium text-slate-900', created_at: 'whitespace-nowrap' };

export const CandidaciesTable = ({
  columns,
  rows,
  sort,
  onSort,
  onOpenComments,
  onOpenFiles,
  renderTasks,
  menu,
}: CandidaciesTableProps) => {
  const cellOf = (key: string, row: CandidacyListRow): ReactNode => {
    switch (key) {
      case 'status':
        return (
          <span
            className={cn(
              'inline-flex rounded px-2 text-xs leading-6 font-semibold whitespace-nowrap',
              CANDIDACY_STATUS_BADGE_CLASSES[row.status],
            )}
          >
            {row.status_text}
          </span>
        );
      case 'priority':
        return (
          <>
            <span
              className={cn(
                'inline-flex h-6 min-w-7 items-center justify-center rounded px-1.5 align-middle text-xs font-semibold',
                CANDIDACY_PRIORITY_BADGE_CLASSES[row.priority],
              )}
            >
              {row.priority_text}
            </span>
            {row.vip && (
              <span
                className="ml-1 rounded bg-amber-400 px-1 align-middle text-[10px] leading-4 font-bold text-amber-950"
                title={row.reason_vip ?? undefined}
              >
                VIP
              </span>
            )}
          </>
        );
      case 'candidate':
        return (
          <>
            <Link
              to={candidateRecordPath(row.candidate.id)}
              className="hover:underline focus-visible:underline"
              title="Ouvrir la fiche du candidat"
            >
              {row.candidate.full_name}
            </Link>
            {row.candidate.email && <span className="block text-xs font-normal text-slate-500">{row.candidate.email}</span>}
          </>
        );
      case 'broker':
        return row.broker ? (
          <Avatar name={row.broker.full_name} src={row.broker.profile_picture} size="sm" named />
        ) : (
          <span className="text-xs text-slate-500">{row.agency_name ?? '-'}</span>
        );
      case 'budget':
        return formatCHF(row.budget);
      case 'applications': {
        const form = reservationFormApplication(row.applications);
        if (row.applications.length === 0) return '-';
        return (
          <span className="flex flex-wrap items-center gap-1">
            {row.applications.map((application) => (
              <ApplicationBadge key={application.id} application={application} />
            ))}
            {form && (
              <a
                href={reservationFormPath(form.public_id)}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(
                  'ml-1 inline-flex items-center gap-0.5 text-xs text-brand-700 underline [--icon-size:0.875rem]',
                  cssIcon('file-text'),
                )}
              >
                Formulaire
              </a>
            )}
          </span>
        );
      }
      case 'tasks':
        return renderTasks ? renderTasks(row) : <PlainTasks row={row} />;
      case 'comments':
        return (
          <CountButton
            count={row.comments_count}
            label={`Commentaires de ${row.candidate.full_name}`}
            onClick={() => onOpenComments(row)}
          />
        );
      case 'files':
        return <CountButton count={row.files_count} label={`Documents de ${row.candidate.full_name}`} onClick={() => onOpenFiles(row)} />;
      case 'created_at':
        return formatDate(row.created_at);
      case 'crm':
        return row.crm_id ?? '-';
      case 'crm_validated':
        return row.crm_validated ? (
          <span className={cn('inline-flex items-center gap-1 text-green-800', cssIcon('check'))}>Oui</span>
        ) : (
          <span className={cn('inline-flex items-center gap-1 text-slate-500', cssIcon('minus'))}>Non</span>
        );
      default:
        return null;
    }
  };

  return (
    <Tooltip.Provider delayDuration={200}>
      <DataTable
        label="Tableau des candidatures"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSort={onSort}
        cell={cellOf}
        cellClasses={CELL_CLASSES}
        actions={(row) => <CandidacyActionsButton row={row} {...menu} />}
        contextMenu={(row) => candidacyContextMenu({ row, ...menu })}
      />
    </Tooltip.Provider>
  );
};
