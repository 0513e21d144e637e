import path from 'node:path/posix';
import { PRICE_GRID_MESSAGES } from '@promovente/shared';
import {
  attributeOf,
  type Cell,
  cellAddressOf,
  GridFileError,
  isReadColumn,
  MAX_CELL_TEXT,
  MAX_MERGES,
  MAX_SHARED_STRINGS,
  MAX_SHEET_ROWS,
  MAX_SHEETS,
  MAX_UNZIPPED_BYTES,
  type RowCells,
  type SheetReading,
  type WorkbookSource,
  xmlStream,
} from './price-grid.sheet.js';
import type { BoundedZip } from './price-grid.zip.js';

/**
 * An .xlsx (Office Open XML) read part by part from its bounded zip with a streaming XML parser
 * (docs/decisions/022-bounded-grid-reader.md): the workbook's sheet list and relationships, the
 * shared strings, then each visible sheet's rows as they come. Only values are read: a formula
 * counts by the result the file saved with it, and one saved without it is a CellProblem.
 */

const RELATIONSHIP = {
  officeDocument: /\/officeDocument$/,
  worksheet: /\/worksheet$/,
  sharedStrings: /\/sharedStrings$/,
};

type Relationship = { id: string; type: string; target: string };

/** The relationships of a part ('xl/_rels/workbook.xml.rels' for 'xl/workbook.xml'), targets resolved to entry names. */
const relationshipsOf = async (zip: BoundedZip, part: string): Promise<Relationship[]> => {
  const folder = path.dirname(part);
  const text = await zip.text(path.join(folder, '_rels', `${path.basename(part)}.rels`).replace(/^\.\//, ''));
  if (text === null) return [];
  const relationships: Relationship[] = [];
  const xml = xmlStream({
    open: (name, attributes) => {
      if (name !== 'Relationship' || attributeOf(attributes, 'TargetMode') === 'External') return;
      const target = attributeOf(attributes, 'Target') ?? '';
      const resolved = target.startsWith('/') ? target.slice(1) : path.normalize(path.join(folder, target));
      relationships.push({ id: attributeOf(attributes, 'Id') ?? '', type: attributeOf(attributes, 'Type') ?? '', target: resolved });
    },
  });
  xml.write(text);
  xml.close();
  return relationships;
};

/** The texts of the workbook's shared strings, in order; rich text runs joined, phonetic runs left out. */
const sharedStringsOf = async (zip: BoundedZip, part: string | undefined): Promise<string[]> => {
  const strings: string[] = [];
  if (!part) return strings;
  let total = 0;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  const xml = xmlStream({
    open: (name) => {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si' && current) {
        if (strings.length >= MAX_SHARED_STRINGS) throw new GridFileError(PRICE_GRID_MESSAGES.unpackedTooBig);
        const text = current.join('').slice(0, MAX_CELL_TEXT);
        total += text.length;
        if (total > MAX_UNZIPPED_BYTES) throw new GridFileError(PRICE_GRID_MESSAGES.unpackedTooBig);
        strings.push(text);
        current = null;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current) current.push(text);
    },
  });
  await zip.readText(part, (text) => {
    xml.write(text);
    return 'more';
  });
  xml.close();
  return strings;
};

type SheetEntry = { name: string; part: string };

/** The visible worksheets in the workbook's order (hidden ones and chart sheets are no grid). */
const sheetsOf = async (zip: BoundedZip, workbook: string, relationships: Relationship[]): Promise<SheetEntry[]> => {
  const text = await zip.text(workbook);
  if (text === null) throw new GridFileError(PRICE_GRID_MESSAGES.unreadable);
  const sheets: SheetEntry[] = [];
  const xml = xmlStream({
    open: (name, attributes) => {
      if (name !== 'sheet') return;
      const state = attributeOf(attributes, 'state');
      if (state === 'hidden' || state === 'veryHidden') return;
      const relationship = relationships.find((r) => r.id === attributeOf(attributes, 'id'));
      if (!relationship || !RELATIONSHIP.worksheet.test(relationship.type)) return;
      sheets.push({ name: attributeOf(attributes, 'name') ?? '', part: relationship.target });
    },
  });
  xml.write(text);
  xml.close();
  return sheets.slice(0, MAX_SHEETS);
};

/** A cell's value from its type attribute, its saved value (<v>), its inline text and whether it has a formula. */
const cellOf = (type: string | undefined, saved: string | null, inline: string | null, formula: boolean, shared: string[]): Cell => {
  switch (type) {
    case 's': {
      const text = saved === null ? undefined : shared[Number(saved)];
      return text === undefined || text === '' ? null : text;
    }
    case 'inlineStr':
      return inline === null || inline === '' ? null : inline;
    case 'str':
      // A text result: present (even empty) when the file saved one.
      if (saved === null) return formula ? { problem: 'formula', text: '' } : null;
      return saved === '' ? null : saved;
    case 'b':
      return saved === null ? null : saved.trim() === '1' ? 'Oui' : 'Non';
    case 'e':
      return { problem: 'error', text: saved ?? '' };
    case 'd':
      return saved === null || saved === '' ? null : saved;
    default: {
      if (saved === null || saved.trim() === '') return formula ? { problem: 'formula', text: '' } : null;
      const number = Number(saved);
      return Number.isFinite(number) ? number : saved;
    }
  }
};

/** Reads one worksheet part: rows to `reading`, merged ranges once the rows are read. Answers whether to go on. */
const readSheet = async (zip: BoundedZip, sheet: SheetEntry, shared: string[], reading: SheetReading): Promise<'more' | 'stop'> => {
  // Set by the row handler, read after each chunk (a closure's assignment TypeScript cannot follow).
  let answer = 'more' as 'more' | 'next' | 'stop';
  let rowsRead = 0;
  let line = 0;
  let cells: RowCells | null = null;
  let column = -1;
  let cell: { column: number; type: string | undefined; saved: string[] | null; inline: string[] | null; formula: boolean } | null = null;
  let capture: string[] | null = null;
  let captured = 0;
  let phonetic = false;
  let merges = 0;

  const xml = xmlStream({
    open: (name, attributes) => {
      if (answer !== 'more') return;
      switch (name) {
        case 'row': {
          rowsRead += 1;
          if (rowsRead > MAX_SHEET_ROWS) throw new GridFileError(PRICE_GRID_MESSAGES.tooManySheetRows(sheet.name));
          const number = Number(attributeOf(attributes, 'r'));
          line = Number.isInteger(number) && number > line ? number : line + 1;
          cells = new Map();
          column = -1;
          break;
        }
        case 'c': {
          const reference = attributeOf(attributes, 'r');
          const address = reference ? cellAddressOf(reference) : null;
          column = address ? address.column : column + 1;
          cell = { column, type: attributeOf(attributes, 't'), saved: null, inline: null, formula: false };
          captured = 0;
          break;
        }
        case 'v':
          if (cell) {
            cell.saved = [];
            capture = cell.saved;
          }
          break;
        case 'f':
          if (cell) cell.formula = true;
          break;
        case 'is':
          if (cell) cell.inline = [];
          break;
        case 't':
          // Phonetic runs of an inline string are no part of its text.
          if (cell?.inline && !phonetic) capture = cell.inline;
          break;
        case 'rPh':
          phonetic = true;
          break;
        case 'mergeCell': {
          if (merges >= MAX_MERGES) break;
          const [from, to] = (attributeOf(attributes, 'ref') ?? '').split(':');
          const start = from ? cellAddressOf(from) : null;
          const end = to ? cellAddressOf(to) : start;
          if (!start || !end) break;
          merges += 1;
          reading.merge({
            top: Math.min(start.line, end.line),
            bottom: Math.max(start.line, end.line),
            left: Math.min(start.column, end.column),
            right: Math.max(start.column, end.column),
          });
          break;
        }
      }
    },
    close: (name) => {
      if (answer !== 'more') return;
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'rPh':
          phonetic = false;
          break;
        case 'c':
          if (cell && cells && isReadColumn(cell.column)) {
            const value = cellOf(
              cell.type,
              cell.saved === null ? null : cell.saved.join(''),
              cell.inline === null ? null : cell.inline.join(''),
              cell.formula,
              shared,
            );
            if (value !== null) cells.set(cell.column, value);
          }
          cell = null;
          break;
        case 'row':
          if (cells && cells.size > 0) answer = reading.row(line, cells);
          cells = null;
          break;
      }
    },
    text: (text) => {
      if (!capture || answer !== 'more' || captured >= MAX_CELL_TEXT) return;
      capture.push(text.slice(0, MAX_CELL_TEXT - captured));
      captured += text.length;
    },
  });
  await zip.readText(sheet.part, (text) => {
    xml.write(text);
    return answer === 'more' ? 'more' : 'stop';
  });
  if (answer === 'stop') return 'stop';
  if (answer === 'next') return 'more';
  // Read to its end: a sheet cut short (unclosed elements) is refused.
  xml.close();
  return reading.end();
};

/** The workbook of an .xlsx; null when the zip holds no spreadsheet of that format. */
export const xlsxWorkbook = async (zip: BoundedZip): Promise<WorkbookSource | null> => {
  const root = await relationshipsOf(zip, '');
  const workbook = root.find((r) => RELATIONSHIP.officeDocument.test(r.type))?.target ?? 'xl/workbook.xml';
  if (!zip.has(workbook) || !workbook.endsWith('.xml')) return null;
  const relationships = await relationshipsOf(zip, workbook);
  const sheets = await sheetsOf(zip, workbook, relationships);
  const shared = await sharedStringsOf(zip, relationships.find((r) => RELATIONSHIP.sharedStrings.test(r.type))?.target);
  return {
    readSheets: async (onSheet) => {
      for (const sheet of sheets) {
        if ((await readSheet(zip, sheet, shared, onSheet(sheet.name))) === 'stop') return;
      }
    },
  };
};
