import { MESSAGES, passwordCreateSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { schemaResolver } from '../../../lib/schema-resolver';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './AuthCard';

type ResetRequest = { email: string };

export const PasswordResetRequestPage = () => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequest>({ resolver: schemaResolver<ResetRequest>(passwordCreateSchema), defaultValues: { email: '' } });

  const handleRequest = async ({ email }: ResetRequest) => {
    try {
      await requestPasswordReset(email);
      toast.success(MESSAGES.resetRequested);
    } catch {
      toast.error(MESSAGES.genericError);
    }
  };

  return (
    <AuthCard title="Mot de passe oublié">
      <form noValidate onSubmit={handleSubmit(handleRequest)} className="space-y-4">
        <InputField label="E-mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" loading={isSubmitting}>
            Envoyer le lien
          </Button>
          <Link to="/login" className="text-sm text-brand-700 underline-offset-2 hover:underline">
            Retour à la connexion
          </Link>
        </div>
      </form>
    </AuthCard>
  );
};
