import { APPLICATION_ACTIONS, formatCHF, formatDateTime, MILESTONE_LABELS, MILESTONES, updateApplicationSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { InputField } from '../../../../components/ui/Field';
import { Modal } from '../../../../components/ui/Modal';
import { useApplicationCommand } from '../../api/commands';
import { APPLICATION_DATE_LABELS, changedMilestones, commandResolver, isMilestoneEditable } from './modal-helpers';
import { type ApplicationModalProps, ApplicationSummary, closeOnDismiss, FormActions } from './modal-kit';

/** updateApplication accepts one of three inputs: the priority, the negotiated price, the milestones. */
const [, priceInputSchema, milestonesInputSchema] = updateApplicationSchema.options;

/** 'Prix négocié' (docs/product/validation.md#sales-pipeline-forms): a number in steps of 1000 CHF, required. */
export const NegotiatePriceModal = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('updateApplication', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(priceInputSchema, (values: { negociated_price: string }) => ({
      negociated_price: String(values.negociated_price).trim() === '' ? undefined : values.negociated_price,
    })),
    defaultValues: { negociated_price: application.negociated_price === null ? '' : String(application.negociated_price) },
  });
  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.negotiatePrice.label}>
      <ApplicationSummary application={application} />
      <form noValidate className="space-y-4" onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <p className="text-sm text-slate-700">Prix du lot : {formatCHF(application.lot.total_price)}</p>
        <InputField
          label="Prix négocié (CHF) *"
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          aria-required="true"
          hint="Par paliers de 1000 CHF."
          error={errors.negociated_price?.message}
          {...register('negociated_price')}
        />
        <FormActions submitLabel="Enregistrer" pending={command.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
};

type MilestoneValues = { status_SIGNPDV: string; status_SIGN: string };

/**
 * 'Modifier les statuts' (docs/product/funnel.md#milestones): FR, AC and FIN are never edited by hand; SIGN PdV
 * and SIGN only while not checked; the checkboxes are shown, disabled. Only the changed texts
 * are sent.
 */
export const UpdateStatusesModal = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('updateApplication', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(milestonesInputSchema, (values: MilestoneValues) => changedMilestones(application, values)),
    defaultValues: { status_SIGNPDV: application.status_SIGNPDV ?? '', status_SIGN: application.status_SIGN ?? '' },
  });
  const values = watch();
  const changed = Object.keys(changedMilestones(application, values)).length > 0;

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.updateStatuses.label} size="wide">
      <ApplicationSummary application={application} />
      <form noValidate onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <ul className="space-y-3">
          {MILESTONES.map((milestone) => {
            const editable = isMilestoneEditable(application, milestone);
            const checked = application[`status_${milestone}_checked`];
            const label = MILESTONE_LABELS[milestone];
            return (
              <li key={milestone} className="grid grid-cols-[1fr_auto] items-end gap-3">
                {editable && (milestone === 'SIGNPDV' || milestone === 'SIGN') ? (
                  <InputField
                    label={label}
                    maxLength={255}
                    error={errors[`status_${milestone}`]?.message}
                    {...register(`status_${milestone}`)}
                  />
                ) : (
                  <InputField label={label} value={application[`status_${milestone}`] ?? ''} disabled readOnly />
                )}
                <label className="flex h-9 items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" className="size-4 rounded border-slate-300" checked={checked} disabled readOnly />
                  {checked ? 'Validé' : 'Non validé'}
                  <span className="sr-only"> ({label})</span>
                </label>
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-slate-500">
          FR, AC et FIN sont tenus par le processus ; SIGN PdV et SIGN se modifient tant qu'ils ne sont pas validés.
        </p>
        <FormActions submitLabel="Enregistrer" pending={command.isPending} disabled={!changed} onCancel={onClose} />
      </form>
    </Modal>
  );
};

/** 'Dates du dossier': the eight dates of the application, dd/MM/yyyy HH:mm (docs/product/entities.md#application and docs/product/calls.md#command-dispatcher). */
export const ApplicationDatesModal = ({ application, onClose }: ApplicationModalProps) => (
  <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.applicationDates.label}>
    <ApplicationSummary application={application} />
    <dl className="divide-y divide-slate-100 text-sm">
      {APPLICATION_DATE_LABELS.map(([key, label]) => (
        <div key={key} className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium whitespace-nowrap text-slate-900">{formatDateTime(application[key]) || '—'}</dd>
        </div>
      ))}
    </dl>
    <div className="mt-5 flex justify-end">
      <Button variant="secondary" onClick={onClose}>
        Fermer
      </Button>
    </div>
  </Modal>
);
