import { type Campaign, type CampaignSort, formatCHF, formatDay, MARKETING_MESSAGES } from '@promovente/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { DataTable } from '../../../components/ui/DataTable';
import { InputField } from '../../../components/ui/Field';
import { ListTotal } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useCampaigns, useDeleteCampaign } from '../api/campaigns';
import { type CampaignFilters, campaignColumns, dateBounds, filtersFromParams, isFiltered, paramsOf, toggleSort } from '../marketing-view';
import { CampaignFilesModal } from './CampaignFilesModal';
import { CampaignFormModal } from './CampaignFormModal';
import { type CampaignAction, CampaignMenu } from './CampaignMenu';

/** The search waits 300 ms after the last key (docs/product/marketing.md#screens). */
const SEARCH_DEBOUNCE_MS = 300;

const cellOf = (key: string, campaign: Campaign) => {
  switch (key) {
    case 'agency':
      return campaign.agency?.name ?? '-';
    case 'title':
      return campaign.title;
    case 'method':
      return campaign.method ?? '-';
    case 'start_at':
      return formatDay(campaign.start_at);
    case 'end_at':
      return formatDay(campaign.end_at);
    case 'price':
      return formatCHF(campaign.price);
    case 'files':
      return campaign.files.length === 0 ? '-' : `${campaign.files.length} document${campaign.files.length > 1 ? 's' : ''}`;
    case 'comment':
      return <span className="line-clamp-2 max-w-72">{campaign.comment ?? ''}</span>;
    default:
      return null;
  }
};

/**
 * The campaigns table (docs/product/marketing.md#screens): search, start after and end before,
 * reset, sortable columns, pagination, all in the URL; the row menu.
 */
export const CampaignsTable = ({ promotionId, canAdd }: { promotionId: number; canAdd: boolean }) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const campaigns = useCampaigns(promotionId, filters);
  const remove = useDeleteCampaign();
  const [search, setSearch] = useState(filters.search);
  const [modal, setModal] = useState<{ kind: CampaignAction | 'add'; campaign: Campaign | null } | null>(null);
  const close = () => setModal(null);

  const write = (next: CampaignFilters) => setSearchParams(paramsOf(next), { replace: true });
  const writeSearch = useDebouncedCallback(
    (value: string) => write({ ...filtersFromParams(searchParams), search: value.trim(), page: 1 }),
    SEARCH_DEBOUNCE_MS,
  );
  const handleSearch = (value: string) => {
    setSearch(value);
    writeSearch(value);
  };
  const handleReset = () => {
    setSearch('');
    write({ search: '', start_after: '', end_before: '', orderBy: filters.orderBy, order: filters.order, page: 1 });
  };
  const bounds = dateBounds(filters.start_after, filters.end_before);
  const data = campaigns.data;
  const columns = campaignColumns(data?.multi_agency ?? false);

  return (
    <section aria-labelledby="campaigns-title" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="campaigns-title" className="text-lg font-semibold text-slate-900">
          Campagnes
        </h2>
        {canAdd && (
          <Button onClick={() => setModal({ kind: 'add', campaign: null })}>
            <Plus className="size-4" aria-hidden="true" />
            Ajouter une campagne
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <InputField
          label="Rechercher"
          type="search"
          className="w-64"
          value={search}
          onChange={(event) => handleSearch(event.target.value)}
        />
        <InputField
          label="Début après le"
          type="date"
          max={bounds.start.max}
          value={filters.start_after}
          onChange={(event) => write({ ...filters, start_after: event.target.value, page: 1 })}
        />
        <InputField
          label="Fin avant le"
          type="date"
          min={bounds.end.min}
          value={filters.end_before}
          onChange={(event) => write({ ...filters, end_before: event.target.value, page: 1 })}
        />
        <Button variant="secondary" onClick={handleReset} disabled={!isFiltered(filters) && search === ''}>
          Réinitialiser
        </Button>
        <ListTotal total={data?.total} singular="campagne" plural="campagnes" />
      </div>
      {!data ? (
        <div className="flex justify-center py-6">{campaigns.isError ? null : <Spinner />}</div>
      ) : data.data.length === 0 ? (
        <p className="text-sm text-slate-600">{MARKETING_MESSAGES.noCampaign}</p>
      ) : (
        <>
          <DataTable
            label="Tableau des campagnes"
            columns={columns}
            rows={data.data}
            rowKey={(campaign) => campaign.id}
            sort={{ orderBy: filters.orderBy, order: filters.order }}
            onSort={(column) => write(toggleSort(filters, column as CampaignSort))}
            cell={cellOf}
            cellClasses={{ title: 'font-medium text-slate-900' }}
            actions={(campaign) => <CampaignMenu campaign={campaign} onAction={(kind) => setModal({ kind, campaign })} />}
          />
          <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={(page) => write({ ...filters, page })} />
        </>
      )}
      {(modal?.kind === 'add' || modal?.kind === 'edit') && (
        <CampaignFormModal promotionId={promotionId} campaign={modal.campaign} onClose={close} />
      )}
      {modal?.kind === 'files' && modal.campaign && <CampaignFilesModal campaign={modal.campaign} onClose={close} />}
      {modal?.kind === 'delete' && modal.campaign && (
        <ConfirmModal
          title="Supprimer la campagne"
          pending={remove.isPending}
          onConfirm={() => remove.mutate((modal.campaign as Campaign).id, { onSettled: close })}
          onClose={close}
        >
          <p className="text-sm text-slate-700">{MARKETING_MESSAGES.confirmDeleteCampaign}</p>
          <p className="mt-1 text-sm font-medium text-slate-900">{modal.campaign.title}</p>
        </ConfirmModal>
      )}
    </section>
  );
};
