import { describe, expect, it } from 'vitest';
import {
  columnsStorageKey,
  type HideableColumn,
  readHiddenColumns,
  toggleHiddenColumn,
  visibleColumns,
  writeHiddenColumns,
} from './column-visibility';

const COLUMNS: HideableColumn[] = [
  { key: 'lot', label: 'Lot', alwaysShown: true },
  { key: 'floor', label: 'Étage' },
  { key: 'price', label: 'Prix' },
  { key: 'lot_ppe', label: 'Lot PPE', hiddenByDefault: true },
];

/** A localStorage stand-in: a map, or one that refuses every access (private mode, quota). */
const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
};
const refusingStorage = {
  getItem: () => {
    throw new Error('refused');
  },
  setItem: () => {
    throw new Error('refused');
  },
};

describe('hidden columns of a table (the Colonnes menu)', () => {
  it('hides only the columns hidden by default until the user chooses', () => {
    expect(readHiddenColumns(memoryStorage(), 'lots', COLUMNS)).toEqual(['lot_ppe']);
    expect(readHiddenColumns(null, 'lots', COLUMNS)).toEqual(['lot_ppe']);
  });

  it('reads back what was written for the same table, and only for it', () => {
    const storage = memoryStorage();
    writeHiddenColumns(storage, 'tunnel-de-vente', ['floor']);
    expect(storage.map.get(columnsStorageKey('tunnel-de-vente'))).toBe('["floor"]');
    expect(readHiddenColumns(storage, 'tunnel-de-vente', COLUMNS)).toEqual(['floor']);
    expect(readHiddenColumns(storage, 'lots', COLUMNS)).toEqual(['lot_ppe']);
  });

  it('keeps a column hidden by default shown once the user showed it', () => {
    const storage = memoryStorage();
    writeHiddenColumns(storage, 'lots', toggleHiddenColumn(['lot_ppe'], COLUMNS[3], true));
    expect(readHiddenColumns(storage, 'lots', COLUMNS)).toEqual([]);
  });

  it('never hides an identity column, even from a tampered entry', () => {
    const storage = memoryStorage({ [columnsStorageKey('lots')]: '["lot","price","price",4,null]' });
    expect(readHiddenColumns(storage, 'lots', COLUMNS)).toEqual(['price']);
    expect(toggleHiddenColumn([], COLUMNS[0], false)).toEqual([]);
  });

  it('falls back on the defaults for an unreadable entry or a refused storage', () => {
    expect(readHiddenColumns(memoryStorage({ [columnsStorageKey('lots')]: '{not json' }), 'lots', COLUMNS)).toEqual(['lot_ppe']);
    expect(readHiddenColumns(memoryStorage({ [columnsStorageKey('lots')]: '{"floor":true}' }), 'lots', COLUMNS)).toEqual(['lot_ppe']);
    expect(readHiddenColumns(refusingStorage, 'lots', COLUMNS)).toEqual(['lot_ppe']);
    expect(() => writeHiddenColumns(refusingStorage, 'lots', ['floor'])).not.toThrow();
  });

  it('shows and hides one column at a time, and keeps the table order', () => {
    const hidden = toggleHiddenColumn(toggleHiddenColumn([], COLUMNS[2], false), COLUMNS[1], false);
    expect(hidden).toEqual(['price', 'floor']);
    expect(visibleColumns(COLUMNS, hidden).map((c) => c.key)).toEqual(['lot', 'lot_ppe']);
    expect(toggleHiddenColumn(hidden, COLUMNS[2], true)).toEqual(['floor']);
    expect(visibleColumns(COLUMNS, ['floor']).map((c) => c.key)).toEqual(['lot', 'price', 'lot_ppe']);
  });
});
