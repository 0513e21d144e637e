import { formatCHF, LOT_MESSAGES, type LotRow } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useLot } from '../api/get-lot';
import { formatArea } from '../lots-view';

/** Associated lots (children): reference, type, name, living area, price. */
export const LotChildrenModal = ({ lot, onClose }: { lot: LotRow; onClose: () => void }) => {
  const { data, isPending } = useLot(lot.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Lots associés au lot ${lot.reference}`} size="wide">
      {isPending ? (
        <Spinner />
      ) : !data || data.children.length === 0 ? (
        <p className="text-sm text-slate-600">{LOT_MESSAGES.noChildren}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Lot
              </th>
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Nom
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Surface hab.
              </th>
              <th scope="col" className="py-2 text-right">
                Prix
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.children.map((child) => (
              <tr key={child.id}>
                <td className="py-2 pr-3 font-medium">{child.reference}</td>
                <td className="py-2 pr-3">{child.type}</td>
                <td className="py-2 pr-3">{child.name_child ?? '-'}</td>
                <td className="py-2 pr-3 text-right">{formatArea(child.area_hab)}</td>
                <td className="py-2 text-right whitespace-nowrap">
                  {formatCHF(child.price)}
                  {child.price_included && <span className="ml-1 text-xs text-slate-500">(inclus)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
};
