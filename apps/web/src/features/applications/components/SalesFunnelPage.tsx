import { type ApplicationAction, can, type FunnelRow } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useMatches, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ColumnsMenu } from '../../../components/ui/ColumnsMenu';
import { useHiddenColumns, visibleColumns } from '../../../components/ui/column-visibility';
import { Checkbox } from '../../../components/ui/Field';
import { ListTotal, ResetFilterLink } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { StatusArrows } from '../../../components/ui/StatusArrows';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { type FilterQuery, useFilterOptions, useFilters } from '../../filters';
import { EditTaskModal, ShowTaskModal, TaskBadges, TaskHistoryModal } from '../../tasks';
import {
  applicationKeys,
  applicationsQueryOptions,
  useApplicationPdf,
  useApplications,
  useDownloadApplications,
} from '../api/applications';
import {
  exportQuery,
  FUNNEL_ARROWS,
  FUNNEL_TABLE_ID,
  funnelColumns,
  hasFunnelFilter,
  menuChoice,
  parseStageFilter,
  RESET_PARAMS,
  serializeStageFilter,
  toggleStage,
} from '../funnel-view';
import { FunnelTable } from './FunnelTable';
import { FunnelActionModal, type ModalAction } from './modals/ApplicationActionModal';

/** The simplified view (no FR ... SIGN columns) is kept in the URL, beside the filters. */
const SIMPLIFIED_PARAM = 'simplifie';

type Current =
  | { kind: 'action'; action: ModalAction; row: FunnelRow }
  | { kind: 'tasks'; row: FunnelRow }
  | { kind: 'showTask' | 'editTask'; taskId: number };

/** 'Tunnel de vente' (docs/product/funnel.md#screens): the live applications of the current promotion. */
export const SalesFunnelPage = () => {
  const title = titleOfMatches(useMatches());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const actor = user ? actorOf(user) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const stages = parseStageFilter(searchParams.get('status'));
  const stageParam = serializeStageFilter(stages);
  const withStages = (filterQuery: FilterQuery) => (stageParam ? { ...filterQuery, status: stageParam } : filterQuery);
  const { filters, serverQuery, sortBy, setPage, update, writeParams } = useFilters({
    prefetch: (next) => queryClient.prefetchQuery(applicationsQueryOptions(withStages(next))),
  });
  const filterOptions = useFilterOptions();
  const query = withStages(serverQuery);
  const simplified = searchParams.get(SIMPLIFIED_PARAM) === '1';
  const columnChoice = useHiddenColumns(FUNNEL_TABLE_ID, funnelColumns(false));
  const applications = useApplications(query, Boolean(user) && filterOptions.isSuccess);
  const download = useDownloadApplications();
  const pdf = useApplicationPdf();
  const [current, setCurrent] = useState<Current | null>(null);
  const close = () => setCurrent(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: applicationKeys.all });

  const handleToggleStage = (stage: number) => writeParams({ status: serializeStageFilter(toggleStage(stages, stage)) });
  const handleReset = () => writeParams(RESET_PARAMS);
  const handleToggleSimplified = (checked: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (checked) next.set(SIMPLIFIED_PARAM, '1');
        else next.delete(SIMPLIFIED_PARAM);
        return next;
      },
      { replace: true },
    );
  const handleChoose = (action: ApplicationAction, row: FunnelRow) => {
    const choice = menuChoice(action, row);
    if (choice.kind === 'history') navigate(choice.path);
    else if (choice.kind === 'pdf') pdf.mutate(choice.publicId);
    else setCurrent({ kind: 'action', action: choice.action, row });
  };

  const data = applications.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {actor && can(actor, 'application.download') && (
          <Button
            variant="secondary"
            className="print:hidden"
            onClick={() => download.mutate(exportQuery(query))}
            loading={download.isPending}
          >
            <Download className="size-4" aria-hidden="true" />
            Exporter
          </Button>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <StatusArrows arrows={FUNNEL_ARROWS} counts={data?.status_counts} selected={stages} onToggle={handleToggleStage} />
        <Checkbox
          className="print:hidden"
          label="Tâches en retard uniquement"
          checked={filters.onlyLateTasks}
          onChange={(event) => update({ onlyLateTasks: event.target.checked })}
        />
        <Checkbox
          className="print:hidden"
          label="Vue simplifiée"
          checked={simplified}
          onChange={(event) => handleToggleSimplified(event.target.checked)}
        />
        {hasFunnelFilter(serverQuery, stages) && <ResetFilterLink onReset={handleReset} />}
        <ListTotal total={data?.total} singular="dossier" plural="dossiers" />
        <div className="ml-auto">
          <ColumnsMenu columns={funnelColumns(simplified)} hidden={columnChoice.hidden} onToggle={columnChoice.toggle} />
        </div>
      </div>

      {!data ? (
        <div className="flex justify-center py-10">{applications.isError ? null : <Spinner />}</div>
      ) : (
        <>
          <FunnelTable
            columns={visibleColumns(funnelColumns(simplified), columnChoice.hidden)}
            rows={data.data}
            sort={{ orderBy: filters.orderBy, order: filters.order }}
            onSort={sortBy}
            userType={user?.type}
            onChoose={handleChoose}
            renderTasks={(row) => (
              <TaskBadges
                tasks={row.tasks}
                openCount={row.tasks_count}
                subject={`dossier ${row.lot.reference}`}
                onShow={(task) => setCurrent({ kind: 'showTask', taskId: task.id })}
                onMore={() => setCurrent({ kind: 'tasks', row })}
              />
            )}
          />
          {data.total === 0 && <p className="py-6 text-center text-sm text-slate-600">Aucun dossier ne correspond aux filtres.</p>}
          <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={setPage} />
        </>
      )}

      {current?.kind === 'action' && <FunnelActionModal action={current.action} applicationId={current.row.id} onClose={close} />}
      {current?.kind === 'tasks' && (
        <TaskHistoryModal
          open
          onOpenChange={(open) => !open && close()}
          target="application"
          targetId={current.row.id}
          subject={`dossier ${current.row.lot.reference}`}
        />
      )}
      {current?.kind === 'showTask' && (
        <ShowTaskModal
          open
          onOpenChange={(open) => !open && close()}
          taskId={current.taskId}
          onEdit={(task) => setCurrent({ kind: 'editTask', taskId: task.id })}
          onFinished={refresh}
        />
      )}
      {current?.kind === 'editTask' && (
        <EditTaskModal open onOpenChange={(open) => !open && close()} taskId={current.taskId} onSaved={refresh} />
      )}
    </div>
  );
};
