import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from './cn';

export type SortState = { orderBy: string | null; order: 'asc' | 'desc' | null };
export type SortableColumn = { label: string; sort?: string | null; numeric?: boolean };

const SortIcon = ({ active, order }: { active: boolean; order: SortState['order'] }) => {
  if (!active) return <ArrowUpDown className="size-3 shrink-0 text-slate-400" aria-hidden="true" />;
  return order === 'asc' ? (
    <ArrowUp className="size-3 shrink-0" aria-hidden="true" />
  ) : (
    <ArrowDown className="size-3 shrink-0" aria-hidden="true" />
  );
};

/** A column header; sortable columns are buttons and announce their order (aria-sort). */
export const SortableHeaderCell = ({
  column,
  sort,
  onSort,
  className,
  style,
}: {
  column: SortableColumn;
  sort: SortState;
  onSort: (column: string) => void;
  /** Layout of the cell (a sticky column, a narrower padding). */
  className?: string;
  style?: CSSProperties;
}) => {
  const active = Boolean(column.sort) && sort.orderBy === column.sort;
  const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      style={style}
      className={cn('px-2 py-2 font-medium whitespace-nowrap', column.numeric && 'text-right', className)}
    >
      {column.sort ? (
        <button
          type="button"
          onClick={() => onSort(column.sort as string)}
          className={cn('inline-flex items-center gap-0.5 rounded hover:text-slate-900', active && 'text-slate-900')}
        >
          {column.label}
          <SortIcon active={active} order={sort.order} />
        </button>
      ) : (
        column.label
      )}
    </th>
  );
};
