import { type AttributedApplication, DEFAULT_APPLICATION_PRIORITY } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useAttributeLot, useAttributionOptions } from '../api/attribution';
import { attributionState, lotOptionLabel } from '../attribution';
import { PartnerField, PriorityField } from './AttributionFields';

type AttributeLotModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  candidacyId: number;
  /** The candidate's name, in the title. */
  candidateName?: string;
  /** Called after the attribution; the screen refreshes its rows (lot and candidacy statuses changed). */
  onAttributed?: (application: AttributedApplication) => void;
};

/**
 * 'Attribuer un lot' (docs/product/validation.md#assign-lot): a lot of the promotion (those already held
 * are marked 'Existe déjà' and disabled); multi-agency: the position it gives or the refusal;
 * other promotions: a priority (default 9); an optional partner.
 */
export const AttributeLotModal = ({ open, onOpenChange, candidacyId, candidateName, onAttributed }: AttributeLotModalProps) => {
  const options = useAttributionOptions(candidacyId, open);
  const [lotId, setLotId] = useState('');
  const [priority, setPriority] = useState(DEFAULT_APPLICATION_PRIORITY);
  const [partnerId, setPartnerId] = useState('');
  const close = (next: boolean) => {
    if (!next) {
      setLotId('');
      setPriority(DEFAULT_APPLICATION_PRIORITY);
      setPartnerId('');
    }
    onOpenChange(next);
  };
  const mutation = useAttributeLot(candidacyId, (application) => {
    close(false);
    onAttributed?.(application);
  });

  const data = options.data;
  const lot = data?.lots.find((l) => String(l.id) === lotId);
  const state = attributionState(lot, data?.multi_agency ?? false, priority);
  const refusal = state.decision && !state.decision.ok ? state.decision.message : null;

  const submit = () => {
    if (!data || !lot || !state.canSubmit) return;
    mutation.mutate({
      lot_id: lot.id,
      promotion_id: data.promotion_id,
      priority: data.multi_agency ? undefined : priority,
      candidacy_2_id: partnerId ? Number(partnerId) : null,
    });
  };

  return (
    <Modal open={open} onOpenChange={close} title={candidateName ? `Attribuer un lot à ${candidateName}` : 'Attribuer un lot'}>
      {!data ? (
        <Spinner />
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <SelectField label="Lot *" aria-required="true" value={lotId} onChange={(event) => setLotId(event.target.value)}>
            <option value="">Choisir un lot</option>
            {data.lots.map((l) => (
              <option key={l.id} value={l.id} disabled={l.already_held}>
                {lotOptionLabel(l)}
              </option>
            ))}
          </SelectField>
          <PriorityField multiAgency={data.multi_agency} priority={priority} onChange={setPriority} positionText={state.positionText} />
          {refusal && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal}
            </p>
          )}
          <PartnerField candidacyId={candidacyId} value={partnerId} onChange={setPartnerId} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={!state.canSubmit} loading={mutation.isPending}>
              Attribuer
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
};
