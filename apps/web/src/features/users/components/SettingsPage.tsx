import { can, MESSAGES } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { actorOf, FORCED_PASSWORD_PATH, homePathFor, mustChangePassword, userQueryOptions, useUser } from '../../../lib/auth';
import { AssistantsBlock } from './AssistantsBlock';
import { EmailNotificationsBlock } from './EmailNotificationsBlock';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

const cardClasses = 'rounded-lg border border-slate-200 bg-white p-5 shadow-xs';

/** 'Mon compte' (docs/product/access.md#account-screen). */
export const SettingsPage = () => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const forced = searchParams.get('password') === 'true';

  /** After a forced change, the fresh user decides where to go. */
  const handlePasswordChanged = async () => {
    if (!forced) return;
    const fresh = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 }).catch(() => null);
    if (!fresh) navigate('/login');
    else if (mustChangePassword(fresh)) navigate(FORCED_PASSWORD_PATH);
    else navigate(homePathFor(fresh));
  };

  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">Mon compte</h1>
      {forced && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950">
          {MESSAGES.forcedPasswordBanner}
        </p>
      )}
      <div className={cardClasses}>
        <ProfileForm user={user} />
      </div>
      <div className={cardClasses}>
        <PasswordForm asksCurrent={!mustChangePassword(user)} onChanged={handlePasswordChanged} />
      </div>
      <div className={cardClasses}>
        <EmailNotificationsBlock user={user} />
      </div>
      {can(actorOf(user), 'assistant.add') && (
        <div className={cardClasses}>
          <AssistantsBlock user={user} />
        </div>
      )}
    </div>
  );
};
