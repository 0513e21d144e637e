import type { CandidacyListRow } from '@promovente/shared';
import { TriangleAlert } from 'lucide-react';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { useDeleteCandidacy } from '../api/delete-candidacy';

/** Deletion is final and removes every data of the candidacy (docs/product/candidates.md#rules and docs/product/errors.md#candidates-and-lots). */
export const DeleteCandidacyModal = ({ row, onClose }: { row: CandidacyListRow; onClose: () => void }) => {
  const remove = useDeleteCandidacy();
  const handleDelete = () => remove.mutate(row.id, { onSuccess: onClose });
  return (
    <ConfirmModal title={`Supprimer ${row.candidate.full_name}`} pending={remove.isPending} onConfirm={handleDelete} onClose={onClose}>
      <p className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        La suppression du candidat est définitive : toutes ses données (dossiers de vente, tâches, commentaires et documents) seront
        supprimées.
      </p>
      <p className="mt-3 text-sm text-slate-700">Voulez-vous vraiment supprimer ce candidat ?</p>
    </ConfirmModal>
  );
};
