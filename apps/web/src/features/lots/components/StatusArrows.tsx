import { LOT_DISPLAY_STATUSES, LOT_STATUS_BADGE_CLASSES, LOT_STATUS_LABELS, type LotStatusCounts } from '@promovente/shared';
import { cn } from '../../../components/ui/cn';

type StatusArrowsProps = {
  counts: LotStatusCounts | undefined;
  selected: readonly number[];
  onToggle: (status: number) => void;
};

/** The status arrows: one toggle button per displayed status, with its lot count. */
export const StatusArrows = ({ counts, selected, onToggle }: StatusArrowsProps) => (
  // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form fieldset
  <div role="group" aria-label="Filtrer par statut" className="flex flex-wrap">
    {LOT_DISPLAY_STATUSES.map((status, index) => {
      const pressed = selected.includes(status);
      return (
        <button
          key={status}
          type="button"
          aria-pressed={pressed}
          onClick={() => onToggle(status)}
          className={cn(
            'relative -ml-px flex h-10 items-center gap-2 border border-slate-300 py-1 pr-5 pl-4 text-sm font-medium first:ml-0 first:rounded-l-md last:rounded-r-md',
            '[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%,10px_50%)] first:[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%)]',
            'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            pressed ? LOT_STATUS_BADGE_CLASSES[status] : 'bg-white text-slate-700 hover:bg-slate-50',
            index > 0 && 'pl-5',
          )}
        >
          {LOT_STATUS_LABELS[status]}
          <span
            className={cn(
              'inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs leading-5',
              pressed ? 'bg-white/25' : LOT_STATUS_BADGE_CLASSES[status],
            )}
          >
            {counts?.[status] ?? 0}
          </span>
        </button>
      );
    })}
  </div>
);
