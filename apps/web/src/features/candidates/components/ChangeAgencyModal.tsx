import type { CandidacyListRow } from '@promovente/shared';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useMoveCandidacy } from '../api/move-candidacy';

type ChangeAgencyModalProps = {
  row: CandidacyListRow;
  agencies: { id: number; name: string }[];
  onClose: () => void;
};

/** Moves the candidacy to another agency (required, the current one excluded); irreversible (docs/product/candidates.md#rules and docs/product/validation.md#change-agency). */
export const ChangeAgencyModal = ({ row, agencies, onClose }: ChangeAgencyModalProps) => {
  const [agencyId, setAgencyId] = useState('');
  const move = useMoveCandidacy();
  const choices = agencies.filter((agency) => agency.id !== row.agency_id);
  const handleMove = () => move.mutate({ id: row.id, agencyId: Number(agencyId) }, { onSuccess: onClose });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Changer l'agence de ${row.candidate.full_name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={handleMove} disabled={agencyId === ''} loading={move.isPending}>
            Changer d'agence
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Ce changement est irréversible : la candidature ne sera plus suivie par son courtier actuel.
        </p>
        <SelectField label="Nouvelle agence *" value={agencyId} aria-required onChange={(event) => setAgencyId(event.target.value)}>
          <option value="">Choisir une agence…</option>
          {choices.map((agency) => (
            <option key={agency.id} value={agency.id}>
              {agency.name}
            </option>
          ))}
        </SelectField>
      </div>
    </Modal>
  );
};
