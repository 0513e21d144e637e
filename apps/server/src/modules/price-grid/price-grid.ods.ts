import { PRICE_GRID_MESSAGES } from '@promovente/shared';
import {
  attributeOf,
  type Cell,
  GridFileError,
  isReadColumn,
  MAX_CELL_TEXT,
  MAX_COLUMNS,
  MAX_MERGES,
  MAX_SHEET_ROWS,
  MAX_SHEETS,
  type RowCells,
  type SheetReading,
  type WorkbookSource,
  xmlStream,
} from './price-grid.sheet.js';
import type { BoundedZip } from './price-grid.zip.js';

/**
 * An .ods (OpenDocument spreadsheet, LibreOffice's own format) read from its bounded zip: its
 * content.xml streamed once, sheet after sheet (docs/decisions/022-bounded-grid-reader.md). Rows
 * and cells a sheet repeats (LibreOffice writes the empty end of a sheet as one row repeated a
 * million times) are counted, never expanded when empty. A formula counts by the result the
 * file saved with it.
 */

export const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

const repeatOf = (value: string | undefined) => {
  const count = Number(value);
  return Number.isInteger(count) && count > 1 ? count : 1;
};

/** A cell's value from its attributes and its paragraphs' text. */
const cellOf = (attributes: Record<string, string>, text: string): Cell => {
  const type = attributes['office:value-type'] ?? attributeOf(attributes, 'value-type');
  const formula = attributeOf(attributes, 'formula') !== undefined;
  if (attributes['calcext:value-type'] === 'error') return { problem: 'error', text };
  switch (type) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const number = Number(attributeOf(attributes, 'value'));
      if (Number.isFinite(number)) return number;
      return formula ? { problem: 'formula', text: '' } : null;
    }
    case 'boolean':
      return attributeOf(attributes, 'boolean-value') === 'true' ? 'Oui' : 'Non';
    case 'date':
      return attributeOf(attributes, 'date-value')?.slice(0, 10) ?? null;
    case 'time':
      return attributeOf(attributes, 'time-value') ?? null;
    case 'string': {
      const value = attributeOf(attributes, 'string-value') ?? text;
      return value === '' ? null : value;
    }
    default:
      if (formula) return { problem: 'formula', text: '' };
      return text === '' ? null : text;
  }
};

/** The hidden sheets' style names, from the automatic styles ('table:display="false"'). */
const hiddenStyles = () => {
  const hidden = new Set<string>();
  let style: string | null = null;
  return {
    hidden,
    open: (name: string, attributes: Record<string, string>) => {
      if (name === 'style' && attributeOf(attributes, 'family') === 'table') style = attributeOf(attributes, 'name') ?? null;
      else if (name === 'table-properties' && style !== null && attributeOf(attributes, 'display') === 'false') hidden.add(style);
    },
    close: (name: string) => {
      if (name === 'style') style = null;
    },
  };
};

