import ExcelJS from 'exceljs';

/**
 * The one writer of the .xlsx files the product exports (docs/decisions/024-files-read-in-any-tool.md).
 * Every row goes through `addRow`, which makes each text inert: a text starting with `=`, `+`,
 * `-`, `@`, a tab, a carriage return or a line feed (or their full-width forms) is written with a
 * leading apostrophe, as OWASP's CSV-injection guidance asks. The apostrophe is part of the text,
 * so it survives a 'save as CSV' and the CSV opened again in Excel, LibreOffice or Google Sheets
 * is still text, never a formula (a `quotePrefix` style alone is dropped by the CSV save).
 * Numbers and dates stay numbers and dates: -1500 is a number, never touched.
 */

const FORMULA_TRIGGERS = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text no spreadsheet takes as a formula, even once saved as CSV. */
export const inertText = (text: string): string => (FORMULA_TRIGGERS.test(text) ? `'${text}` : text);

/** The text a cell written by `inertText` stood for: a grid exported, then imported back, changes nothing. */
export const textOfInert = (text: string): string => (text.startsWith("'") && FORMULA_TRIGGERS.test(text.slice(1)) ? text.slice(1) : text);

/** A number or a date shown through its own Excel format (a date's text kept beside it, a priority's label). */
/** The media type of a generated .xlsx workbook. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type FormattedCell = { value: number | Date; numFmt: string };

export type XlsxCell = string | number | boolean | Date | null | undefined | FormattedCell;

const isFormatted = (cell: XlsxCell): cell is FormattedCell => typeof cell === 'object' && cell !== null && !(cell instanceof Date);

const storedValue = (cell: XlsxCell): ExcelJS.CellValue => {
  if (typeof cell === 'string') return inertText(cell);
  if (isFormatted(cell)) return cell.value;
  return cell ?? null;
};

/** Appends a row: texts made inert, numbers and dates kept, a formatted cell given its format. */
export const addRow = (sheet: ExcelJS.Worksheet, cells: readonly XlsxCell[]): ExcelJS.Row => {
  const row = sheet.addRow(cells.map(storedValue));
  cells.forEach((cell, index) => {
    if (isFormatted(cell)) row.getCell(index + 1).numFmt = cell.numFmt;
  });
  return row;
};

/** A workbook with one sheet whose first row is the bold headers, frozen. */
export const newSheet = (options: { title?: string; sheet: string; headers: readonly string[] }) => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Promovente';
  if (options.title) workbook.title = options.title;
  const sheet = workbook.addWorksheet(options.sheet);
  addRow(sheet, options.headers).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return { workbook, sheet };
};

/** The file's bytes. */
export const workbookBuffer = async (workbook: ExcelJS.Workbook): Promise<Buffer> => Buffer.from(await workbook.xlsx.writeBuffer());
