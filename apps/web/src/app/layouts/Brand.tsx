import { Building2 } from 'lucide-react';
import { Link } from 'react-router';

/** The product's name, linking home ("/" sends each user to the home of his type). */
export const Brand = () => (
  <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-brand-800">
    <Building2 className="size-6" aria-hidden="true" />
    Promovente
  </Link>
);
