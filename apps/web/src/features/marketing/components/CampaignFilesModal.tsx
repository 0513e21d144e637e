import { type Campaign, type CampaignFile, formatDateTime, MARKETING_MESSAGES, MESSAGES } from '@promovente/shared';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { Field } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useCampaignFiles, useOpenStoredFile } from '../api/campaigns';

const ConfirmDeleteDocument = ({
  file,
  pending,
  onConfirm,
  onClose,
}: {
  file: CampaignFile;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmModal title="Supprimer le document" pending={pending} onConfirm={onConfirm} onClose={onClose}>
    <p className="text-sm text-slate-700">{MESSAGES.confirmDeleteDocument}</p>
    <p className="mt-1 text-sm font-medium text-slate-900">{file.name}</p>
  </ConfirmModal>
);

/**
 * 'Documents' of a campaign (docs/product/marketing.md#screens): open each one; brokers of its
 * agency add documents (at least one) and delete them after confirming.
 */
export const CampaignFilesModal = ({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) => {
  const calls = useCampaignFiles();
  const open = useOpenStoredFile();
  const [current, setCurrent] = useState<Campaign>(campaign);
  const [chosen, setChosen] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [toDelete, setToDelete] = useState<CampaignFile | null>(null);

  const handleAdd = () =>
    calls.add.mutate(
      { id: current.id, files: chosen },
      {
        onSuccess: (updated) => {
          setCurrent(updated);
          setChosen([]);
          setInputKey((key) => key + 1);
        },
      },
    );
  const handleDelete = (file: CampaignFile) =>
    calls.remove.mutate(
      { id: current.id, fileId: file.id },
      {
        onSuccess: (updated) => {
          setCurrent(updated);
          setToDelete(null);
        },
      },
    );

  return (
    <Modal open onOpenChange={(isOpen) => !isOpen && onClose()} title={`Documents de la campagne ${current.title}`}>
      <div className="space-y-4">
        {current.can_edit && (
          <div className="flex items-end gap-2">
            <Field id="campaign-add-files" label="Ajouter des documents" className="flex-1">
              <input
                key={inputKey}
                id="campaign-add-files"
                type="file"
                multiple
                className="block w-full text-sm"
                onChange={(event) => setChosen(Array.from(event.target.files ?? []))}
              />
            </Field>
            <Button onClick={handleAdd} disabled={chosen.length === 0 || calls.add.isPending} loading={calls.add.isPending}>
              Ajouter
            </Button>
          </div>
        )}
        {current.files.length === 0 ? (
          <p className="text-sm text-slate-600">{MARKETING_MESSAGES.noDocument}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Documents de la campagne">
            {current.files.map((file) => (
              <li key={file.id} className="flex items-center gap-2 py-2">
                <span className="flex-1 truncate font-medium text-slate-900">{file.name}</span>
                <span className="text-xs text-slate-500">{formatDateTime(file.created_at)}</span>
                <Button variant="ghost" size="sm" aria-label={`Ouvrir ${file.name}`} onClick={() => open.mutate(file.uuid)}>
                  <Download className="size-4" aria-hidden="true" />
                </Button>
                {current.can_edit && (
                  <Button variant="ghost" size="sm" aria-label={`Supprimer ${file.name}`} onClick={() => setToDelete(file)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {toDelete && (
        <ConfirmDeleteDocument
          file={toDelete}
          pending={calls.remove.isPending}
          onConfirm={() => handleDelete(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Modal>
  );
};
