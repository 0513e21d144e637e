import {
  CANDIDACY_PRIORITIES,
  CANDIDACY_PRIORITY_LABELS,
  CANDIDACY_STATUS_LABELS,
  CANDIDACY_STATUSES,
  type CandidacyDetail,
  createCandidacyInputSchema,
  updateCandidacyInputSchema,
} from '@promovente/shared';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Checkbox, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useCandidacy } from '../api/get-candidacy';
import { useSaveCandidacy } from '../api/save-candidacy';
import {
  type CandidacyFormValues,
  type CandidateTextField,
  candidacyFormOf,
  createCandidacyPayload,
  emptyCandidacyForm,
  type Gender,
  nestErrors,
  updateCandidacyPayload,
} from '../candidate-form';

/** Creating a candidate sends no sign-up e-mail (docs/product/errors.md#candidates-and-lots). */
const NO_EMAIL_NOTICE =
  "La création d'un candidat n'envoie pas d'e-mail d'inscription : ses identifiants lui seront transmis avec le formulaire de réservation.";

type CandidateFormModalProps =
  | { mode: 'create'; promotionId: number; readOnly?: false; onClose: () => void }
  | { mode: 'edit'; candidacyId: number; readOnly: boolean; onClose: () => void };

/** Create or edit a candidate (docs/product/validation.md#candidate-form). */
export const CandidateFormModal = (props: CandidateFormModalProps) => {
  const detail = useCandidacy(props.mode === 'edit' ? props.candidacyId : null);
  const title = props.mode === 'create' ? 'Ajouter un candidat' : props.readOnly ? 'Fiche du candidat' : 'Modifier le candidat';
  return (
    <Modal open onOpenChange={(open) => !open && props.onClose()} title={title} size="wide">
      {props.mode === 'create' ? (
        <CandidateForm mode="create" promotionId={props.promotionId} readOnly={false} onClose={props.onClose} />
      ) : detail.data ? (
        <CandidateForm mode="edit" detail={detail.data} readOnly={props.readOnly} onClose={props.onClose} />
      ) : (
        <div className="flex justify-center py-10">{detail.isError ? null : <Spinner />}</div>
      )}
    </Modal>
  );
};

type CandidateFormProps =
  | { mode: 'create'; promotionId: number; readOnly: boolean; onClose: () => void }
  | { mode: 'edit'; detail: CandidacyDetail; readOnly: boolean; onClose: () => void };

const LABELS: Record<CandidateTextField, string> = {
  first_name: 'Prénom',
  last_name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  phone_private: 'Téléphone privé',
  phone_pro: 'Téléphone professionnel',
  household_size: 'Taille du ménage',
  household_income: 'Revenu du ménage (CHF)',
  own_funds: 'Fonds propres (CHF)',
  budget: 'Budget (CHF)',
  address: 'Adresse',
  zip: 'NPA',
  city: 'Localité',
  country: 'Pays',
  maiden_name: 'Nom de jeune fille',
  job: 'Profession',
  company_name: 'Société',
};

const NUMERIC: CandidateTextField[] = ['household_size', 'household_income', 'own_funds', 'budget'];
const REQUIRED: CandidateTextField[] = ['first_name', 'last_name', 'email'];

const createSchema = createCandidacyInputSchema.shape.candidacy;
const updateSchema = updateCandidacyInputSchema.shape.candidacy;

/** The shared schema validates; its flat error paths are nested for the nested candidate fields. */
const resolverFor = (editing: boolean): Resolver<CandidacyFormValues> => {
  const resolve = schemaResolver<CandidacyFormValues>(editing ? updateSchema : createSchema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: nestErrors(result.errors as Record<string, Record<string, unknown>>) as FieldErrors<CandidacyFormValues> };
  };
};

