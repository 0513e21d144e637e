import { MESSAGES, type PasswordChangeInput, passwordChangeSchema, passwordChangeWithCurrentSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api';
import { schemaResolver } from '../../../lib/schema-resolver';
import { changePassword, isAccountSuccess } from '../api/update-profile';

/**
 * The password block of 'Mon compte'. The current password is asked, except on a candidate's
 * forced first change (`asksCurrent` false), where the e-mailed password is being replaced.
 */
export const PasswordForm = ({ asksCurrent, onChanged }: { asksCurrent: boolean; onChanged: () => void | Promise<void> }) => {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: schemaResolver<PasswordChangeInput>(asksCurrent ? passwordChangeWithCurrentSchema : passwordChangeSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const handleChange = async ({ current_password, password, password_confirmation }: PasswordChangeInput) => {
    try {
      const response = await changePassword({
        current_password: asksCurrent ? current_password : undefined,
        password,
        password_confirmation,
      });
      if (!isAccountSuccess(response)) throw new Error(MESSAGES.genericError);
      toast.success(MESSAGES.passwordChanged);
      reset();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : MESSAGES.genericError;
      if (message === MESSAGES.currentPasswordWrong || message === MESSAGES.currentPasswordRequired) {
        setError('current_password', { message }, { shouldFocus: true });
      } else {
        toast.error(message);
      }
      return;
    }
    await onChanged();
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleChange)} className="space-y-4" aria-labelledby="password-title">
      <h2 id="password-title" className="text-base font-semibold text-slate-900">
        Mot de passe
      </h2>
      {asksCurrent && (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            required
            error={errors.current_password?.message}
            {...register('current_password')}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields password={register('password')} confirmation={register('password_confirmation')} errors={errors} />
      </div>
      <Button type="submit" loading={isSubmitting}>
        Modifier le mot de passe
      </Button>
    </form>
  );
};
