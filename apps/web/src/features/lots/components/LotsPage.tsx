import { can, type LotRow } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Download, ListPlus } from 'lucide-react';
import { useState } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ColumnsMenu } from '../../../components/ui/ColumnsMenu';
import { useHiddenColumns, visibleColumns } from '../../../components/ui/column-visibility';
import { ListTotal, ResetFilterLink } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { StatusArrows } from '../../../components/ui/StatusArrows';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { useIsPhone } from '../../../lib/use-media-query';
import { AttributeLotToCandidacyModal } from '../../attribution';
import { type FilterQuery, useFilterOptions, useFilters } from '../../filters';
import { AddTaskModal, EditTaskModal, ShowTaskModal, TaskHistoryModal } from '../../tasks';
import { useDownloadLots } from '../api/download-lots';
import { lotKeys, lotsQueryOptions, useLots } from '../api/get-lots';
import { useUpdateLotStatus } from '../api/update-lot';
import {
  hasLotFilter,
  LOT_ARROWS,
  LOTS_TABLE_IDS,
  type LotsVariant,
  lotColumns,
  parseStatusFilter,
  phoneColumnOrder,
  serializeStatusFilter,
  showsStatusBar,
  toggleStatus,
} from '../lots-view';
import { ChangePriceModal } from './ChangePriceModal';
import { LotChildrenModal } from './LotChildrenModal';
import { LotHistoryModal } from './LotHistoryModal';
import type { LotMenuExtraItems, LotModalKind } from './LotMenu';
import { LotsTable } from './LotsTable';

type LotsPageProps = {
  /** Items other features add to the broker's lot menu (attribute lot, tasks): see LotMenu. */
  extraLotMenuItems?: LotMenuExtraItems;
};

