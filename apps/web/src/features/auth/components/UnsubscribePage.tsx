import { EMAIL_NOTIFICATION_MESSAGES } from '@promovente/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { unsubscribe } from '../api/unsubscribe';
import { AuthCard, FormError } from './AuthCard';

/**
 * /unsubscribe/{token}, the last line of every notification e-mail: asks, then turns the
 * notification e-mails off with the one-click call (no sign-in). Opening the page changes nothing,
 * so that a link scanner that opens it unsubscribes nobody.
 */
export const UnsubscribePage = () => {
  const { token = '' } = useParams();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    setSending(true);
    setError(null);
    try {
      setDone((await unsubscribe(token)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title={EMAIL_NOTIFICATION_MESSAGES.pageTitle}>
      {done ? (
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm font-medium text-slate-900">{EMAIL_NOTIFICATION_MESSAGES.question}</p>
          <p className="text-sm text-slate-600">{EMAIL_NOTIFICATION_MESSAGES.explanation}</p>
          <FormError message={error} />
          <Button onClick={() => void handleConfirm()} loading={sending}>
            {EMAIL_NOTIFICATION_MESSAGES.confirm}
          </Button>
        </div>
      )}
    </AuthCard>
  );
};
