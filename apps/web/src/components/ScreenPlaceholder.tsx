import { MESSAGES } from '@promovente/shared';
import { useMatches } from 'react-router';
import { titleOfMatches } from '../lib/route-handle';

/** A screen that a later issue builds: its title and the plain not-built text, nothing made up. */
export const ScreenPlaceholder = () => {
  const title = titleOfMatches(useMatches());
  return (
    <div className="space-y-2">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{MESSAGES.notBuiltYet}</p>
    </div>
  );
};
