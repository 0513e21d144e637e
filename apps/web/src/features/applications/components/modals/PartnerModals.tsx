import { APPLICATION_ACTIONS, addCandidacySchema, detachCandidacySchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { SelectField } from '../../../../components/ui/Field';
import { Modal } from '../../../../components/ui/Modal';
import { Spinner } from '../../../../components/ui/Spinner';
import { usePartners } from '../../../attribution';
import { useApplicationCommand } from '../../api/commands';
import { commandResolver } from './modal-helpers';
import { type ApplicationModalProps, ApplicationSummary, closeOnDismiss, FormActions } from './modal-kit';

/**
 * 'Ajouter un partenaire' (docs/product/validation.md#add-partner): a candidacy of the promotion must be chosen; the
 * main candidacy is not offered; for agency 1 in a promotion synced to the CRM, only validated
 * candidacies (the same partner list as the 'assign lot' modal, filtered by the server).
 */
export const AddCandidacyModal = ({ application, onClose }: ApplicationModalProps) => {
  const partners = usePartners(application.candidacy1.id, true);
  const command = useApplicationCommand('addCandidacy', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(addCandidacySchema, (values: { candidacy_2_id: string }) => ({
      promotion_id: application.promotion_id,
      candidacy_2_id: values.candidacy_2_id,
    })),
    defaultValues: { candidacy_2_id: '' },
  });
  const options = (partners.data ?? []).filter((partner) => partner.id !== application.candidacy1.id);

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.addCandidacy.label}>
      <ApplicationSummary application={application} />
      {partners.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit((payload) => command.mutate(payload))}>
          <SelectField
            label="Partenaire (deuxième candidat) *"
            aria-required="true"
            error={errors.candidacy_2_id?.message}
            {...register('candidacy_2_id')}
          >
            <option value="">Choisir une candidature</option>
            {options.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.full_name}
                {partner.email ? ` (${partner.email})` : ''}
              </option>
            ))}
          </SelectField>
          {options.length === 0 && <p className="mt-2 text-sm text-slate-600">Aucune candidature ne peut être ajoutée comme partenaire.</p>}
          <FormActions submitLabel="Ajouter" pending={command.isPending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
};

/** 'Retirer un partenaire' (docs/product/validation.md#remove-partner): one of the two candidacies must be chosen. */
export const DetachCandidacyModal = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('detachCandidacy', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(detachCandidacySchema, (values: { candidacy_id: string }) => ({
      promotion_id: application.promotion_id,
      candidacy_id: values.candidacy_id,
    })),
    defaultValues: { candidacy_id: '' },
  });
  const candidacies = [application.candidacy1, application.candidacy2].filter((candidacy) => candidacy !== null);
  const error = errors.candidacy_id?.message;

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.detachCandidacy.label}>
      <ApplicationSummary application={application} />
      <form noValidate onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <fieldset aria-describedby={error ? 'detach-candidacy-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Candidature à retirer du dossier *</legend>
          <div className="space-y-2">
            {candidacies.map((candidacy, index) => (
              <label key={candidacy.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={candidacy.id} className="size-4 accent-brand-700" {...register('candidacy_id')} />
                {candidacy.candidate.full_name}
                <span className="text-slate-500">{index === 0 ? '(candidat principal)' : '(deuxième candidat)'}</span>
              </label>
            ))}
          </div>
          {error && (
            <p id="detach-candidacy-error" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </fieldset>
        <FormActions submitLabel="Retirer" pending={command.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
};
