import { formatCHF, formatDateTime, LOT_MESSAGES, LOT_STATUS_LABELS, type LotRow } from '@promovente/shared';
import { Modal } from '../../../components/ui/Modal';
import { RecordsTable } from '../../../components/ui/RecordsTable';
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
      <RecordsTable
        pending={isPending}
        rows={data?.action_lots}
        rowKey={(entry) => entry.id}
        empty={LOT_MESSAGES.noHistory}
        columns={[
          { label: 'Date', cell: (entry) => formatDateTime(entry.created_at), className: 'whitespace-nowrap' },
          { label: 'Utilisateur', cell: (entry) => entry.user?.email ?? '-' },
          { label: 'Colonne', cell: (entry) => entry.column_text },
          { label: 'De', cell: (entry) => historyValue(entry.column, entry.from) },
          { label: 'À', cell: (entry) => historyValue(entry.column, entry.to) },
        ]}
      />
    </Modal>
  );
};
