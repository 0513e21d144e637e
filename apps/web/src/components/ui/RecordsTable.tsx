import type { ReactNode } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

export type RecordsColumn<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts, areas). */
  numeric?: boolean;
  className?: string;
};

type RecordsTableProps<T> = {
  pending: boolean;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  columns: readonly RecordsColumn<T>[];
  /** The empty state, in French. */
  empty: string;
};

/** The body of the list modals (lot history, associated lots, task history): loading, empty state, table. */
export const RecordsTable = <T,>({ pending, rows, rowKey, columns, empty }: RecordsTableProps<T>) => {
  if (pending) return <Spinner />;
  if (!rows || rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const cellClass = (column: RecordsColumn<T>, index: number) =>
    cn('py-2', index < columns.length - 1 && 'pr-3', column.numeric && 'text-right', column.className);
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
        <tr>
          {columns.map((column, index) => (
            <th key={column.label} scope="col" className={cn(cellClass(column, index), 'font-medium')}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <td key={column.label} className={cellClass(column, index)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};
