import { type CandidacyFile, type CandidacyListRow, formatDateTime, formatFileSize, MESSAGES } from '@promovente/shared';
import { Check, ExternalLink, Pencil, Trash2, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useDeleteCandidacyFile, useOpenFile, useUploadCandidacyFiles } from '../api/candidacy-files';
import { useCandidacy } from '../api/get-candidacy';
import { type PendingFile, selectFiles } from '../pending-files';

type FilesModalProps = {
  row: CandidacyListRow;
  /** Broker, notary, banker, architect, promoter, not in demo mode. */
  canUpload: boolean;
  onClose: () => void;
};

let nextKey = 0;

/** The upload zone: several files, each renamable before upload; duplicate names are skipped with a warning. */
const UploadZone = ({ candidacyId, existing }: { candidacyId: number; existing: CandidacyFile[] }) => {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [renaming, setRenaming] = useState<{ key: number; name: string } | null>(null);
  const upload = useUploadCandidacyFiles(candidacyId);

  const handleSelect = (files: FileList | null) => {
    if (!files) return;
    const { kept, duplicates } = selectFiles(
      pending,
      existing.map((f) => f.name),
      Array.from(files).map((file) => ({ key: nextKey++, file, name: file.name })),
    );
    for (const name of duplicates) toast.warning(MESSAGES.duplicateIgnored(name));
    setPending(kept);
    if (input.current) input.current.value = '';
  };

  const handleUpload = () => {
    // Only the files sent leave the list: a file chosen meanwhile stays pending.
    const sent = new Set(pending.map((p) => p.key));
    upload.mutate(
      pending.map(({ file, name }) => ({ file, name })),
      { onSuccess: () => setPending((list) => list.filter((p) => !sent.has(p.key))) },
    );
  };

  const confirmRename = () => {
    if (!renaming) return;
    const name = renaming.name.trim();
    if (name) setPending((list) => list.map((p) => (p.key === renaming.key ? { ...p, name } : p)));
    setRenaming(null);
  };

  return (
    <section aria-label="Envoi de documents" className="space-y-3 rounded-md border border-dashed border-slate-300 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Ajouter des documents
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => handleSelect(event.target.files)}
        />
      </div>
      {pending.length > 0 && (
        <ul className="space-y-1" aria-label="Documents à envoyer">
          {pending.map((p) => (
            <li key={p.key} className="flex items-center gap-2 text-sm">
              {renaming?.key === p.key ? (
                <>
                  <InputField
                    label={`Nouveau nom de ${p.file.name}`}
                    className="flex-1"
                    value={renaming.name}
                    autoFocus
                    onChange={(event) => setRenaming({ key: p.key, name: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        confirmRename();
                      }
                    }}
                  />
                  <Button size="sm" variant="secondary" onClick={confirmRename} aria-label="Valider le nom">
                    <Check className="size-4" aria-hidden="true" />
                  </Button>
                </>
              ) : (
                <>
                  <span className="flex-1 truncate text-slate-800">{p.name}</span>
                  <span className="text-xs text-slate-500">{formatFileSize(p.file.size)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRenaming({ key: p.key, name: p.name })}
                    aria-label={`Renommer ${p.name}`}
                  >
                    <Pencil className="size-3.5" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                    aria-label={`Retirer ${p.name}`}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button onClick={handleUpload} disabled={pending.length === 0 || renaming !== null} loading={upload.isPending}>
          <Upload className="size-4" aria-hidden="true" />
          Envoyer
        </Button>
      </div>
    </section>
  );
};

const ConfirmDeleteFile = ({ file, onClose }: { file: CandidacyFile; onClose: () => void }) => {
  const remove = useDeleteCandidacyFile();
  return (
    <ConfirmModal
      title="Supprimer le document"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(file.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">{MESSAGES.confirmDeleteDocument}</p>
      <p className="mt-1 text-sm font-medium text-slate-900">{file.name}</p>
    </ConfirmModal>
  );
};

/** The documents of a candidacy (docs/product/validation.md#file-upload and docs/product/access.md#who-may-do-what). */
export const FilesModal = ({ row, canUpload, onClose }: FilesModalProps) => {
  const detail = useCandidacy(row.id);
  const open = useOpenFile();
  const [toDelete, setToDelete] = useState<CandidacyFile | null>(null);
  const files = detail.data?.files;
  return (
    <Modal open onOpenChange={(isOpen) => !isOpen && onClose()} title={`Documents de ${row.candidate.full_name}`} size="wide">
      {!files ? (
        <div className="flex justify-center py-10">{detail.isError ? null : <Spinner />}</div>
      ) : (
        <div className="space-y-4">
          {canUpload && <UploadZone candidacyId={row.id} existing={files} />}
          {files.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun document</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Nom
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Ajouté par
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Taille
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {files.map((file) => (
                  <tr key={file.id}>
                    <td className="py-2 pr-3 text-slate-900">{file.name}</td>
                    <td className="py-2 pr-3 text-slate-700">{file.created_by?.full_name ?? '-'}</td>
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{formatDateTime(file.created_at)}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap text-slate-700">{formatFileSize(file.size)}</td>
                    <td className="py-1 text-right whitespace-nowrap">
                      <Button size="sm" variant="ghost" onClick={() => open.mutate(file.uuid)} aria-label={`Ouvrir ${file.name}`}>
                        <ExternalLink className="size-4" aria-hidden="true" />
                      </Button>
                      {file.can_delete && (
                        <Button size="sm" variant="ghost" onClick={() => setToDelete(file)} aria-label={`Supprimer ${file.name}`}>
                          <Trash2 className="size-4" aria-hidden="true" />
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {toDelete && <ConfirmDeleteFile file={toDelete} onClose={() => setToDelete(null)} />}
    </Modal>
  );
};
