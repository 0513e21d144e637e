import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { usePersonOptions } from '../api/people';
import { type PeopleKind, SINGULAR } from '../kinds';

type Props = {
  kind: PeopleKind;
  promotionId: number;
  onClose: () => void;
  onAdd: (userId: number) => Promise<{ message?: string }>;
};

/** 'Ajouter un <kind> existant': a searchable list of the people not yet in the promotion. */
export const AddExistingModal = ({ kind, promotionId, onClose, onAdd }: Props) => {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  const debounced = useDebouncedCallback(setSearch, 250);
  const options = usePersonOptions(kind, promotionId, search, true);
  const title = `Ajouter un ${SINGULAR[kind]} existant`;

  const add = async (userId: number) => {
    setAdding(userId);
    try {
      const answer = await onAdd(userId);
      if (answer.message) toast.success(answer.message);
      onClose();
    } catch {
      // The API client already showed the error.
    } finally {
      setAdding(null);
    }
  };

  const rows = options.data?.data ?? [];
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="space-y-3">
        <InputField
          label="Rechercher par nom ou e-mail"
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            debounced(event.target.value);
          }}
        />
        {options.isPending ? (
          <p className="text-sm text-slate-500">Chargement…</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">Aucune personne à ajouter.</p>
        ) : (
          <ul
            aria-label="Personnes à ajouter"
            className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
          >
            {rows.map((person) => (
              <li key={person.id} className="flex items-center gap-3 px-3 py-2">
                <Avatar name={person.full_name} src={person.profile_picture} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{person.full_name}</p>
                  <p className="truncate text-xs text-slate-500">{person.email}</p>
                </div>
                <Button
                  size="sm"
                  aria-label={`Ajouter ${person.full_name}`}
                  loading={adding === person.id}
                  disabled={adding !== null}
                  onClick={() => add(person.id)}
                >
                  Ajouter
                </Button>
              </li>
            ))}
          </ul>
        )}
        {options.data && options.data.total > rows.length && (
          <p className="text-xs text-slate-500">
            {rows.length} sur {options.data.total} : affinez la recherche.
          </p>
        )}
      </div>
    </Modal>
  );
};
