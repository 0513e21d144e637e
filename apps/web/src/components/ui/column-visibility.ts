import { useState } from 'react';

/** A column a user may hide from the 'Colonnes' menu. */
export type HideableColumn = {
  key: string;
  label: string;
  /** Never hidden (the identity of a row). */
  alwaysShown?: boolean;
  /** Hidden until the user shows it (a default view that fits 1440 px). */
  hiddenByDefault?: boolean;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** One localStorage entry per table: the keys of its hidden columns, as a JSON array. */
export const columnsStorageKey = (tableId: string) => `colonnes.${tableId}`;

/** The table's default hidden columns. */
export const defaultHiddenColumns = (columns: readonly HideableColumn[]): string[] =>
  columns.filter((column) => column.hiddenByDefault && !column.alwaysShown).map((column) => column.key);

/**
 * The hidden columns the user chose for a table, or the table's defaults when he never chose
 * (or the entry is unreadable). Always-shown columns are dropped.
 */
export const readHiddenColumns = (storage: KeyValueStorage | null, tableId: string, columns: readonly HideableColumn[]): string[] => {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(columnsStorageKey(tableId)) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return defaultHiddenColumns(columns);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaultHiddenColumns(columns);
  }
  if (!Array.isArray(parsed)) return defaultHiddenColumns(columns);
  // Keys of columns not shown right now (the CRM columns before the user is known) are kept.
  const alwaysShown = new Set(columns.filter((column) => column.alwaysShown).map((column) => column.key));
  return [...new Set(parsed.filter((key): key is string => typeof key === 'string' && !alwaysShown.has(key)))];
};

export const writeHiddenColumns = (storage: KeyValueStorage | null, tableId: string, hidden: readonly string[]) => {
  try {
    storage?.setItem(columnsStorageKey(tableId), JSON.stringify(hidden));
  } catch {
    // A full or refused storage: the choice lasts until the page is left.
  }
};

/** Shows or hides one column; an always-shown column stays. */
export const toggleHiddenColumn = (hidden: readonly string[], column: HideableColumn, shown: boolean): string[] => {
  if (column.alwaysShown) return [...hidden];
  const rest = hidden.filter((key) => key !== column.key);
  return shown ? rest : [...rest, column.key];
};

/** The columns left on screen, in their order. */
export const visibleColumns = <C extends HideableColumn>(columns: readonly C[], hidden: readonly string[]): C[] =>
  columns.filter((column) => column.alwaysShown || !hidden.includes(column.key));

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The hidden columns of one table, kept in localStorage so that they stay hidden next time.
 * A page whose table changes (the lots page once the user is known) reads the other table's choice.
 */
export const useHiddenColumns = (tableId: string, columns: readonly HideableColumn[]) => {
  const [state, setState] = useState(() => ({ tableId, hidden: readHiddenColumns(browserStorage(), tableId, columns) }));
  let current = state;
  if (state.tableId !== tableId) {
    current = { tableId, hidden: readHiddenColumns(browserStorage(), tableId, columns) };
    setState(current);
  }
  const handleToggle = (column: HideableColumn, shown: boolean) => {
    const hidden = toggleHiddenColumn(current.hidden, column, shown);
    writeHiddenColumns(browserStorage(), tableId, hidden);
    setState({ tableId, hidden });
  };
  return { hidden: current.hidden, toggle: handleToggle };
};
