import { PIPELINE_MESSAGES, REGISTRATION_MESSAGES } from '@promovente/shared';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useRegistrationTarget } from '../api/registration';
import { ErrorFeedback } from './ErrorFeedback';
import { RegistrationForm } from './RegistrationForm';

const Card = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="w-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
    <h1 className="mb-4 text-lg font-semibold text-slate-900">{title}</h1>
    {children}
  </section>
);

/**
 * The public registration page (docs/product/registration.md#screens): /candidate/register/{token}, optionally
 * ?lot={public_id} to name one of the promotion's lots in the title.
 */
export const RegistrationPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const target = useRegistrationTarget(id, searchParams.get('lot'));

  if (target.isPending) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Chargement">
        <Spinner className="size-6 text-brand-700" />
      </div>
    );
  }
  if (target.isError) {
    const status = (target.error as { status?: number }).status;
    // A broken, unknown or demo link; any other failure says what the server said.
    const message = status === 404 ? PIPELINE_MESSAGES.invalidLink : errorMessage(target.error);
    return (
      <Card title="Inscription">
        <ErrorFeedback message={message} />
      </Card>
    );
  }
  return (
    <Card title={REGISTRATION_MESSAGES.title(target.data.title)}>
      <RegistrationForm token={id} />
    </Card>
  );
};
