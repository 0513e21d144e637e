import { CANDIDACY_STATUS_LABELS } from '@promovente/shared';
import { cn } from '../../../components/ui/cn';
import { CANDIDACY_STATUS_CLASSES, isNonRetainedArrow } from '../candidates-view';

type CandidacyStatusArrowsProps = {
  /** The arrows shown (0, 3, 4, 5, 6, and 1, 2 with 'Afficher non retenus'). */
  statuses: readonly number[];
  counts: Record<string, number> | undefined;
  selected: readonly number[];
  onToggle: (status: number) => void;
};

/** The candidacy status arrows: one toggle button per status, with its candidacy count. */
export const CandidacyStatusArrows = ({ statuses, counts, selected, onToggle }: CandidacyStatusArrowsProps) => (
  // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form fieldset
  <div role="group" aria-label="Filtrer par statut" className="flex flex-wrap">
    {statuses.map((status, index) => {
      // The non-retained arrows are included as a whole by 'Afficher non retenus'.
      const locked = isNonRetainedArrow(status);
      const pressed = locked || selected.includes(status);
      return (
        <button
          key={status}
          type="button"
          aria-pressed={pressed}
          aria-disabled={locked || undefined}
          title={locked ? 'Inclus avec « Afficher non retenus »' : undefined}
          onClick={() => !locked && onToggle(status)}
          className={cn(
            'relative -ml-px flex h-10 items-center gap-2 border border-slate-300 py-1 pr-5 pl-4 text-sm font-medium first:ml-0 first:rounded-l-md last:rounded-r-md',
            '[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%,10px_50%)] first:[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%)]',
            'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            pressed ? CANDIDACY_STATUS_CLASSES[status] : 'bg-white text-slate-700 hover:bg-slate-50',
            locked && 'cursor-default',
            index > 0 && 'pl-5',
          )}
        >
          {CANDIDACY_STATUS_LABELS[status]}
          <span
            className={cn(
              'inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs leading-5',
              pressed ? 'bg-white/25' : CANDIDACY_STATUS_CLASSES[status],
            )}
          >
            {counts?.[String(status)] ?? 0}
          </span>
        </button>
      );
    })}
  </div>
);
