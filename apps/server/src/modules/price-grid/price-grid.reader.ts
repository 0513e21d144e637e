import { Readable } from 'node:stream';
import { type PRICE_GRID_COLUMNS, PRICE_GRID_MAX_ROWS, PRICE_GRID_MESSAGES } from '@promovente/shared';
import ExcelJS from 'exceljs';
import { type Cell, columnsOfHeader, type SheetRow } from './price-grid.rules.js';

/** A grid the reader refuses as a whole, with the French reason. */
export class GridFileError extends Error {}

type ColumnField = (typeof PRICE_GRID_COLUMNS)[number]['field'];

/** A cell's value as text or number: rich text, formulas (their result), links and dates flattened. */
export const cellValue = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return cellValue(value.text as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
  }
  return null;
};

/** What a grid may unpack to: a 10,000-row export is about 6 MB; more is a zip bomb, not a grid. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/**
 * The bytes a zip says its entries unpack to, from its central directory, without unpacking
 * anything; Infinity when it cannot be read or uses zip64 (no grid needs it). The reader is
 * not asked to inflate a 5 MB file into gigabytes.
 */
export const declaredUnzippedBytes = (zip: Buffer): number => {
  const EOCD = 0x06054b50;
  const ENTRY = 0x02014b50;
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 65_557); at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return Number.POSITIVE_INFINITY;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== ENTRY) return Number.POSITIVE_INFINITY;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
};

export type ReadGrid = { present: Set<ColumnField>; rows: SheetRow[] };

/**
 * The first sheet of an .xlsx, read as a stream (exceljs' WorkbookReader: a 5,000-row grid is
 * never a whole workbook in memory): the header row names the columns, each later row that is
 * not empty is a lot row. Refuses the file (GridFileError) when it is no readable workbook,
 * unpacks to more than MAX_UNZIPPED_BYTES, misses the 'Lot' column, has no row or too many.
 */
export const readGrid = async (content: Buffer): Promise<ReadGrid> => {
  const unzipped = declaredUnzippedBytes(content);
  if (unzipped === Number.POSITIVE_INFINITY) throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  if (unzipped > MAX_UNZIPPED_BYTES) throw new GridFileError(PRICE_GRID_MESSAGES.tooBig);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let columns: Map<ColumnField, number> | null = null;
  const rows: SheetRow[] = [];
  let sheetSeen = false;
  try {
    for await (const sheet of reader) {
      sheetSeen = true;
      for await (const row of sheet) {
        const values = (row.values ?? []) as ExcelJS.CellValue[];
        if (columns === null) {
          const headers = Array.from({ length: values.length }, (_, index) => {
            const cell = cellValue(values[index]);
            return cell === null ? null : String(cell);
          });
          const header = columnsOfHeader(headers);
          if (header.missing.length > 0) throw new GridFileError(PRICE_GRID_MESSAGES.missingColumns(header.missing));
          columns = header.columns;
          continue;
        }
        const cells: SheetRow['cells'] = {};
        let empty = true;
        for (const [field, index] of columns) {
          const cell = cellValue(values[index]);
          cells[field] = cell;
          if (cell !== null && String(cell).trim() !== '') empty = false;
        }
        // Blank rows (a sheet's formatting often runs past its data) are no lots.
        if (empty) continue;
        if (rows.length >= PRICE_GRID_MAX_ROWS) throw new GridFileError(PRICE_GRID_MESSAGES.tooManyRows);
        rows.push({ line: row.number, cells });
      }
      // Only the first sheet is the grid.
      break;
    }
  } catch (error) {
    if (error instanceof GridFileError) throw error;
    throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  }
  if (!sheetSeen) throw new GridFileError(PRICE_GRID_MESSAGES.noSheet);
  if (columns === null) throw new GridFileError(PRICE_GRID_MESSAGES.missingColumns(['Lot']));
  if (rows.length === 0) throw new GridFileError(PRICE_GRID_MESSAGES.empty);
  return { present: new Set(columns.keys()), rows };
};
