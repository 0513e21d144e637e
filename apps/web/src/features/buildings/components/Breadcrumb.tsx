import { ChevronRight } from 'lucide-react';

export type Crumb = { label: string; onClick?: () => void };

/** home > building > lot > child lot; every step but the last goes back to it. */
export const Breadcrumb = ({ items }: { items: Crumb[] }) => (
  <nav aria-label="Fil d'Ariane" className="text-sm">
    <ol className="flex flex-wrap items-center gap-1 text-slate-600">
      {items.map((item, index) => {
        const last = index === items.length - 1;
        return (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-3.5 text-slate-400" aria-hidden="true" />}
            {last || !item.onClick ? (
              <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-slate-900' : undefined}>
                {item.label}
              </span>
            ) : (
              <button type="button" onClick={item.onClick} className="text-brand-700 hover:underline">
                {item.label}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  </nav>
);
