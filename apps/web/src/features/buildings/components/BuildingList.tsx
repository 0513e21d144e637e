import { BUILDING_MESSAGES, type BuildingRow } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { Spinner } from '../../../components/ui/Spinner';
import { useBuildings, useDeleteBuilding } from '../api/buildings';
import { BuildingFormModal } from './BuildingFormModal';

const address = (b: BuildingRow) => [b.street, [b.zip, b.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const lotsText = (n: number) => (n < 2 ? `${n} lot principal` : `${n} lots principaux`);

/** The promotion's buildings, as cards; admins add, edit and delete them (a deletion asks first). */
export const BuildingList = ({ promotionId, admin, onOpen }: { promotionId: number; admin: boolean; onOpen: (id: number) => void }) => {
  const buildings = useBuildings(promotionId);
  const remove = useDeleteBuilding(promotionId);
  const [editing, setEditing] = useState<BuildingRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BuildingRow | null>(null);
  const handleDelete = (building: BuildingRow) =>
    // A refusal (a lot with a sales file) is the API client's toast; the dialog stays for another choice.
    remove.mutate(building.id, { onSuccess: () => setDeleting(null) });
  return (
    <section aria-labelledby="buildings-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="buildings-title" className="text-base font-semibold text-slate-900">
          Immeubles
        </h2>
        {admin && <Button onClick={() => setEditing('new')}>Ajouter un immeuble</Button>}
      </div>
      {buildings.isPending ? (
        <Spinner />
      ) : !buildings.data?.length ? (
        <p className="text-sm text-slate-600">{BUILDING_MESSAGES.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {buildings.data.map((building) => (
            <li key={building.id} className="flex items-start justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <div className="min-w-0">
                <button type="button" onClick={() => onOpen(building.id)} className="text-left font-medium text-brand-700 hover:underline">
                  {building.title}
                </button>
                <p className="text-sm text-slate-600">{address(building)}</p>
                <p className="text-xs text-slate-500">
                  {lotsText(building.main_lots_count)}, {building.lots_count} au total
                </p>
              </div>
              {admin && (
                <span className="flex shrink-0 flex-col gap-1">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Modifier l'immeuble ${building.title}`}
                    onClick={() => setEditing(building)}
                  >
                    Modifier
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    aria-label={`Supprimer l'immeuble ${building.title}`}
                    onClick={() => setDeleting(building)}
                  >
                    Supprimer
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <BuildingFormModal promotionId={promotionId} building={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          title="Supprimer l'immeuble"
          description={BUILDING_MESSAGES.confirmDeleteBuilding(deleting.title)}
          pending={remove.isPending}
          onConfirm={() => handleDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p className="text-sm text-slate-700">{BUILDING_MESSAGES.deleteBuildingLots(deleting.lots_count)}</p>
        </ConfirmModal>
      )}
    </section>
  );
};
