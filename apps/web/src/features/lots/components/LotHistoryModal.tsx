import { formatCHF, formatDateTime, LOT_HISTORY_COLUMNS, LOT_MESSAGES, LOT_STATUS_LABELS, type LotRow } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useLot } from '../api/get-lot';

/** A history value in French: statuses by label, prices in CHF. */
const historyValue = (column: string, value: string | null) => {
  if (value === null || value === '') return '-';
  if (column === 'raw_status' || column === 'status') return LOT_STATUS_LABELS[Number(value)] ?? value;
  if (column === 'raw_price' || column === 'price') return formatCHF(Number(value));
  return value;
};

/** Lot history (action_lots): date, user e-mail, column, from, to. */
export const LotHistoryModal = ({ lot, onClose }: { lot: LotRow; onClose: () => void }) => {
  const { data, isPending } = useLot(lot.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Historique du lot ${lot.reference}`} size="wide">
      {isPending ? (
        <Spinner />
      ) : !data || data.action_lots.length === 0 ? (
        <p className="text-sm text-slate-600">{LOT_MESSAGES.noHistory}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Date
              </th>
              <th scope="col" className="py-2 pr-3">
                Utilisateur
              </th>
              <th scope="col" className="py-2 pr-3">
                Colonne
              </th>
              <th scope="col" className="py-2 pr-3">
                De
              </th>
              <th scope="col" className="py-2">
                À
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.action_lots.map((entry) => (
              <tr key={entry.id}>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                <td className="py-2 pr-3">{entry.user?.email ?? '-'}</td>
                <td className="py-2 pr-3">{LOT_HISTORY_COLUMNS[entry.column] ?? entry.column}</td>
                <td className="py-2 pr-3">{historyValue(entry.column, entry.from)}</td>
                <td className="py-2">{historyValue(entry.column, entry.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
};
