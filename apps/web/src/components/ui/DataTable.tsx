import type { CSSProperties, ReactNode } from 'react';
import { cn } from './cn';
import { TableContextMenu } from './RowOverlays';
import { SortableHeaderCell, type SortState } from './SortableHeaderCell';

export type DataColumn = {
  key: string;
  label: string;
  sort?: string | null;
  /** Right-aligned (amounts, areas). */
  numeric?: boolean;
  /** The header's text is for screen readers only (an avatar column). */
  hiddenLabel?: boolean;
  /**
   * Stays on screen while the table scrolls sideways (the row's identity). Sticky columns come
   * first and need their width in pixels.
   */
  sticky?: { width: number };
};

type DataTableProps<T> = {
  /** The scroll region's accessible name, e.g. 'Tableau des lots'. */
  label: string;
  columns: readonly DataColumn[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort: SortState;
  onSort: (column: string) => void;
  cell: (key: string, row: T) => ReactNode;
  /**
   * The cells' own text style by column key (a name in bold): the cell's content then needs no
   * wrapper element of its own, on every row (issue 10: at most 1,500 elements a screen).
   */
  cellClasses?: Partial<Record<string, string>>;
  /** The row's actions button, in a last column that stays at the right edge. */
  actions?: (row: T) => ReactNode;
  /**
   * The row's right-click menu, its `ContextMenu.Content` (null: the row has none). One menu
   * serves the whole table (components/ui/RowOverlays.tsx).
   */
  contextMenu?: (row: T) => ReactNode | null;
};

/** Left offsets of the leading sticky columns, in pixels. */
export const stickyOffsets = (columns: readonly Pick<DataColumn, 'sticky'>[]): (number | null)[] => {
  let left = 0;
  let leading = true;
  return columns.map((column) => {
    if (!leading || !column.sticky) {
      leading = false;
      return null;
    }
    const offset = left;
    left += column.sticky.width;
    return offset;
  });
};

// Sticky cells need a background of their own; they follow the row's hover and open-menu colours.
const STICKY_CELL = 'z-10 bg-white group-hover:bg-slate-50 group-data-[state=open]:bg-brand-50';
const STICKY_HEAD = 'z-20 bg-slate-50';
/**
 * The leading identity columns are sticky on a screen from 640 px up, at their width (the
 * sticky-columns variant of index.css): on a phone they would take most of the screen (the
 * candidacies' three are 416 px), so there they scroll with the others at the width of their
 * content, and no text is cut by a fixed width; printed, every column takes the width it needs.
 */
const LEADING_STICKY =
  'sticky-columns:sticky sticky-columns:left-(--sticky-left) sticky-columns:w-(--sticky-width) sticky-columns:max-w-(--sticky-width) sticky-columns:min-w-(--sticky-width)';
const STICKY_EDGE = 'sticky-columns:shadow-[inset_-1px_0_0_var(--color-slate-200)]';

/**
 * The main tables (funnel, lots, candidacies): a focusable scroll region (the table scrolls
 * inside it, never the page), sortable headers, sticky identity columns and actions.
 */
export const DataTable = <T,>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  cell,
  cellClasses,
  actions,
  contextMenu,
}: DataTableProps<T>) => {
  const offsets = stickyOffsets(columns);
  const stickyStyle = (index: number): CSSProperties | undefined => {
    const left = offsets[index];
    const width = columns[index].sticky?.width;
    return left === null || width === undefined
      ? undefined
      : ({ '--sticky-left': `${left}px`, '--sticky-width': `${width}px` } as CSSProperties);
  };
  const lastSticky = offsets.filter((offset) => offset !== null).length - 1;
  const stickyEdge = (index: number) => index === lastSticky && STICKY_EDGE;
  const body = (
    <tbody className="divide-y divide-slate-100">
      {rows.map((row, position) => (
        <tr key={rowKey(row)} data-row={position} className="group hover:bg-slate-50 data-[state=open]:bg-brand-50">
          {columns.map((column, index) => (
            <td
              key={column.key}
              style={stickyStyle(index)}
              className={cn(
                'px-2 py-2 align-middle',
                column.numeric && 'text-right whitespace-nowrap',
                cellClasses?.[column.key],
                offsets[index] !== null && cn(LEADING_STICKY, STICKY_CELL, stickyEdge(index)),
              )}
            >
              {cell(column.key, row)}
            </td>
          ))}
          {actions && <td className={cn('sticky right-0 px-2 py-1 text-right print:hidden', STICKY_CELL)}>{actions(row)}</td>}
        </tr>
      ))}
    </tbody>
  );
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700 print:overflow-visible print:rounded-none print:border-0"
    >
      {/* Printed, tighter cells: every column fits the A4 landscape page. */}
      <table className="w-full text-left text-sm print:[&_td]:px-1 print:[&_th]:px-1">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((column, index) => {
              const stickyClasses = offsets[index] !== null && cn(LEADING_STICKY, STICKY_HEAD, stickyEdge(index));
              return column.hiddenLabel ? (
                <th key={column.key} scope="col" style={stickyStyle(index)} className={cn('px-2 py-2 font-medium', stickyClasses)}>
                  <span className="sr-only">{column.label}</span>
                </th>
              ) : (
                <SortableHeaderCell
                  key={column.key}
                  column={column}
                  sort={sort}
                  onSort={onSort}
                  style={stickyStyle(index)}
                  className={cn(stickyClasses)}
                />
              );
            })}
            {actions && (
              <th scope="col" className={cn('sticky right-0 w-10 px-2 py-2 font-medium print:hidden', STICKY_HEAD)}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        {contextMenu ? (
          <TableContextMenu rows={rows} content={contextMenu}>
            {body}
          </TableContextMenu>
        ) : (
          body
        )}
      </table>
    </section>
  );
};
