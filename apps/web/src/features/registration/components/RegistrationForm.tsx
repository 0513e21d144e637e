import { PIPELINE_MESSAGES, REGISTRATION_MESSAGES, registrationFormSchema, withProtocol } from '@promovente/shared';
import { type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Field, InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { registrationErrorsOf, useRegister } from '../api/registration';
import { ErrorFeedback } from './ErrorFeedback';

type RegistrationValues = {
  last_name: string;
  first_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
  comment: string;
};

const EMPTY: RegistrationValues = { last_name: '', first_name: '', email: '', phone: '', address: '', city: '', zip: '', comment: '' };
const FIELDS = Object.keys(EMPTY) as (keyof RegistrationValues)[];
const isField = (name: string | null): name is keyof RegistrationValues => FIELDS.includes(name as keyof RegistrationValues);

/** The form of docs/product/registration.md#screens, then the thank-you modal with a link back to the promotion's site. */
export const RegistrationForm = ({ token }: { token: string }) => {
  const registration = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<{ url: string | null } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues>({ resolver: schemaResolver<RegistrationValues>(registrationFormSchema), defaultValues: EMPTY });

  const handleRegister = async (values: RegistrationValues) => {
    setServerError(null);
    try {
      const response = await registration.mutateAsync({ ...values, promotion_token: token });
      reset(EMPTY);
      setDone({ url: response.data.promotion.url });
    } catch (error) {
      // The first server error is shown (docs/product/errors.md#sales-pipeline); each field error also sits under its field.
      const serverErrors = registrationErrorsOf(error);
      for (const e of serverErrors) if (isField(e.field)) setError(e.field, { type: 'server', message: e.message });
      setServerError(serverErrors[0]?.message ?? null);
    }
  };

  const text = (name: keyof RegistrationValues, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <InputField label={label} error={errors[name]?.message} {...props} {...register(name)} />
  );

  return (
    <>
      <form noValidate onSubmit={handleSubmit(handleRegister)} className="space-y-4" aria-label="Créer un dossier">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('last_name', 'Nom*', { autoComplete: 'family-name', required: true })}
          {text('first_name', 'Prénom*', { autoComplete: 'given-name', required: true })}
        </div>
        {text('email', 'Email*', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
        {text('phone', 'Téléphone', { type: 'tel', autoComplete: 'tel' })}
        {text('address', 'Adresse', { autoComplete: 'street-address' })}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          {text('city', 'Ville', { autoComplete: 'address-level2' })}
          {text('zip', 'Code Postal', { autoComplete: 'postal-code' })}
        </div>
        <MessageField error={errors.comment?.message} {...register('comment')} />
        <ErrorFeedback message={serverError} />
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          Valider
        </Button>
      </form>
      <Modal
        open={done !== null}
        onOpenChange={(open) => {
          if (!open) setDone(null);
        }}
        title={REGISTRATION_MESSAGES.thanks}
      >
        <p className="text-sm text-slate-700">{PIPELINE_MESSAGES.registered}</p>
        {done?.url ? (
          <a href={withProtocol(done.url)} className={buttonClasses('primary', 'md', 'mt-5 w-full sm:w-auto')}>
            {REGISTRATION_MESSAGES.backToSite}
          </a>
        ) : null}
      </Modal>
    </>
  );
};

type MessageFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { error?: string; ref?: Ref<HTMLTextAreaElement> };

/** 'Message': what the candidate tells the broker, kept as the candidacy's comment. */
const MessageField = ({ error, ...props }: MessageFieldProps) => {
  const id = 'registration-message';
  return (
    <Field id={id} label="Message" error={error}>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs aria-invalid:border-red-600"
        {...props}
      />
    </Field>
  );
};
