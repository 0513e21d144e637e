import { type CandidacyListRow, can, canFinishTask } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Download, History, ListPlus, MessageSquarePlus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ColumnsMenu } from '../../../components/ui/ColumnsMenu';
import { useHiddenColumns, visibleColumns } from '../../../components/ui/column-visibility';
import { ListTotal, ResetFilterLink } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { StatusArrows } from '../../../components/ui/StatusArrows';
import { actorOf, inDemoMode, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { AttributeLotModal } from '../../attribution';
import { type FilterQuery, useFilters } from '../../filters';
import { AddTaskModal, EditTaskModal, ShowTaskModal, TaskBadges, TaskHistoryModal } from '../../tasks';
import { NewThreadModal } from '../../threads';
import { useDownloadCandidacies } from '../api/download-candidacies';
import { useFinishTask } from '../api/finish-task';
import { candidaciesQueryOptions, candidacyKeys, useCandidacies } from '../api/get-candidacies';
import {
  CANDIDACIES_TABLE_ID,
  candidacyArrows,
  candidacyColumns,
  hasCandidacyFilter,
  offersAttributeLot,
  parseStatusFilter,
  serializeStatusFilter,
  toggleStatus,
} from '../candidates-view';
import { CandidaciesTable } from './CandidaciesTable';
import type { CandidacyMenuExtraItems, CandidacyModalKind } from './CandidacyMenu';
import { CandidateFormModal } from './CandidateFormModal';
import { ChangeAgencyModal } from './ChangeAgencyModal';
import { CommentsModal } from './CommentsModal';
import { DeleteCandidacyModal } from './DeleteCandidacyModal';
import { FilesModal } from './FilesModal';

type Modal =
  | { kind: CandidacyModalKind | 'addTask' | 'taskHistory' | 'attributeLot' | 'newThread'; row: CandidacyListRow }
  | { kind: 'create' }
  | { kind: 'showTask' | 'editTask'; taskId: number };

/** The candidates screen (docs/product/candidates.md#screens): the candidacies of the current promotion. */
export const CandidatesPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const actor = user ? actorOf(user) : null;
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const statuses = parseStatusFilter(searchParams.get('status'));
  const statusParam = serializeStatusFilter(statuses);
  const withStatus = (filterQuery: FilterQuery) => (statusParam ? { ...filterQuery, status: statusParam } : filterQuery);
  const { filters, options, serverQuery, sortBy, setPage, writeParams } = useFilters({
    prefetch: (next) => queryClient.prefetchQuery(candidaciesQueryOptions(withStatus(next))),
  });
  const query = withStatus(serverQuery);
  const candidacies = useCandidacies(query, Boolean(user));
  const download = useDownloadCandidacies();
  const finishTask = useFinishTask();
  const [modal, setModal] = useState<Modal | null>(null);
  const close = () => setModal(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: candidacyKeys.all });

  const promotionId = options.promotion?.id ?? user?.preferences.selected_promotion ?? null;
  const columns = candidacyColumns(actor);
  const columnChoice = useHiddenColumns(CANDIDACIES_TABLE_ID, columns);

  const handleToggleStatus = (status: number) => writeParams({ status: serializeStatusFilter(toggleStatus(statuses, status)) });
  const handleReset = () => writeParams({ status: null, lot: null, candidat: null, candidacy: null, application: null });
  const handleDownload = () => {
    const { page: _page, ...rest } = query;
    download.mutate(rest);
  };

  // The 'assign lot' rule needs the promotion's CRM sync date, which the filter bar's options carry.
  const promotionRule = options.promotion;

  const menuItems: CandidacyMenuExtraItems = (row, { Item }) => (
    <>
      {actor && can(actor, 'lot.attribute', { agency_id: row.agency_id }) && promotionRule && offersAttributeLot(row, promotionRule) && (
        <Item onSelect={() => setModal({ kind: 'attributeLot', row })}>
          <Building2 className="size-4 shrink-0" aria-hidden="true" />
          Attribuer un lot
        </Item>
      )}
      {actor && can(actor, 'task.create') && (
        <>
          <Item onSelect={() => setModal({ kind: 'addTask', row })}>
            <ListPlus className="size-4 shrink-0" aria-hidden="true" />
            Ajouter une tâche
          </Item>
          <Item onSelect={() => setModal({ kind: 'taskHistory', row })}>
            <History className="size-4 shrink-0" aria-hidden="true" />
            Historique des tâches
          </Item>
        </>
      )}
      {actor?.type === 'broker' && (
        <Item onSelect={() => setModal({ kind: 'newThread', row })}>
          <MessageSquarePlus className="size-4 shrink-0" aria-hidden="true" />
          Nouvelle discussion
        </Item>
      )}
    </>
  );

  const data = candidacies.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <div className="flex flex-wrap gap-2 print:hidden">
          {actor && can(actor, 'candidacy.download') && (
            <Button variant="secondary" onClick={handleDownload} loading={download.isPending}>
              <Download className="size-4" aria-hidden="true" />
              Liste des candidats
            </Button>
          )}
          {actor && can(actor, 'candidacy.create') && promotionId !== null && (
            <Button onClick={() => setModal({ kind: 'create' })}>
              <UserPlus className="size-4" aria-hidden="true" />
              Ajouter un candidat
            </Button>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <StatusArrows
          arrows={candidacyArrows(filters.showNonRetained)}
          counts={data?.status_counts}
          selected={statuses}
          onToggle={handleToggleStatus}
        />
        {hasCandidacyFilter(filters, statuses) && <ResetFilterLink onReset={handleReset} />}
        <ListTotal total={data?.total} singular="candidat" plural="candidats" />
        <div className="ml-auto">
          <ColumnsMenu columns={columns} hidden={columnChoice.hidden} onToggle={columnChoice.toggle} />
        </div>
      </div>

      {!data ? (
        <div className="flex justify-center py-10">{candidacies.isError ? null : <Spinner />}</div>
      ) : (
        <>
          <CandidaciesTable
            columns={visibleColumns(columns, columnChoice.hidden)}
            rows={data.data}
            sort={{ orderBy: filters.orderBy, order: filters.order }}
            onSort={sortBy}
            onOpenComments={(row) => setModal({ kind: 'comments', row })}
            onOpenFiles={(row) => setModal({ kind: 'files', row })}
            renderTasks={(row) => (
              <TaskBadges
                tasks={row.tasks}
                openCount={row.tasks_count}
                subject={row.candidate.full_name}
                onShow={(task) => setModal({ kind: 'showTask', taskId: task.id })}
                onMore={() => setModal({ kind: 'taskHistory', row })}
              />
            )}
            menu={{
              canChangeAgency: options.agencies.length > 1,
              onOpen: (kind, row) => setModal({ kind, row }),
              finishableTasks: (row) => (actor ? row.tasks.filter((task) => canFinishTask(actor, task)) : []),
              onFinishTask: (taskId) => finishTask.mutate(taskId),
              extraItems: menuItems,
            }}
          />
          {data.total === 0 && <p className="py-6 text-center text-sm text-slate-600">Aucun candidat ne correspond aux filtres.</p>}
          <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={setPage} />
        </>
      )}

      {modal?.kind === 'create' && promotionId !== null && <CandidateFormModal mode="create" promotionId={promotionId} onClose={close} />}
      {modal?.kind === 'edit' && (
        <CandidateFormModal
          mode="edit"
          candidacyId={modal.row.id}
          readOnly={!actor || !can(actor, 'candidacy.edit') || !modal.row.can_edit}
          onClose={close}
        />
      )}
      {modal?.kind === 'delete' && <DeleteCandidacyModal row={modal.row} onClose={close} />}
      {modal?.kind === 'agency' && <ChangeAgencyModal row={modal.row} agencies={options.agencies} onClose={close} />}
      {modal?.kind === 'comments' && <CommentsModal row={modal.row} onClose={close} />}
      {modal?.kind === 'files' && (
        <FilesModal row={modal.row} canUpload={Boolean(actor && can(actor, 'file.upload')) && !inDemoMode(user)} onClose={close} />
      )}
      {modal?.kind === 'addTask' && (
        <AddTaskModal
          open
          onOpenChange={(open) => !open && close()}
          promotionId={modal.row.promotion_id}
          target="candidacy"
          targetId={modal.row.id}
          onAdded={refresh}
        />
      )}
      {modal?.kind === 'attributeLot' && (
        <AttributeLotModal
          open
          onOpenChange={(open) => !open && close()}
          candidacyId={modal.row.id}
          candidateName={modal.row.candidate.full_name}
          onAttributed={refresh}
        />
      )}
      {modal?.kind === 'taskHistory' && (
        <TaskHistoryModal
          open
          onOpenChange={(open) => !open && close()}
          target="candidacy"
          targetId={modal.row.id}
          subject={modal.row.candidate.full_name}
        />
      )}
      {modal?.kind === 'showTask' && (
        <ShowTaskModal
          open
          onOpenChange={(open) => !open && close()}
          taskId={modal.taskId}
          onEdit={(task) => setModal({ kind: 'editTask', taskId: task.id })}
          onFinished={refresh}
        />
      )}
      {modal?.kind === 'newThread' && promotionId !== null && (
        <NewThreadModal
          open
          onOpenChange={(open) => !open && close()}
          promotionId={promotionId}
          candidacyId={modal.row.id}
          recipient={{ id: modal.row.candidate.id, base_class: 'candidate', full_name: modal.row.candidate.full_name }}
        />
      )}
      {modal?.kind === 'editTask' && (
        <EditTaskModal open onOpenChange={(open) => !open && close()} taskId={modal.taskId} onSaved={refresh} />
      )}
    </div>
  );
};
