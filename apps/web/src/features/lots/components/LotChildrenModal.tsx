import { formatCHF, LOT_MESSAGES, type LotRow } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { RecordsTable } from '../../../components/ui/RecordsTable';
import { useLot } from '../api/get-lot';
import { formatArea } from '../lots-view';

/** Associated lots (children): reference, type, name, living area, price. */
export const LotChildrenModal = ({ lot, onClose }: { lot: LotRow; onClose: () => void }) => {
  const { data, isPending } = useLot(lot.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Lots associés au lot ${lot.reference}`} size="wide">
      <RecordsTable
        pending={isPending}
        rows={data?.children}
        rowKey={(child) => child.id}
        empty={LOT_MESSAGES.noChildren}
        columns={[
          { label: 'Lot', cell: (child) => child.reference, className: 'font-medium' },
          { label: 'Type', cell: (child) => child.type },
          { label: 'Nom', cell: (child) => child.name_child ?? '-' },
          { label: 'Surface hab.', cell: (child) => formatArea(child.area_hab), numeric: true },
          {
            label: 'Prix',
            numeric: true,
            className: 'whitespace-nowrap',
            cell: (child) => (
              <>
                {formatCHF(child.price)}
                {child.price_included && <span className="ml-1 text-xs text-slate-500">(inclus)</span>}
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
};
