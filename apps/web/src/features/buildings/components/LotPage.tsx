import {
  type AdminLot,
  BUILDING_MESSAGES,
  type BuildingLotDetail,
  formatArea,
  formatCHF,
  formatRooms,
  habitableAreaLabel,
  ppeAreaLabel,
} from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { RecordsTable } from '../../../components/ui/RecordsTable';
import { Spinner } from '../../../components/ui/Spinner';
import { useBuildingLot, useDeleteLot, useUpdateLot } from '../api/buildings';
import { Breadcrumb, type Crumb } from './Breadcrumb';
import { CHILD_LOT_COLUMNS, LOT_COLUMNS, referenceColumn, StatusBadge } from './LotCells';
import { LotChoiceModal } from './LotChoiceModal';
import { LotFormModal } from './LotFormModal';

type Detail = BuildingLotDetail['data'];

/** The lot's fields, with the surface labels of its type. */
const LotFields = ({ lot }: { lot: AdminLot }) => {
  const rows: [string, string][] = [
    ['Titre', lot.title || '-'],
    ['Type', lot.type],
    ['Étage', lot.floor],
    ['Pièces', formatRooms(lot.nb_rooms)],
    ['Prix', formatCHF(lot.raw_price)],
    [`Surface ${ppeAreaLabel(lot.type)}`, formatArea(lot.area_ppe)],
    [`Surface ${habitableAreaLabel(lot.type)}`, formatArea(lot.area_hab)],
    ['Surface jardin', formatArea(lot.area_jar)],
    ['Surface balcon', formatArea(lot.area_bal)],
    ['Surface terrasse', formatArea(lot.area_ter)],
    ['Exposition', lot.exposure ?? '-'],
    ['Lot PPE', lot.lot_ppe ?? '-'],
    ['Feuillet PPE', lot.feuillet_ppe ?? '-'],
    ...(lot.parent_id !== null
      ? ([
          ['Nom du lot associé', lot.name_child ?? '-'],
          ['Prix inclus', lot.price_included ? 'Oui' : 'Non'],
        ] as [string, string][])
      : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
};

type Props = {
  promotionId: number;
  admin: boolean;
  buildingId: number;
  lotId: number;
  /** The associated lot shown under the lot, if any. */
  childId: number | null;
  onHome: () => void;
  onBuilding: () => void;
  onLot: () => void;
  onChild: (lot: AdminLot) => void;
};

type Dialog = 'edit' | 'delete' | 'addChild' | 'attach' | { move: AdminLot } | { dissociate: AdminLot } | null;

/**
 * A lot with its associated lots (docs/product/promotion-administration.md#states), or, with a
 * child in the address, one of them under it. Admins edit, delete, add, attach, dissociate and
 * move; other brokers read.
 */
export const LotPage = ({ promotionId, admin, buildingId, lotId, childId, onHome, onBuilding, onLot, onChild }: Props) => {
  const main = useBuildingLot(promotionId, buildingId, lotId);
  const childRow = childId === null ? null : (main.data?.children.find((c) => c.id === childId) ?? null);
  const child = useBuildingLot(promotionId, childRow?.building_id ?? null, childRow?.id ?? null);
  const update = useUpdateLot(promotionId);
  const remove = useDeleteLot(promotionId);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (main.isPending || (childRow && child.isPending)) return <Spinner />;
  const detail: Detail | undefined = childRow ? child.data : main.data;
  if (!main.data || !detail || (childId !== null && !childRow)) {
    return <Breadcrumb items={[{ label: 'Immeubles', onClick: onHome }, { label: 'Lot introuvable' }]} />;
  }
  const { lot } = detail;
  const crumbs: Crumb[] = [
    { label: 'Immeubles', onClick: onHome },
    { label: main.data.building.title, onClick: onBuilding },
    { label: `Lot ${main.data.lot.reference}`, onClick: onLot },
    ...(childRow ? [{ label: `Lot ${childRow.reference}` }] : []),
  ];
  const isMain = lot.parent_id === null;

  const setParent = async (target: AdminLot | { id: number; building_id: number }, parentId: number | null) =>
    Boolean(
      await update.mutateAsync({ buildingId: target.building_id, lotId: target.id, values: { parent_id: parentId } }).catch(() => null),
    );

  const deleteLot = async () => {
    const answer = await remove.mutateAsync({ buildingId: lot.building_id, lotId: lot.id }).catch(() => null);
    if (!answer) return;
    setDialog(null);
    if (childRow) onLot();
    else onBuilding();
  };

  return (
    <section aria-labelledby="lot-title" className="space-y-4">
      <Breadcrumb items={crumbs} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="lot-title" className="text-base font-semibold text-slate-900">
            {`Lot ${lot.reference}`}
          </h2>
          <StatusBadge lot={lot} />
          {detail.parent && (
            <span className="text-sm text-slate-600">{`associé au lot ${detail.parent.reference} (${detail.parent.building})`}</span>
          )}
        </div>
        {admin && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              Modifier le lot
            </Button>
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Supprimer le lot
            </Button>
          </div>
        )}
      </div>
      <LotFields lot={lot} />

      {isMain && (
        <section aria-labelledby="children-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="children-title" className="text-sm font-semibold text-slate-900">
              Lots associés
            </h3>
            {admin && (
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setDialog('attach')}>
                  Associer un lot existant
                </Button>
                <Button onClick={() => setDialog('addChild')}>Ajouter un lot associé</Button>
              </div>
            )}
          </div>
          <RecordsTable
            pending={false}
            rows={detail.children}
            rowKey={(c) => c.id}
            empty={BUILDING_MESSAGES.noChildren}
            columns={[
              referenceColumn(onChild),
              LOT_COLUMNS.type,
              CHILD_LOT_COLUMNS.name,
              LOT_COLUMNS.price,
              CHILD_LOT_COLUMNS.included,
              LOT_COLUMNS.status,
              ...(admin
                ? [
                    {
                      label: 'Actions',
                      cell: (c: AdminLot) => (
                        <div className="flex justify-end gap-1">
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Déplacer le lot ${c.reference}`}
                            onClick={() => setDialog({ move: c })}
                          >
                            Déplacer
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Dissocier le lot ${c.reference}`}
                            disabled={update.isPending}
                            onClick={() => setDialog({ dissociate: c })}
                          >
                            Dissocier
                          </Button>
                        </div>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </section>
      )}

      {dialog === 'edit' && (
        <LotFormModal promotionId={promotionId} buildingId={lot.building_id} lot={lot} parentId={null} onClose={() => setDialog(null)} />
      )}
      {dialog === 'addChild' && (
        <LotFormModal promotionId={promotionId} buildingId={lot.building_id} lot={null} parentId={lot.id} onClose={() => setDialog(null)} />
      )}
      {dialog === 'attach' && (
        <LotChoiceModal
          title="Associer un lot existant"
          label="Lot à associer"
          lot={{ promotionId, buildingId: lot.building_id, lotId: lot.id }}
          kind="attachable"
          pending={update.isPending}
          onChoose={(choice) => setParent(choice, lot.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && 'move' in dialog && (
        <LotChoiceModal
          title={`Déplacer le lot ${dialog.move.reference}`}
          label="Nouveau lot principal"
          lot={{ promotionId, buildingId: lot.building_id, lotId: lot.id }}
          kind="move_targets"
          pending={update.isPending}
          onChoose={(choice) => setParent(dialog.move, choice.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && 'dissociate' in dialog && (
        <ConfirmModal
          title={`Dissocier le lot ${dialog.dissociate.reference}`}
          confirmLabel="Dissocier"
          pending={update.isPending}
          onConfirm={async () => {
            if (await setParent(dialog.dissociate, null)) setDialog(null);
          }}
          onClose={() => setDialog(null)}
        >
          <p className="text-sm text-slate-700">{BUILDING_MESSAGES.confirmDissociate(dialog.dissociate.reference, lot.reference)}</p>
        </ConfirmModal>
      )}
      {dialog === 'delete' && (
        <ConfirmModal
          title={`Supprimer le lot ${lot.reference}`}
          description={
            isMain && lot.children_count > 0
              ? `Le lot ${lot.reference} sera supprimé ; ses lots associés deviendront des lots principaux.`
              : `Le lot ${lot.reference} sera supprimé.`
          }
          pending={remove.isPending}
          onConfirm={deleteLot}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
};
