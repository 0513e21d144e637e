import { BUILDING_MESSAGES, type BuildingMainLot } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { RecordsTable } from '../../../components/ui/RecordsTable';
import { Spinner } from '../../../components/ui/Spinner';
import { useBuildingLots } from '../api/buildings';
import { Breadcrumb } from './Breadcrumb';
import { BuildingFormModal } from './BuildingFormModal';
import { LOT_COLUMNS, referenceColumn } from './LotCells';
import { LotFormModal } from './LotFormModal';

/** A building's main lots: reference, type, floor, rooms, areas, price, status, associated lots. */
export const BuildingLotsView = ({
  promotionId,
  admin,
  buildingId,
  onHome,
  onOpenLot,
}: {
  promotionId: number;
  admin: boolean;
  buildingId: number;
  onHome: () => void;
  onOpenLot: (lot: BuildingMainLot) => void;
}) => {
  const query = useBuildingLots(promotionId, buildingId);
  const [modal, setModal] = useState<'building' | 'lot' | null>(null);
  if (query.isPending) return <Spinner />;
  if (!query.data) return <Breadcrumb items={[{ label: 'Immeubles', onClick: onHome }, { label: 'Immeuble introuvable' }]} />;
  const { building, lots } = query.data;
  return (
    <section aria-labelledby="building-title" className="space-y-3">
      <Breadcrumb items={[{ label: 'Immeubles', onClick: onHome }, { label: building.title }]} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="building-title" className="text-base font-semibold text-slate-900">
            {building.title}
          </h2>
          <p className="text-sm text-slate-600">
            {[building.street, [building.zip, building.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </p>
        </div>
        {admin && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setModal('building')}>
              Modifier l'immeuble
            </Button>
            <Button onClick={() => setModal('lot')}>Ajouter un lot</Button>
          </div>
        )}
      </div>
      <RecordsTable
        pending={false}
        rows={lots}
        rowKey={(lot) => lot.id}
        empty={BUILDING_MESSAGES.noLots}
        columns={[
          referenceColumn(onOpenLot),
          LOT_COLUMNS.type,
          LOT_COLUMNS.floor,
          LOT_COLUMNS.rooms,
          LOT_COLUMNS.ppe,
          LOT_COLUMNS.hab,
          LOT_COLUMNS.price,
          LOT_COLUMNS.status,
          LOT_COLUMNS.children,
        ]}
      />
      {modal === 'building' && <BuildingFormModal promotionId={promotionId} building={building} onClose={() => setModal(null)} />}
      {modal === 'lot' && (
        <LotFormModal promotionId={promotionId} buildingId={building.id} lot={null} parentId={null} onClose={() => setModal(null)} />
      )}
    </section>
  );
};
