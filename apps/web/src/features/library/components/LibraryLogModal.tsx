import { formatDateTime, LIBRARY_ACCESS_KIND_LABELS, LIBRARY_MESSAGES, USER_TYPE_LABELS, type UserType } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Pagination } from '../../../components/ui/Pagination';
import { useExportLibraryLog, useLibraryLog, useLibraryLogPeople } from '../api/library';

type Props = { promotionId: number | null; file: { id: number; name: string } | null; onClose: () => void };

/**
 * The data-room log (docs/product/documents.md#data-room-log): who opened or downloaded the
 * library's files and when, per file (opened from a file) and per person, exported as .xlsx.
 */
export const LibraryLogModal = ({ promotionId, file, onClose }: Props) => {
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const filter = { fileId: file?.id ?? null, userId, page };
  const log = useLibraryLog(promotionId, filter);
  const people = useLibraryLogPeople(promotionId, file?.id ?? null);
  const exportLog = useExportLibraryLog(promotionId);
  const title = file ? `Journal de la data room : ${file.name}` : 'Journal de la data room';

  return (
    <Modal
      open
      size="wide"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          <Button loading={exportLog.isPending} onClick={() => exportLog.mutate({ fileId: file?.id ?? null, userId })}>
            Exporter (.xlsx)
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SelectField
          label="Personne"
          inline
          value={userId ?? ''}
          onChange={(e) => {
            setUserId(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
        >
          <option value="">Toutes les personnes</option>
          {people.data?.map((person) => (
            <option key={person.id} value={person.id}>
              {person.full_name} ({person.accesses_count})
            </option>
          ))}
        </SelectField>
        {log.data && log.data.total === 0 ? (
          <p className="text-sm text-slate-600">{LIBRARY_MESSAGES.emptyLog}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Date</th>
                  <th className="py-2 pr-3 font-medium">Personne</th>
                  <th className="py-2 pr-3 font-medium">Rôle</th>
                  {!file && <th className="py-2 pr-3 font-medium">Document</th>}
                  <th className="py-2 font-medium">Action</th>
                </tr>
              </thead>
              <tbody>
                {log.data?.data.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                    <td className="py-2 pr-3">{entry.user.full_name}</td>
                    <td className="py-2 pr-3">{USER_TYPE_LABELS[entry.user.type as UserType] ?? ''}</td>
                    {!file && <td className="py-2 pr-3">{entry.file.name}</td>}
                    <td className="py-2">{LIBRARY_ACCESS_KIND_LABELS[entry.kind]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {log.data && log.data.last_page > 1 && (
          <Pagination currentPage={log.data.current_page} lastPage={log.data.last_page} onPageChange={setPage} />
        )}
      </div>
    </Modal>
  );
};
