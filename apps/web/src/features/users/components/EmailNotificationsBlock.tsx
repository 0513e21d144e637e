import { EMAIL_NOTIFICATION_MESSAGES, MESSAGES, type User } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Checkbox } from '../../../components/ui/Field';
import { userQueryKey } from '../../../lib/auth';
import { useFollowedValue } from '../../../lib/use-followed-value';
import { setEmailNotifications } from '../api/email-notifications';

/**
 * 'Recevoir les notifications par e-mail' (docs/product/access.md#account-screen): the e-mail of
 * each new message; the e-mails of the account itself always come. The box follows the click at
 * once (lib/use-followed-value.ts); a refused change puts it back (the API client shows the
 * server's message).
 */
export const EmailNotificationsBlock = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [checked, setChecked] = useFollowedValue(user.email_notifications);

  const store = (wanted: boolean) =>
    queryClient.setQueryData<User>(userQueryKey, (current) => current && { ...current, email_notifications: wanted });

  const handleChange = async (wanted: boolean) => {
    setChecked(wanted);
    setSaving(true);
    // A read of the account still under way would put the old value back over the click.
    await queryClient.cancelQueries({ queryKey: userQueryKey });
    store(wanted);
    try {
      await setEmailNotifications(wanted);
      toast.success(MESSAGES.changesSaved);
    } catch {
      setChecked(!wanted);
      store(!wanted);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="email-notifications-title" className="space-y-2">
      <h2 id="email-notifications-title" className="text-base font-semibold text-slate-900">
        {EMAIL_NOTIFICATION_MESSAGES.pageTitle}
      </h2>
      <Checkbox
        label={EMAIL_NOTIFICATION_MESSAGES.toggle}
        checked={checked}
        disabled={saving}
        aria-describedby="email-notifications-hint"
        onChange={(event) => void handleChange(event.target.checked)}
      />
      <p id="email-notifications-hint" className="text-sm text-slate-600">
        {EMAIL_NOTIFICATION_MESSAGES.toggleHint}
      </p>
    </section>
  );
};
