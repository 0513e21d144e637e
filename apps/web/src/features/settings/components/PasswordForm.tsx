import { MESSAGES, type PasswordChangeInput, passwordChangeSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { Button } from '../../../components/ui/Button';
import { schemaResolver } from '../../../lib/schema-resolver';
import { changePassword, isAccountSuccess } from '../api/update-profile';

export const PasswordForm = ({ onChanged }: { onChanged: () => void | Promise<void> }) => {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: schemaResolver<PasswordChangeInput>(passwordChangeSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const handleChange = async ({ password, password_confirmation }: PasswordChangeInput) => {
    try {
      const response = await changePassword(password, password_confirmation);
      if (!isAccountSuccess(response)) throw new Error(MESSAGES.genericError);
      toast.success(MESSAGES.passwordChanged);
      reset();
    } catch {
      toast.error(MESSAGES.genericError);
      return;
    }
    await onChanged();
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleChange)} className="space-y-4" aria-labelledby="password-title">
      <h2 id="password-title" className="text-base font-semibold text-slate-900">
        Mot de passe
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields register={register} errors={errors} />
      </div>
      <Button type="submit" loading={isSubmitting}>
        Modifier le mot de passe
      </Button>
    </form>
  );
};