const CandidateForm = (props: CandidateFormProps) => {
  const { readOnly, onClose } = props;
  const editing = props.mode === 'edit';
  const [gender, setGender] = useState<Gender>(editing ? props.detail.candidate.gender : 'M');
  const save = useSaveCandidacy();
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors, isValid },
  } = useForm<CandidacyFormValues>({
    mode: 'onChange',
    defaultValues: editing ? candidacyFormOf(props.detail) : emptyCandidacyForm(),
    resolver: resolverFor(editing),
  });
  const vip = watch('vip');

  const handleSave = handleSubmit(async () => {
    const values = getValues();
    const result =
      props.mode === 'create'
        ? await save.mutateAsync({ kind: 'create', promotionId: props.promotionId, payload: createCandidacyPayload(values, gender) })
        : await save.mutateAsync({
            kind: 'update',
            id: props.detail.id,
            payload: updateCandidacyPayload(values, gender, props.detail.promotion_id),
          });
    // 'already_exists' keeps the modal open (docs/product/errors.md#candidates-and-lots).
    if (!('alreadyExists' in result)) onClose();
  });

  const candidateErrors = (errors as FieldErrors<CandidacyFormValues>).candidate;
  const field = (name: CandidateTextField, className?: string) => {
    const numeric = NUMERIC.includes(name);
    const lockedEmail = name === 'email' && editing;
    return (
      <InputField
        key={name}
        label={REQUIRED.includes(name) ? `${LABELS[name]} *` : LABELS[name]}
        className={className}
        type={name === 'email' ? 'email' : numeric ? 'number' : 'text'}
        inputMode={numeric || name === 'zip' ? 'numeric' : undefined}
        min={numeric ? 0 : undefined}
        step={numeric ? 1 : undefined}
        readOnly={readOnly || lockedEmail}
        aria-required={REQUIRED.includes(name) || undefined}
        error={candidateErrors?.[name]?.message}
        {...register(`candidate.${name}`)}
      />
    );
  };

  return (
    <form onSubmit={handleSave} noValidate className="space-y-5">
      {!editing && (
        <p className="flex items-start gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {NO_EMAIL_NOTICE}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Statut *" disabled={readOnly} error={errors.status?.message} aria-required {...register('status')}>
          <option value="">Choisir…</option>
          {CANDIDACY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {CANDIDACY_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Priorité *" disabled={readOnly} error={errors.priority?.message} aria-required {...register('priority')}>
          <option value="">Choisir…</option>
          {CANDIDACY_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {CANDIDACY_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-1">
          <legend className="block text-sm font-medium text-slate-700">Genre</legend>
          <div className="inline-flex overflow-hidden rounded-md border border-slate-300">
            {(
              [
                ['M', 'Homme'],
                ['F', 'Femme'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                disabled={readOnly}
                aria-pressed={gender === value}
                onClick={() => setGender(value)}
                className={cn(
                  'px-3 py-1.5 text-sm',
                  gender === value ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {label}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <Checkbox label="VIP" disabled={readOnly} {...register('vip')} />
        <Checkbox label="En couple" disabled={readOnly} {...register('couple')} />
        {vip && <InputField label="Raison VIP" className="min-w-64 flex-1" readOnly={readOnly} {...register('reason_vip')} />}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('first_name')}
        {field('last_name')}
        {field('email')}
        {field('phone')}
        {field('phone_private')}
        {field('phone_pro')}
        {field('household_size')}
        {field('household_income')}
        {field('own_funds')}
        {field('budget')}
        {field('job')}
        {field('maiden_name')}
        {field('address', 'sm:col-span-2')}
        {field('zip')}
        {field('city')}
        {field('country')}
        {field('company_name')}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {readOnly ? 'Fermer' : 'Annuler'}
        </Button>
        {!readOnly && (
          <Button type="submit" disabled={!isValid} loading={save.isPending}>
            {editing ? 'Enregistrer' : 'Créer le candidat'}
          </Button>
        )}
      </div>
    </form>
  );
};
