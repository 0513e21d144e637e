import { type Assistant, can, type User } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { actorOf, userQueryKey } from '../../../lib/auth';
import { addAssistant, removeAssistant, useBrokers } from '../api/assistants';

/** A broker's assistants (they receive his incoming e-mails); removal is for admins. */
export const AssistantsBlock = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const brokers = useBrokers();
  const [choice, setChoice] = useState('');
  const [pending, setPending] = useState(false);
  const mayRemove = can(actorOf(user), 'assistant.remove');

  const assistantIds = new Set(user.assistants.map((a) => a.id));
  const candidates = (brokers.data ?? []).filter((broker) => broker.id !== user.id && !assistantIds.has(broker.id));

  const run = async (call: () => Promise<Assistant[]>) => {
    setPending(true);
    try {
      const assistants = await call();
      queryClient.setQueryData<User>(userQueryKey, (current) => (current ? { ...current, assistants } : current));
      setChoice('');
    } catch {
      // The API client already showed the error.
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="assistants-title" className="space-y-4">
      <h2 id="assistants-title" className="text-base font-semibold text-slate-900">
        Assistants
      </h2>
      <p className="text-sm text-slate-600">Vos assistants reçoivent une copie des e-mails qui vous sont adressés.</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) void run(() => addAssistant(user.id, Number(choice)));
        }}
      >
        <SelectField
          label="Assistant"
          className="min-w-64 flex-1"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          disabled={brokers.isPending}
        >
          <option value="">Choisir un courtier</option>
          {candidates.map((broker) => (
            <option key={broker.id} value={broker.id}>
              {broker.full_name} ({broker.email})
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!choice} loading={pending}>
          Ajouter
        </Button>
      </form>
      {user.assistants.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun assistant.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {user.assistants.map((assistant) => (
            <li key={assistant.id} className="flex items-center gap-3 px-3 py-2">
              <Avatar name={assistant.full_name} src={assistant.profile_picture} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{assistant.full_name}</p>
                <p className="truncate text-xs text-slate-500">{assistant.email}</p>
              </div>
              {mayRemove && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label="Supprimer l'assistant"
                  title="Supprimer l'assistant"
                  disabled={pending}
                  onClick={() => run(() => removeAssistant(user.id, assistant.id))}
                >
                  <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
