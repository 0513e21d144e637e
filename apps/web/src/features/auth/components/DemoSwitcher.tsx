import { API, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SelectField } from '../../../components/ui/Field';
import { call } from '../../../lib/api-client';
import { homePathFor } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';
import { isDemoMode } from '../../../lib/storage';
import { removeToken } from '../../../lib/token';
import { signIn } from '../api/sign-in';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isUserType } from '../demo-accounts';

/** Shown in the header when demo mode is stored: signs out and back in as another role's demo account. */
export const DemoSwitcher = ({ current }: { current: UserType }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!isDemoMode()) return null;

  const handleSwitch = (type: string) => {
    if (!isUserType(type) || type === current) return;
    void withLoading(async () => {
      await call(API.signOut, {}, { quiet: true }).catch(() => undefined);
      removeToken();
      queryClient.clear();
      try {
        const user = await signIn(queryClient, { email: DEMO_ACCOUNTS[type], password: DEMO_PASSWORD });
        navigate(homePathFor(user));
      } catch {
        navigate(`/login?demo=${type}`);
      }
    });
  };

  return (
    <SelectField label="Compte démo" inline value={current} onChange={(event) => handleSwitch(event.target.value)}>
      {USER_TYPES.map((type) => (
        <option key={type} value={type}>
          {USER_TYPE_LABELS[type]}
        </option>
      ))}
    </SelectField>
  );
};
