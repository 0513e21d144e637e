import { MESSAGES, type PasswordResetInput, passwordResetSchema } from '@promovente/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { schemaResolver } from '../../../lib/schema-resolver';
import { findPasswordReset, resetPassword } from '../api/password-reset';
import { AuthCard, FormError } from './AuthCard';

/** The reset link's screen: /password/update/{token}?email=... */
export const PasswordUpdatePage = () => {
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => findPasswordReset(token ?? ''),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetInput>({
    resolver: schemaResolver<PasswordResetInput>(passwordResetSchema),
    defaultValues: { email: searchParams.get('email') ?? '', password: '', password_confirmation: '', token: token ?? '' },
  });

  const knownEmail = check.data?.email;
  useEffect(() => {
    if (knownEmail && !getValues('email')) setValue('email', knownEmail);
  }, [knownEmail, getValues, setValue]);

  if (!token) return <Navigate to="/password/reset" replace />;

  const handleReset = async (values: PasswordResetInput) => {
    try {
      await resetPassword(values);
      toast.success(MESSAGES.passwordReset);
      navigate('/login');
    } catch {
      toast.error(MESSAGES.genericError);
    }
  };

  return (
    <AuthCard title="Nouveau mot de passe">
      {check.isPending ? (
        <div className="flex justify-center py-6" role="status" aria-label="Chargement">
          <Spinner className="size-6 text-brand-700" />
        </div>
      ) : check.isError ? (
        <div className="space-y-4">
          <FormError message={errorMessage(check.error)} />
          <Link to="/password/reset" className="text-sm text-brand-700 underline">
            Demander un nouveau lien
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(handleReset)} className="space-y-4">
          <input type="hidden" {...register('token')} />
          <InputField label="E-mail" type="email" autoComplete="username" required error={errors.email?.message} {...register('email')} />
          <NewPasswordFields password={register('password')} confirmation={register('password_confirmation')} errors={errors} />
          <Button type="submit" loading={isSubmitting}>
            Enregistrer le mot de passe
          </Button>
        </form>
      )}
    </AuthCard>
  );
};
