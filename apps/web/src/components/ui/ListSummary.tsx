import { RotateCcw } from 'lucide-react';

/** The reset link shown beside a list's arrows when a filter or a query narrows it. */
export const ResetFilterLink = ({ onReset }: { onReset: () => void }) => (
  <button type="button" onClick={onReset} className="inline-flex items-center gap-1 text-sm text-brand-700 underline print:hidden">
    <RotateCcw className="size-3.5" aria-hidden="true" />
    Réinitialiser le filtre
  </button>
);

/** '12 lots', '1 candidat': the list's total, announced politely. */
export const ListTotal = ({ total, singular, plural }: { total: number | undefined; singular: string; plural: string }) => (
  <p className="ml-auto text-sm text-slate-600" aria-live="polite">
    {total === undefined ? '' : `${total} ${total > 1 ? plural : singular}`}
  </p>
);
