import { MESSAGES } from '@promovente/shared';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';

export const UnauthorizedPage = () => {
  const navigate = useNavigate();
  const handleBack = () => {
    // Back to the previous screen when there is one, else home.
    if (window.history.state && window.history.state.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <section className="space-y-4 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{MESSAGES.unauthorizedPage}</h1>
      <Button onClick={handleBack}>Retour</Button>
    </section>
  );
};
