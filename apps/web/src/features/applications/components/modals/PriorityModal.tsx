import { APPLICATION_ACTIONS, APPLICATION_PRIORITY_LABELS, updateApplicationSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { SelectField } from '../../../../components/ui/Field';
import { Modal } from '../../../../components/ui/Modal';
import { PRIORITY_OPTIONS } from '../../../attribution';
import { useApplicationCommand } from '../../api/commands';
import { commandResolver, type PriorityCommand, priorityChoices } from './modal-helpers';
import { type ApplicationModalProps, ApplicationSummary, closeOnDismiss, FormActions, useModalContext } from './modal-kit';

/** updateApplication accepts one of three inputs; the priority is the first. */
const [priorityInputSchema] = updateApplicationSchema.options;

const BUTTONS: Record<PriorityCommand, { label: string; detail: (bestAvailable: number | null) => string }> = {
  goToBestAvailablePriority: {
    label: 'Aller à la meilleure priorité disponible',
    detail: (best) => `Le dossier prend la position ${best ?? '-'} sur ce lot.`,
  },
  goToLatestPriority: {
    label: 'Libérer la place',
    detail: () => "Le dossier passe en priorité 9 (non prioritaire) ; les dossiers placés derrière lui avancent d'un rang.",
  },
  UpdateLastPriorityChange: {
    label: 'Réinitialiser le compteur',
    detail: () => 'Le délai de réservation de la priorité 1 repart de maintenant.',
  },
};

/** One button per position move the multi-agency rules allow (docs/product/positions.md#priority-modal). */
const PriorityButtons = ({ application, commands, onClose }: ApplicationModalProps & { commands: PriorityCommand[] }) => {
  const mutations = {
    goToBestAvailablePriority: useApplicationCommand('goToBestAvailablePriority', application.id, { onDone: onClose }),
    goToLatestPriority: useApplicationCommand('goToLatestPriority', application.id, { onDone: onClose }),
    UpdateLastPriorityChange: useApplicationCommand('UpdateLastPriorityChange', application.id, { onDone: onClose }),
  } satisfies Record<PriorityCommand, unknown>;
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);

  return (
    <>
      {commands.length === 0 ? (
        <p className="text-sm text-slate-700">Aucune position n'est libre sur ce lot pour le moment.</p>
      ) : (
        <ul className="space-y-3">
          {commands.map((name) => (
            <li
              key={name}
              className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="text-sm text-slate-600">{BUTTONS[name].detail(application.lot.best_available_priority)}</p>
              <Button
                variant={name === 'goToLatestPriority' ? 'danger' : 'primary'}
                disabled={busy && !mutations[name].isPending}
                loading={mutations[name].isPending}
                onClick={() => mutations[name].mutate({})}
              >
                {BUTTONS[name].label}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      </div>
    </>
  );
};

/** Other promotions: a priority among 1, 2, 3, 9, required (docs/product/validation.md#sales-pipeline-forms). */
const PrioritySelect = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('updateApplication', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(priorityInputSchema, (values: { priority: string }) => ({ priority: values.priority })),
    defaultValues: { priority: String(application.priority) },
  });
  return (
    <form noValidate onSubmit={handleSubmit((payload) => command.mutate(payload))}>
      <SelectField label="Priorité *" aria-required="true" error={errors.priority?.message} {...register('priority')}>
        <option value="">Choisir une priorité</option>
        {PRIORITY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FormActions submitLabel="Enregistrer" pending={command.isPending} onCancel={onClose} />
    </form>
  );
};

/**
 * 'Modifier la priorité' (docs/product/positions.md#priority-modal): the multi-agency position moves — the best free
 * position from 9, release the place, reset the counter of a priority 1 (admins) — or, in other
 * promotions, the priority picked in a list.
 */
export const PriorityModal = ({ application, onClose }: ApplicationModalProps) => {
  const { multiAgency, resetsPriorityCounter } = useModalContext(application);
  const choices = priorityChoices(application, multiAgency, resetsPriorityCounter);
  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.updatePriority.label}>
      <ApplicationSummary application={application} />
      <p className="mb-4 text-sm text-slate-700">
        Priorité actuelle : <span className="font-medium">{APPLICATION_PRIORITY_LABELS[application.priority] ?? application.priority}</span>
      </p>
      {choices.kind === 'buttons' ? (
        <PriorityButtons application={application} commands={choices.commands} onClose={onClose} />
      ) : (
        <PrioritySelect application={application} onClose={onClose} />
      )}
    </Modal>
  );
};
