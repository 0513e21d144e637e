import { type AdminLot, type BuildingMainLot, formatArea, formatCHF, formatRooms } from '@promovente/shared';
import { Badge } from '../../../components/ui/Badge';
import type { RecordsColumn } from '../../../components/ui/RecordsTable';

/** The derived status, as the lots screen names it (a main lot's row or a whole lot). */
export const StatusBadge = ({ lot }: { lot: BuildingMainLot }) => (
  <Badge tone={lot.status === 0 ? 'success' : 'brand'}>{lot.status_text}</Badge>
);

/** The reference, a link to the lot's page. */
export const referenceColumn = <Lot extends BuildingMainLot>(open: (lot: Lot) => void): RecordsColumn<Lot> => ({
  label: 'Référence',
  cell: (lot) => (
    <button type="button" onClick={() => open(lot)} className="font-medium text-brand-700 hover:underline">
      {lot.reference}
    </button>
  ),
});

export const LOT_COLUMNS = {
  type: { label: 'Type', cell: (lot) => lot.type },
  floor: { label: 'Étage', cell: (lot) => lot.floor },
  rooms: { label: 'Pièces', cell: (lot) => formatRooms(lot.nb_rooms), numeric: true },
  ppe: { label: 'Surface PPE', cell: (lot) => formatArea(lot.area_ppe), numeric: true },
  hab: { label: 'Surface habitable', cell: (lot) => formatArea(lot.area_hab), numeric: true },
  price: { label: 'Prix', cell: (lot) => formatCHF(lot.raw_price), numeric: true },
  status: { label: 'Statut', cell: (lot) => <StatusBadge lot={lot} /> },
  children: { label: 'Lots associés', cell: (lot) => lot.children_count, numeric: true },
} satisfies Record<string, RecordsColumn<BuildingMainLot>>;

/** The columns of associated lots only, which the lot's page shows whole. */
export const CHILD_LOT_COLUMNS = {
  name: { label: 'Nom', cell: (lot) => lot.name_child ?? '-' },
  included: { label: 'Prix inclus', cell: (lot) => (lot.price_included ? 'Oui' : 'Non') },
} satisfies Record<string, RecordsColumn<AdminLot>>;