/** 'Lots' for staff, 'Grille des prix' for candidates (docs/product/lots.md#screens). */
export const LotsPage = ({ extraLotMenuItems }: LotsPageProps = {}) => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const actor = user ? actorOf(user) : null;
  const variant: LotsVariant = user?.type === 'candidate' ? 'candidate' : 'staff';
  const columns = lotColumns(variant);
  const columnChoice = useHiddenColumns(LOTS_TABLE_IDS[variant], columns);
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const statuses = variant === 'staff' ? parseStatusFilter(searchParams.get('status')) : [];
  const statusParam = serializeStatusFilter(statuses);
  const withStatus = (filterQuery: FilterQuery) => (statusParam ? { ...filterQuery, status: statusParam } : filterQuery);
  const { filters, serverQuery, sortBy, setPage, writeParams } = useFilters({
    prefetch: (next) => queryClient.prefetchQuery(lotsQueryOptions(variant, withStatus(next))),
  });
  const filterOptions = useFilterOptions();
  const query = withStatus(serverQuery);
  const lots = useLots(variant, query, Boolean(user) && filterOptions.isSuccess);
  const updateStatus = useUpdateLotStatus();
  const download = useDownloadLots();
  const [modal, setModal] = useState<
    { kind: LotModalKind | 'addTask' | 'attributeLot'; lot: LotRow } | { kind: 'showTask' | 'editTask'; taskId: number } | null
  >(null);
  const close = () => setModal(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: lotKeys.all });

  const isBroker = actor !== null && can(actor, 'lot.contextMenu');
  const multiAgency = lots.data?.promotion?.multi_agency ?? filterOptions.data?.promotion?.multi_agency ?? false;

  const handleToggleStatus = (status: number) => writeParams({ status: serializeStatusFilter(toggleStatus(statuses, status)) });
  const handleResetLotFilter = () => writeParams({ status: null, lot: null });
  const handleDownload = () => {
    const { page: _page, ...rest } = query;
    download.mutate(rest);
  };

  const data = lots.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {actor && can(actor, 'lot.download') && (
          <Button variant="secondary" className="print:hidden" onClick={handleDownload} loading={download.isPending}>
            <Download className="size-4" aria-hidden="true" />
            Liste des lots
          </Button>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {showsStatusBar(variant) && (
          <StatusArrows arrows={LOT_ARROWS} counts={data?.status_counts} selected={statuses} onToggle={handleToggleStatus} />
        )}
        {hasLotFilter(filters.lot, statuses) && <ResetFilterLink onReset={handleResetLotFilter} />}
        <ListTotal total={data?.total} singular="lot" plural="lots" />
        <div className="ml-auto">
          <ColumnsMenu columns={columns} hidden={columnChoice.hidden} onToggle={columnChoice.toggle} />
        </div>
      </div>

      {!data ? (
        <div className="flex justify-center py-10">{lots.isError ? null : <Spinner />}</div>
      ) : (
        <>
          <LotsTable
            columns={phone ? phoneColumnOrder(visibleColumns(columns, columnChoice.hidden)) : visibleColumns(columns, columnChoice.hidden)}
            rows={data.data}
            sort={{ orderBy: filters.orderBy, order: filters.order }}
            onSort={sortBy}
            menu={
              isBroker && variant === 'staff'
                ? {
                    multiAgency,
                    onChangeStatus: (lot, to) => updateStatus.mutate({ id: lot.id, status: to }),
                    onOpen: (kind, lot) => setModal({ kind, lot }),
                    extraItems: (lot, kit) => (
                      <>
                        <kit.Item onSelect={() => setModal({ kind: 'attributeLot', lot })}>
                          <Building2 className="size-4 shrink-0" aria-hidden="true" />
                          Attribuer le lot
                        </kit.Item>
                        {actor && can(actor, 'task.create') && (
                          <kit.Item onSelect={() => setModal({ kind: 'addTask', lot })}>
                            <ListPlus className="size-4 shrink-0" aria-hidden="true" />
                            Ajouter une tâche
                          </kit.Item>
                        )}
                        {extraLotMenuItems?.(lot, kit)}
                      </>
                    ),
                  }
                : undefined
            }
            onShowTasks={(lot) => setModal({ kind: 'tasks', lot })}
            onShowTask={(taskId) => setModal({ kind: 'showTask', taskId })}
          />
          {data.total === 0 && <p className="py-6 text-center text-sm text-slate-600">Aucun lot ne correspond aux filtres.</p>}
          <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={setPage} />
        </>
      )}

      {modal?.kind === 'history' && <LotHistoryModal lot={modal.lot} onClose={() => setModal(null)} />}
      {modal?.kind === 'children' && <LotChildrenModal lot={modal.lot} onClose={() => setModal(null)} />}
      {modal?.kind === 'price' && <ChangePriceModal lot={modal.lot} onClose={() => setModal(null)} />}
      {modal?.kind === 'tasks' && (
        <TaskHistoryModal
          open
          onOpenChange={(open) => !open && close()}
          target="lot"
          targetId={modal.lot.id}
          subject={`lot ${modal.lot.reference}`}
        />
      )}
      {modal?.kind === 'attributeLot' && (
        <AttributeLotToCandidacyModal open onOpenChange={(open) => !open && close()} lot={modal.lot} onAttributed={refresh} />
      )}
      {modal?.kind === 'addTask' && filterOptions.data?.promotion && (
        <AddTaskModal
          open
          onOpenChange={(open) => !open && close()}
          promotionId={filterOptions.data.promotion.id}
          target="lot"
          targetId={modal.lot.id}
          onAdded={refresh}
        />
      )}
      {modal?.kind === 'showTask' && (
        <ShowTaskModal
          open
          onOpenChange={(open) => !open && close()}
          taskId={modal.taskId}
          onEdit={isBroker ? (task) => setModal({ kind: 'editTask', taskId: task.id }) : undefined}
          onFinished={refresh}
        />
      )}
      {modal?.kind === 'editTask' && (
        <EditTaskModal open onOpenChange={(open) => !open && close()} taskId={modal.taskId} onSaved={refresh} />
      )}
    </div>
  );
};
