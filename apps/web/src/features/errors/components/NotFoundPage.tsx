import { MESSAGES } from '@promovente/shared';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';

export const NotFoundPage = () => (
  <section className="space-y-4 text-center">
    <h1 className="text-xl font-semibold text-slate-900">{MESSAGES.notFoundPage}</h1>
    <Link to="/" className={buttonClasses('primary')}>
      Retour à l'accueil
    </Link>
  </section>
);
