import { type CreatableKind, PERSON_INPUT_SCHEMAS, type PersonInput, type PromotionNotary } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { ApiError } from '../../../lib/api';
import { schemaResolver } from '../../../lib/schema-resolver';
import { SINGULAR } from '../kinds';

/** Every field of the form, as text (the schema of the kind trims and checks them). */
type FormValues = Record<string, string>;

type Props = {
  kind: CreatableKind;
  /** The notary to edit; none: a creation. */
  notary?: PromotionNotary;
  onClose: () => void;
  onSubmit: (input: PersonInput) => Promise<{ message?: string }>;
};

const NOTARY_FIELDS = [
  'phone',
  'iban',
  'bank_name',
  'bank_holder',
  'address',
  'zip',
  'city',
  'secretary_gender',
  'secretary_name',
  'secretary_email',
  'secretary_phone',
] as const;

const defaultsOf = (kind: CreatableKind, notary?: PromotionNotary): FormValues => {
  const values: FormValues = { first_name: notary?.first_name ?? '', last_name: notary?.last_name ?? '', email: notary?.email ?? '' };
  if (kind === 'notaries') for (const field of NOTARY_FIELDS) values[field] = notary?.[field] ?? '';
  if (kind === 'bankers') values.bank_name = '';
  if (kind === 'architects') values.office_name = '';
  return values;
};

/**
 * Create a notary, promoter, banker or architect (who then gets his invitation e-mail), or edit a
 * notary: every field of the entity, validated by the shared schema
 * (docs/product/promotion-administration.md#validation).
 */
export const PersonFormModal = ({ kind, notary, onClose, onSubmit }: Props) => {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, PersonInput>({
    resolver: schemaResolver<FormValues, PersonInput>(PERSON_INPUT_SCHEMAS[kind]),
    defaultValues: defaultsOf(kind, notary),
  });
  const title = notary ? `Modifier le ${SINGULAR[kind]}` : `Créer un ${SINGULAR[kind]}`;
  const error = (field: string) => errors[field]?.message;

  const save = async (values: PersonInput) => {
    try {
      const answer = await onSubmit(values);
      if (answer.message) toast.success(answer.message);
      onClose();
    } catch (failure) {
      // The toast already said it; a taken e-mail also marks the field.
      if (failure instanceof ApiError && failure.status === 409) setError('email', { message: failure.message });
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={notary ? undefined : "La personne reçoit un e-mail d'invitation pour choisir son mot de passe."}
    >
      <form noValidate onSubmit={handleSubmit(save)} className="space-y-4" aria-label={title}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Prénom" required error={error('first_name')} {...register('first_name')} />
          <InputField label="Nom" required error={error('last_name')} {...register('last_name')} />
        </div>
        <InputField label="E-mail" type="email" required error={error('email')} {...register('email')} />
        {kind === 'bankers' && <InputField label="Banque" error={error('bank_name')} {...register('bank_name')} />}
        {kind === 'architects' && <InputField label="Bureau" required error={error('office_name')} {...register('office_name')} />}
        {kind === 'notaries' && (
          <>
            <InputField label="Téléphone" type="tel" error={error('phone')} {...register('phone')} />
            <div className="grid gap-4 sm:grid-cols-3">
              <InputField label="IBAN" error={error('iban')} {...register('iban')} />
              <InputField label="Banque" error={error('bank_name')} {...register('bank_name')} />
              <InputField label="Titulaire du compte" error={error('bank_holder')} {...register('bank_holder')} />
            </div>
            <InputField label="Adresse" error={error('address')} {...register('address')} />
            <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
              <InputField label="NPA" inputMode="numeric" error={error('zip')} {...register('zip')} />
              <InputField label="Localité" error={error('city')} {...register('city')} />
            </div>
            <fieldset className="space-y-4 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Secrétariat</legend>
              <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                <SelectField label="Civilité de la secrétaire" error={error('secretary_gender')} {...register('secretary_gender')}>
                  <option value="">-</option>
                  <option value="F">Madame</option>
                  <option value="M">Monsieur</option>
                </SelectField>
                <InputField label="Nom de la secrétaire" error={error('secretary_name')} {...register('secretary_name')} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <InputField
                  label="E-mail de la secrétaire"
                  type="email"
                  error={error('secretary_email')}
                  {...register('secretary_email')}
                />
                <InputField
                  label="Téléphone de la secrétaire"
                  type="tel"
                  error={error('secretary_phone')}
                  {...register('secretary_phone')}
                />
              </div>
            </fieldset>
          </>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
};
