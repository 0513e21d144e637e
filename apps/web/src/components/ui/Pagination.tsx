import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from './cn';
import { isAcceptedPage, paginationItems } from './pagination';

type PaginationProps = { currentPage: number; lastPage: number; onPageChange: (page: number) => void; className?: string };

const itemClasses = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm';

export const Pagination = ({ currentPage, lastPage, onPageChange, className }: PaginationProps) => {
  if (lastPage <= 1) return null;
  const go = (page: number) => {
    if (isAcceptedPage(page, lastPage) && page !== currentPage) onPageChange(page);
  };
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-center gap-1 print:hidden', className)}>
      <button
        type="button"
        className={cn(itemClasses, 'text-slate-600 hover:bg-slate-100 disabled:text-slate-300')}
        onClick={() => go(currentPage - 1)}
        disabled={currentPage <= 1}
        aria-label="Page précédente"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      {paginationItems(currentPage, lastPage).map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: two ellipses at most, never reordered
          <span key={`ellipsis-${index}`} className={cn(itemClasses, 'text-slate-500')} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => go(item)}
            aria-current={item === currentPage ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={cn(
              itemClasses,
              item === currentPage ? 'bg-brand-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(itemClasses, 'text-slate-600 hover:bg-slate-100 disabled:text-slate-300')}
        onClick={() => go(currentPage + 1)}
        disabled={currentPage >= lastPage}
        aria-label="Page suivante"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
};
