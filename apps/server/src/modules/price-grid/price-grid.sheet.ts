import { PRICE_GRID_MAX_SHEET_ROWS, PRICE_GRID_MESSAGES } from '@promovente/shared';
import { SaxesParser } from 'saxes';

/**
 * What the workbook readers (price-grid.xlsx.ts, price-grid.ods.ts) hand the grid reader: the
 * visible sheets of a workbook, each read row by row, and the limits that keep the work of a
 * hostile file bounded (docs/decisions/022-bounded-grid-reader.md).
 */

/** A grid the reader refuses as a whole, with the French reason. */
export class GridFileError extends Error {}

/** A cell the file holds no usable value for: a formula saved without its result, or a formula error (#REF!, #DIV/0!...). */
export type CellProblem = { problem: 'formula' | 'error'; text: string };

/** A cell as the readers hand it: text, number, nothing, or a problem the row rules refuse. */
export type Cell = string | number | null | CellProblem;

export const isCellProblem = (cell: Cell | undefined): cell is CellProblem => typeof cell === 'object' && cell !== null;

/** The cells of a row that hold something, by column index (0 is column A). */
export type RowCells = Map<number, Cell>;

/**
 * Hears each row that holds at least one cell (its line: 1 is the sheet's first row); answers
 * 'stop' to end the reading there (nothing more of the sheet is unpacked).
 */
export type RowVisitor = (line: number, cells: RowCells) => 'more' | 'stop';

/** A merged range, lines and column indexes inclusive: its value is the top-left cell's. */
export type MergedRange = { top: number; left: number; bottom: number; right: number };

/**
 * The reading of one sheet, given by the grid reader to a workbook reader for each visible sheet,
 * in the workbook's order. `row` hears each row holding at least one cell (its line: 1 is the
 * sheet's first row) and answers 'more', 'next' (leave this sheet: nothing more of it is
 * unpacked) or 'stop' (leave the workbook); `merge` hears each merged range; `end` hears the end
 * of a sheet read to its end and answers whether to go on to the next sheet.
 */
export type SheetReading = {
  row: (line: number, cells: RowCells) => 'more' | 'next' | 'stop';
  merge: (range: MergedRange) => void;
  end: () => 'more' | 'stop';
};

/** A workbook: its visible sheets, read one after the other, each through the reading `onSheet` gives. */
export type WorkbookSource = { readSheets: (onSheet: (name: string) => SheetReading) => Promise<void> };

/** What one read of a workbook may unpack, every part counted, whatever the zip declares (a 10,000-lot export is about 6 MB). */
export const MAX_UNZIPPED_BYTES = 32 * 1024 * 1024;
/** Row elements read in one sheet, blank ones included (a 10,000-lot grid and as many blank rows). */
export const MAX_SHEET_ROWS = PRICE_GRID_MAX_SHEET_ROWS;
/** Columns read: cells further right are passed over (the 'Liste des lots' has 16). */
export const MAX_COLUMNS = 100;
/** Merged ranges taken from one sheet; those beyond are passed over. */
export const MAX_MERGES = 10_000;
/** Distinct texts of an .xlsx (its shared strings): 10,000 rows of 12 columns stay far below. */
export const MAX_SHARED_STRINGS = 200_000;
/** The longest text kept of one cell (Excel's own limit); longer ones are cut, then refused by the row rules' lengths. */
export const MAX_CELL_TEXT = 32_767;
/** Visible sheets looked at for the grid's header. */
export const MAX_SHEETS = 50;

/** 'A' is 0, 'AB' is 27; -1 when the text is no column. */
export const columnIndexOf = (letters: string) => {
  let index = 0;
  for (const letter of letters) {
    const code = letter.charCodeAt(0);
    if (code < 65 || code > 90) return -1;
    index = index * 26 + (code - 64);
    if (index > 16_384) return -1;
  }
  return letters.length > 0 ? index - 1 : -1;
};

/** 'B12' as { column: 1, line: 12 }; null when it is no cell reference. */
export const cellAddressOf = (reference: string): { column: number; line: number } | null => {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(reference.trim().toUpperCase());
  if (!match) return null;
  const column = columnIndexOf(match[1]);
  const line = Number(match[2]);
  return column < 0 || line < 1 ? null : { column, line };
};

/** A cell of the sheet's rows is read only within the first MAX_COLUMNS columns. */
export const isReadColumn = (column: number) => column >= 0 && column < MAX_COLUMNS;

/** The part of an XML name after its prefix ('x:row' is 'row'). */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name, whatever its prefix ('r:id' for 'id'). */
export const attributeOf = (attributes: Record<string, string>, name: string): string | undefined => {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
};

export type XmlHandlers = {
  open: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * A streaming XML parser (saxes) over an entry's text: element names without their prefix, text
 * and CDATA alike. A DTD's entities are never expanded (saxes does not read them); malformed XML
 * refuses the file.
 */
export const xmlStream = (handlers: XmlHandlers) => {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes));
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    const text = handlers.text;
    parser.on('text', text);
    parser.on('cdata', text);
  }
  parser.on('error', () => {
    throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  });
  return {
    write: (chunk: string) => {
      parser.write(chunk);
    },
    close: () => {
      parser.close();
    },
  };
};
