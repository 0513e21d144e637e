import type { CSSProperties } from 'react';
import { cn } from './cn';
import { cssIcon } from './css-icon';

export type SortState = { orderBy: string | null; order: 'asc' | 'desc' | null };
export type SortableColumn = { label: string; sort?: string | null; numeric?: boolean };

/** The arrow after the label, drawn by CSS (a table's headers add no element for it). */
const sortIcon = (active: boolean, order: SortState['order']) => {
  if (!active) return cn(cssIcon('arrow-up-down', true), '[--icon-color:var(--color-slate-400)]');
  return cssIcon(order === 'asc' ? 'arrow-up' : 'arrow-down', true);
};

/**
 * A column header; sortable columns are buttons and announce their order (aria-sort). Printed,
 * the label is the header's own text (Chromium leaves a button's text out of a header row it
 * repeats on the next page): the button is hidden and the label drawn from data-label.
 */
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
      data-label={column.sort ? column.label : undefined}
      className={cn(
        'px-2 py-2 font-medium whitespace-nowrap',
        column.numeric && 'text-right',
        column.sort && 'print:before:content-[attr(data-label)]',
        className,
      )}
    >
      {column.sort ? (
        <button
          type="button"
          onClick={() => onSort(column.sort as string)}
          className={cn(
            'inline-flex items-center gap-0.5 rounded [--icon-size:0.75rem] hover:text-slate-900 print:hidden',
            sortIcon(active, sort.order),
            active && 'text-slate-900',
          )}
        >
          {column.label}
        </button>
      ) : (
        column.label
      )}
    </th>
  );
};
