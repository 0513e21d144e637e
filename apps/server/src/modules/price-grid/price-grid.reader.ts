import { type PRICE_GRID_COLUMNS, PRICE_GRID_HEADER_ROWS, PRICE_GRID_MAX_ROWS, PRICE_GRID_MESSAGES } from '@promovente/shared';
import { odsWorkbook } from './price-grid.ods.js';
import { columnsOfHeader, type SheetRow } from './price-grid.rules.js';
import {
  type Cell,
  GridFileError,
  isCellProblem,
  MAX_COLUMNS,
  type MergedRange,
  type RowCells,
  type SheetReading,
  type WorkbookSource,
} from './price-grid.sheet.js';
import { xlsxWorkbook } from './price-grid.xlsx.js';
import { openBoundedZip } from './price-grid.zip.js';

export { GridFileError } from './price-grid.sheet.js';

type ColumnField = (typeof PRICE_GRID_COLUMNS)[number]['field'];

export type ReadGrid = {
  present: Set<ColumnField>;
  rows: SheetRow[];
  /** The sheet the grid was found on, and the line of its header row. */
  sheet: string;
  headerLine: number;
};

/** Cells a merged range may fill in one sheet: non-overlapping ranges fill each cell once at most. */
const MAX_MERGE_FILLS = 1_000_000;

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** A header row's texts by column index. */
const headerTexts = (cells: RowCells): (string | null)[] => {
  const texts: (string | null)[] = Array.from({ length: Math.min(MAX_COLUMNS, Math.max(0, ...cells.keys()) + 1) }, () => null);
  for (const [index, cell] of cells) {
    if (index < texts.length && !isCellProblem(cell) && cell !== null) texts[index] = String(cell);
  }
  return texts;
};

/**
 * A merged range shows its first cell's value on every row it spans (the building written once
 * beside its lots): that value goes to the cells of the range's first column on the grid's rows
 * below it, where they are empty. A row the range covers but that holds nothing else stays blank.
 */
const fillMerges = (rows: SheetRow[], merges: MergedRange[], columns: Map<ColumnField, number>) => {
  const fieldAt = new Map([...columns].map(([field, index]) => [index, field]));
  const lines = rows.map((row) => row.line);
  const byLine = new Map(rows.map((row) => [row.line, row]));
  let fills = 0;
  for (const range of merges) {
    const field = fieldAt.get(range.left);
    const value = field ? byLine.get(range.top)?.cells[field] : undefined;
    if (!field || value === undefined || isBlank(value)) continue;
    // The first row below the range's top, by binary search over the rows' lines.
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (lines[middle] <= range.top) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < rows.length && lines[index] <= range.bottom; index += 1) {
      fills += 1;
      if (fills > MAX_MERGE_FILLS) throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
      if (isBlank(rows[index].cells[field])) rows[index].cells[field] = value;
    }
  }
};

/**
 * How one sheet is read: its first PRICE_GRID_HEADER_ROWS rows holding something are searched
 * for the header row (the one naming the 'Lot' column); without one, the sheet is left at once.
 * With one, every later row that is not blank in the grid's columns is a lot row, the merged
 * ranges fill their cells once the sheet is read, and the grid is found.
 */
const gridReading = (sheet: string, found: (grid: ReadGrid) => void): SheetReading => {
  let header: { columns: Map<ColumnField, number>; line: number } | null = null;
  let searched = 0;
  const rows: SheetRow[] = [];
  const merges: MergedRange[] = [];
  return {
    row: (line, cells) => {
      if (!header) {
        searched += 1;
        const { columns, missing } = columnsOfHeader(headerTexts(cells));
        if (missing.length === 0) header = { columns, line };
        return header || searched < PRICE_GRID_HEADER_ROWS ? 'more' : 'next';
      }
      const row: SheetRow = { line, cells: {} };
      let blank = true;
      for (const [field, index] of header.columns) {
        const cell = cells.get(index) ?? null;
        row.cells[field] = cell;
        if (!isBlank(cell)) blank = false;
      }
      // Blank rows (a sheet's formatting often runs past its data) are no lots.
      if (blank) return 'more';
      if (rows.length >= PRICE_GRID_MAX_ROWS) throw new GridFileError(PRICE_GRID_MESSAGES.tooManyRows);
      rows.push(row);
      return 'more';
    },
    merge: (range) => {
      merges.push(range);
    },
    end: () => {
      if (!header) return 'more';
      fillMerges(rows, merges, header.columns);
      found({ present: new Set(header.columns.keys()), rows, sheet, headerLine: header.line });
      return 'stop';
    },
  };
};

/** The format's own French refusal for a zip that is no workbook the import reads (an .xlsb); null when it is none known. */
const formatRefusal = (names: string[]) => (names.some((name) => /^xl\/workbook\.bin$/i.test(name)) ? PRICE_GRID_MESSAGES.xlsb : null);

/**
 * The price grid of an .xlsx or an .ods (docs/decisions/022-bounded-grid-reader.md): its visible
 * sheets in order, the first whose header row names the 'Lot' column (within its first 20
 * rows: a title may come first) being the grid. Everything is read as it is unpacked, within
 * fixed bounds whatever the file declares (MAX_UNZIPPED_BYTES, MAX_SHEET_ROWS, MAX_COLUMNS):
 * past one, the file is refused in French at once. Refuses the file (GridFileError) when it is
 * no readable workbook, has no sheet, no header with 'Lot', no lot row or too many.
 */
export const readGrid = async (content: Buffer): Promise<ReadGrid> => {
  const zip = await openBoundedZip(content);
  let workbook: WorkbookSource | null;
  try {
    workbook = (await xlsxWorkbook(zip)) ?? (await odsWorkbook(zip));
  } catch (error) {
    if (error instanceof GridFileError) throw error;
    throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  }
  if (!workbook) throw new GridFileError(formatRefusal(zip.names()) ?? PRICE_GRID_MESSAGES.unreadable);
  let grid: ReadGrid | null = null;
  let sheets = 0;
  try {
    await workbook.readSheets((name) => {
      sheets += 1;
      return gridReading(name, (found) => {
        grid = found;
      });
    });
  } catch (error) {
    if (error instanceof GridFileError) throw error;
    throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  }
  if (sheets === 0) throw new GridFileError(PRICE_GRID_MESSAGES.noSheet);
  const read = grid as ReadGrid | null;
  if (read === null) throw new GridFileError(PRICE_GRID_MESSAGES.missingColumns(['Lot']));
  if (read.rows.length === 0) throw new GridFileError(PRICE_GRID_MESSAGES.empty);
  return read;
};
