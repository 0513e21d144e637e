import { type AttributedApplication, DEFAULT_APPLICATION_PRIORITY, type LotAttributionCandidacy } from '@promovente/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useAttributeLot, useLotAttributionOptions } from '../api/attribution';
import { attributionState, candidacyOptionLabel } from '../attribution';
import { PartnerField, PriorityField } from './AttributionFields';

/** The search box waits like the filter bar's (docs/product/constants.md#timing: 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;

type AttributeLotToCandidacyModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lot: { id: number; reference: string };
  /** Called after the attribution; the screen refreshes its rows (the lot's status changed). */
  onAttributed?: (application: AttributedApplication) => void;
};

/**
 * 'Attribuer le lot' from a lot row (docs/product/lots.md#screens): the broker searches the candidacy of his
 * agency the lot goes to (those already holding it are marked 'Existe déjà' and disabled), then
 * the priority (default 9) or, multi-agency, the position it takes, and an optional partner. The
 * attribution is the attributeLot command on that candidacy, as from the candidates screen.
 */
export const AttributeLotToCandidacyModal = ({ open, onOpenChange, lot, onAttributed }: AttributeLotToCandidacyModalProps) => {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const commitSearch = useDebouncedCallback((value: string) => setSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  const options = useLotAttributionOptions(lot.id, search, open);
  // The chosen row is kept aside so that a new search does not lose it.
  const [kept, setKept] = useState<LotAttributionCandidacy | null>(null);
  const [priority, setPriority] = useState(DEFAULT_APPLICATION_PRIORITY);
  const [partnerId, setPartnerId] = useState('');
  const data = options.data;
  const found = data?.candidacies ?? [];
  // The latest answer's row when the search still finds it (its 'Existe déjà' flag may have changed).
  const chosen = (kept && found.find((c) => c.id === kept.id)) ?? kept;
  const mutation = useAttributeLot(chosen?.id ?? 0, (application) => {
    onOpenChange(false);
    onAttributed?.(application);
  });
  const candidacies = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  const state = data ? attributionState({ ...data.lot, already_held: chosen?.already_held ?? false }, data.multi_agency, priority) : null;
  const refusal = state?.decision && !state.decision.ok ? state.decision.message : null;
  const canSubmit = Boolean(chosen && state?.canSubmit);

  const handleSearch = (value: string) => {
    setSearchInput(value);
    commitSearch(value);
  };
  const handleChoose = (value: string) => {
    setKept(candidacies.find((c) => String(c.id) === value) ?? null);
    setPartnerId('');
  };
  const handleSubmit = () => {
    if (!data || !chosen || !canSubmit) return;
    mutation.mutate({
      lot_id: data.lot.id,
      promotion_id: data.promotion_id,
      priority: data.multi_agency ? undefined : priority,
      candidacy_2_id: partnerId && Number(partnerId) !== chosen.id ? Number(partnerId) : null,
    });
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Attribuer le lot ${lot.reference}`}>
      {!data ? (
        <div className="flex justify-center py-6">{options.isError ? null : <Spinner />}</div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            handleSubmit();
          }}
        >
          <InputField
            label="Rechercher un candidat"
            type="search"
            value={searchInput}
            onChange={(event) => handleSearch(event.target.value)}
            hint={data.has_more ? 'Seuls les 50 premiers candidats sont proposés : affinez la recherche.' : undefined}
          />
          <SelectField
            label="Candidat *"
            aria-required="true"
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) => handleChoose(event.target.value)}
          >
            <option value="">
              {candidacies.length > 0 ? 'Choisir un candidat' : search ? 'Aucun candidat trouvé' : 'Aucun candidat de votre agence'}
            </option>
            {candidacies.map((c) => (
              <option key={c.id} value={c.id} disabled={c.already_held}>
                {candidacyOptionLabel(c)}
              </option>
            ))}
          </SelectField>
          <PriorityField
            multiAgency={data.multi_agency}
            priority={priority}
            onChange={setPriority}
            positionText={chosen ? (state?.positionText ?? null) : null}
          />
          {refusal && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal}
            </p>
          )}
          <PartnerField candidacyId={chosen?.id ?? null} value={partnerId} onChange={setPartnerId} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
              Attribuer
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
};
