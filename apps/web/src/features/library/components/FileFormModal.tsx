import { CANDIDACY_STATUS_LABELS, LIBRARY_MIN_STATUSES, type LibraryFile } from '@promovente/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Field, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useFileTypes, useFolders, useSaveLibraryFile } from '../api/library';
import {
  ACCESS_LABELS,
  checkLibraryForm,
  type LibraryFormErrors,
  type LibraryFormValues,
  libraryFormData,
  libraryFormDefaults,
  NEW_FOLDER,
} from '../library-form';

type Props = { promotionId: number; file: LibraryFile | null; canUpload: boolean; onClose: () => void };

/**
 * Add or edit a library file (docs/product/documents.md#fields): name and type required, the
 * file on creation (optional on edit: empty keeps the current one), a folder chosen or created,
 * who may see it and the candidate's minimum status.
 */
export const FileFormModal = ({ promotionId, file, canUpload, onClose }: Props) => {
  const creating = file === null;
  const types = useFileTypes();
  const folders = useFolders(promotionId);
  const save = useSaveLibraryFile(promotionId);
  const [values, setValues] = useState<LibraryFormValues>(() => libraryFormDefaults(file));
  const [upload, setUpload] = useState<File | null>(null);
  const [errors, setErrors] = useState<LibraryFormErrors>({});
  const fileId = useId();
  const title = creating ? 'Ajouter un fichier' : 'Modifier le fichier';
  const set = <K extends keyof LibraryFormValues>(key: K, value: LibraryFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkLibraryForm(values, upload, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ fileId: file?.id ?? null, form: libraryFormData(values, upload) });
      onClose();
    } catch {
      // The toast said why; the form stays open.
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={title}>
        <InputField label="Nom" required error={errors.name} value={values.name} onChange={(e) => set('name', e.target.value)} />
        <SelectField label="Type" required error={errors.type_id} value={values.type_id} onChange={(e) => set('type_id', e.target.value)}>
          <option value="">Choisir un type</option>
          {types.data?.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Dossier" value={values.folder} onChange={(e) => set('folder', e.target.value)}>
            <option value="">Aucun dossier</option>
            {folders.data?.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
            <option value={NEW_FOLDER}>Nouveau dossier…</option>
          </SelectField>
          {values.folder === NEW_FOLDER && (
            <InputField
              label="Nom du nouveau dossier"
              required
              error={errors.folder_name}
              value={values.folder_name}
              onChange={(e) => set('folder_name', e.target.value)}
            />
          )}
        </div>
        {canUpload || creating ? (
          <Field
            id={fileId}
            label={creating ? 'Fichier *' : 'Remplacer le fichier'}
            error={errors.file}
            hint={creating ? 'PDF, images ou documents bureautiques' : 'Laisser vide pour garder le fichier actuel'}
          >
            <input
              id={fileId}
              type="file"
              aria-invalid={errors.file ? true : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5"
              onChange={(e) => setUpload(e.target.files?.[0] ?? null)}
            />
          </Field>
        ) : null}
        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Visible par</legend>
          <div className="grid grid-cols-2 gap-2">
            {ACCESS_LABELS.map(([key, label]) => (
              <Checkbox key={key} label={label} checked={values[key]} onChange={(e) => set(key, e.target.checked)} />
            ))}
          </div>
          {values.access_candidate && (
            <SelectField
              label="Statut minimum du candidat"
              value={values.candidate_min_status}
              onChange={(e) => set('candidate_min_status', e.target.value)}
            >
              {LIBRARY_MIN_STATUSES.map((status) => (
                <option key={status} value={status === 0 ? '' : String(status)}>
                  {CANDIDACY_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
};
