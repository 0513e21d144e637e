import { cn } from './cn';

export type StatusArrow = {
  value: number;
  label: string;
  /** Badge classes of that status (packages/shared colours). */
  classes: string;
  /** Shown as included and not togglable on its own. */
  locked?: boolean;
  lockedTitle?: string;
};

type StatusArrowsProps = {
  arrows: readonly StatusArrow[];
  counts: Record<string, number> | undefined;
  selected: readonly number[];
  onToggle: (status: number) => void;
};

/** The status arrow bar of the lists (lots, candidates, funnel): one toggle button per status, with its count. */
export const StatusArrows = ({ arrows, counts, selected, onToggle }: StatusArrowsProps) => (
  // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form fieldset
  <div role="group" aria-label="Filtrer par statut" className="flex flex-wrap print:hidden">
    {arrows.map((arrow, index) => {
      const pressed = arrow.locked || selected.includes(arrow.value);
      return (
        <button
          key={arrow.value}
          type="button"
          aria-pressed={pressed}
          aria-disabled={arrow.locked || undefined}
          title={arrow.locked ? arrow.lockedTitle : undefined}
          onClick={() => !arrow.locked && onToggle(arrow.value)}
          className={cn(
            'relative -ml-px flex h-10 items-center gap-2 border border-slate-300 py-1 pr-5 pl-4 text-sm font-medium first:ml-0 first:rounded-l-md last:rounded-r-md',
            '[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%,10px_50%)] first:[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%)]',
            'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            pressed ? arrow.classes : 'bg-white text-slate-700 hover:bg-slate-50',
            arrow.locked && 'cursor-default',
            index > 0 && 'pl-5',
          )}
        >
          {arrow.label}
          <span
            className={cn(
              'inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs leading-5',
              pressed ? 'bg-white/25' : arrow.classes,
            )}
          >
            {counts?.[String(arrow.value)] ?? 0}
          </span>
        </button>
      );
    })}
  </div>
);
