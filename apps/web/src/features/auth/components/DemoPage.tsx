import { USER_TYPE_LABELS, USER_TYPES } from '@promovente/shared';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { AuthCard } from './AuthCard';

/** The demo page: one entry per role, each opening the login with that role's demo account. */
export const DemoPage = () => (
  <AuthCard title="Démonstration">
    <p className="mb-4 text-sm text-slate-600">Choisissez le rôle avec lequel découvrir Promovente.</p>
    <ul className="grid grid-cols-2 gap-2">
      {USER_TYPES.map((type) => (
        <li key={type}>
          <Link to={`/login?demo=${type}`} className={buttonClasses('secondary', 'md', 'w-full')}>
            {USER_TYPE_LABELS[type]}
          </Link>
        </li>
      ))}
    </ul>
  </AuthCard>
);
