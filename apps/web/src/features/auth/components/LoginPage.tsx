import { type LoginInput, loginSchema, MESSAGES, type User } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { homePathFor, logout, useUser } from '../../../lib/auth';
import { schemaResolver } from '../../../lib/schema-resolver';
import { setDemoMode, takeRedirectTarget } from '../../../lib/storage';
import { getToken } from '../../../lib/token';
import { signIn } from '../api/sign-in';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SECRET, isUserType } from '../demo-accounts';
import { AskDemoForm } from './AskDemoForm';
import { AuthCard, FormError } from './AuthCard';

/** After sign-in, a stored target is followed this long after the 'Redirection...' toast. */
const REDIRECT_DELAY_MS = 2000;

const isSecret = (email: unknown) => typeof email === 'string' && email.trim().toLowerCase() === DEMO_SECRET;

const validateLogin = schemaResolver<LoginInput>(loginSchema);
/** Both fields are required, except when the secret is typed as the e-mail. */
const loginResolver: Resolver<LoginInput> = (values, context, options) =>
  isSecret(values.email) ? { values, errors: {} } : validateLogin(values, context, options);

const loginFailure = (error: unknown) => {
  if (error instanceof ApiError && error.status === 429) return error.message || MESSAGES.tooManyAttempts;
  if (error instanceof ApiError && ![0, 401, 404].includes(error.status)) return error.message;
  return MESSAGES.wrongCredentials;
};

/** Sends the user on after sign-in: to the stored target after 2 s, else to the home of his type. */
export const useAfterSignIn = () => {
  const navigate = useNavigate();
  return (user: User) => {
    const target = takeRedirectTarget();
    if (target) {
      toast.info(MESSAGES.redirecting);
      setTimeout(() => navigate(target), REDIRECT_DELAY_MS);
    } else {
      navigate(homePathFor(user));
    }
  };
};

export const LoginPage = () => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterSignIn = useAfterSignIn();
  const user = useUser();
  const [error, setError] = useState<string | null>(null);

  const demoRole = searchParams.get('demo');
  const demo = isUserType(demoRole) ? demoRole : null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: demo ? { email: DEMO_ACCOUNTS[demo], password: DEMO_PASSWORD } : { email: '', password: '' },
  });

  const handleLogin = async (values: LoginInput) => {
    if (isSecret(values.email)) {
      navigate('/demo');
      return;
    }
    setError(null);
    try {
      if (demo) setDemoMode();
      afterSignIn(await signIn(queryClient, values));
    } catch (failure) {
      setError(loginFailure(failure));
    }
  };

  if (getToken() !== null && user.isPending) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Chargement">
        <Spinner className="size-6 text-brand-700" />
      </div>
    );
  }

  if (getToken() !== null && user.data) {
    return (
      <AuthCard title="Connexion">
        <p className="mb-4 text-sm text-slate-700">
          Vous êtes connecté en tant que <strong>{user.data.full_name}</strong>. Déconnectez-vous pour changer de compte.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => logout(queryClient)}>Déconnexion</Button>
          <Link to={homePathFor(user.data)} className="inline-flex h-9 items-center px-2 text-sm text-brand-700 underline">
            Retour à l'accueil
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <div className="space-y-6">
      <AuthCard title="Connexion">
        <form noValidate onSubmit={handleSubmit(handleLogin)} className="space-y-4">
          <InputField label="E-mail" type="email" autoComplete="username" required error={errors.email?.message} {...register('email')} />
          <InputField
            label="Mot de passe"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <FormError message={error} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" loading={isSubmitting}>
              Se connecter
            </Button>
            <Link to="/password/reset" className="text-sm text-brand-700 underline-offset-2 hover:underline">
              Mot de passe oublié ?
            </Link>
          </div>
        </form>
      </AuthCard>
      <AskDemoForm />
    </div>
  );
};