export const odsWorkbook = async (zip: BoundedZip): Promise<WorkbookSource | null> => {
  const mime = zip.has('mimetype') ? await zip.text('mimetype') : null;
  if (mime?.trim() !== ODS_MIME || !zip.has('content.xml')) return null;
  return {
    readSheets: async (onSheet) => {
      const styles = hiddenStyles();
      // Set in the parser's handlers, read after each chunk (a closure's assignment TypeScript cannot follow).
      let state = 'outside' as 'outside' | 'read' | 'skip' | 'stop';
      let reading: SheetReading | null = null;
      let sheets = 0;
      let nested = 0;
      let rowsRead = 0;
      let line = 0;
      let rowRepeat = 1;
      let cells: RowCells | null = null;
      let column = 0;
      let cell: { attributes: Record<string, string>; paragraphs: string[]; covered: boolean } | null = null;
      let paragraph: string[] | null = null;
      let captured = 0;
      let annotation = 0;
      let merges = 0;

      const addText = (text: string) => {
        if (!paragraph || annotation > 0 || captured >= MAX_CELL_TEXT) return;
        paragraph.push(text.slice(0, MAX_CELL_TEXT - captured));
        captured += text.length;
      };

      const endCell = () => {
        if (!cell || !cells) return;
        const repeat = repeatOf(attributeOf(cell.attributes, 'number-columns-repeated'));
        const value = cell.covered ? null : cellOf(cell.attributes, cell.paragraphs.join('\n'));
        if (value !== null) {
          for (let index = column; index < Math.min(column + repeat, MAX_COLUMNS); index += 1) cells.set(index, value);
        }
        const rows = repeatOf(attributeOf(cell.attributes, 'number-rows-spanned'));
        const columns = repeatOf(attributeOf(cell.attributes, 'number-columns-spanned'));
        if (!cell.covered && (rows > 1 || columns > 1) && isReadColumn(column) && merges < MAX_MERGES && reading) {
          merges += 1;
          // The row's line is given when it ends: this cell's row is the one after the last counted.
          reading.merge({ top: line + 1, left: column, bottom: line + rows, right: column + columns - 1 });
        }
        column += repeat;
        cell = null;
      };

      const endRow = () => {
        if (!cells || !reading) return;
        const found = cells;
        cells = null;
        if (found.size === 0) {
          // A blank row, however many times repeated, is one row read.
          line += rowRepeat;
          return;
        }
        for (let copy = 0; copy < rowRepeat && state === 'read'; copy += 1) {
          if (copy > 0) {
            rowsRead += 1;
            if (rowsRead > MAX_SHEET_ROWS) throw new GridFileError(PRICE_GRID_MESSAGES.tooManySheetRows(currentName));
          }
          line += 1;
          const answer = reading.row(line, copy === 0 ? found : new Map(found));
          if (answer === 'next') state = 'skip';
          else if (answer === 'stop') state = 'stop';
        }
      };

      let currentName = '';
      const xml = xmlStream({
        open: (name, attributes) => {
          if (state === 'stop') return;
          if (state === 'outside') {
            if (name === 'table') {
              sheets += 1;
              const hidden = styles.hidden.has(attributeOf(attributes, 'style-name') ?? '');
              currentName = attributeOf(attributes, 'name') ?? '';
              if (hidden || sheets > MAX_SHEETS) state = 'skip';
              else {
                state = 'read';
                reading = onSheet(currentName);
                rowsRead = 0;
                line = 0;
                merges = 0;
              }
              nested = 0;
            } else styles.open(name, attributes);
            return;
          }
          if (name === 'table') {
            nested += 1;
            return;
          }
          if (state !== 'read' || nested > 0) return;
          switch (name) {
            case 'table-row':
              rowsRead += 1;
              if (rowsRead > MAX_SHEET_ROWS) throw new GridFileError(PRICE_GRID_MESSAGES.tooManySheetRows(currentName));
              rowRepeat = repeatOf(attributeOf(attributes, 'number-rows-repeated'));
              cells = new Map();
              column = 0;
              break;
            case 'table-cell':
            case 'covered-table-cell':
              cell = { attributes, paragraphs: [], covered: name === 'covered-table-cell' };
              captured = 0;
              break;
            case 'annotation':
              annotation += 1;
              break;
            case 'p':
            case 'h':
              if (cell && annotation === 0) paragraph = [];
              break;
            case 's':
              addText(' '.repeat(Math.min(repeatOf(attributeOf(attributes, 'c')), MAX_CELL_TEXT)));
              break;
            case 'tab':
              addText('\t');
              break;
            case 'line-break':
              addText('\n');
              break;
          }
        },
        close: (name) => {
          if (state === 'stop') return;
          if (state === 'outside') {
            styles.close(name);
            return;
          }
          if (name === 'table') {
            if (nested > 0) {
              nested -= 1;
              return;
            }
            const wasRead = state === 'read';
            state = 'outside';
            if (wasRead && reading && reading.end() === 'stop') state = 'stop';
            reading = null;
            return;
          }
          if (state !== 'read' || nested > 0) return;
          switch (name) {
            case 'table-row':
              endRow();
              break;
            case 'table-cell':
            case 'covered-table-cell':
              endCell();
              break;
            case 'annotation':
              annotation -= 1;
              break;
            case 'p':
            case 'h':
              if (paragraph && cell) cell.paragraphs.push(paragraph.join(''));
              paragraph = null;
              break;
          }
        },
        text: addText,
      });
      await zip.readText('content.xml', (text) => {
        xml.write(text);
        return state === 'stop' ? 'stop' : 'more';
      });
      // Read to its end: a document cut short (unclosed elements) is refused.
      if (state !== 'stop') xml.close();
    },
  };
};
