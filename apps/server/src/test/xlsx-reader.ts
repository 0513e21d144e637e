import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Reads back the .xlsx files the product writes with readers nobody here wrote: Python's openpyxl
 * (Debian `python3-openpyxl`) for the cells as stored, and Gnumeric's `ssconvert` (Debian
 * `gnumeric`) for the file saved as CSV by a real spreadsheet, which shows each cell as its
 * format displays it. Both are installed by `.ci/run` (README, "Requirements"); a missing tool
 * fails the test, loudly.
 */

export type ReadCell = {
  /** The stored value: text, number, an ISO date-time for a date cell, null when empty. */
  value: string | number | boolean | null;
  /** openpyxl's data type: 's' text, 'n' number, 'd' date, 'b' boolean, 'f' formula. */
  type: string;
  isDate: boolean;
  format: string;
};

export type ReadWorkbook = {
  /** The first sheet's cells, row by row. */
  cells: ReadCell[][];
  /** The first sheet saved as CSV by Gnumeric, each cell as its format shows it (as Excel saves a CSV), parsed by Python's csv module. */
  csv: string[][];
  /** Every formula found in any sheet ('Sheet!A1'), which must stay empty. */
  formulas: string[];
};

const SCRIPT = `
import csv, json, subprocess, sys, warnings
warnings.simplefilter('ignore')
import openpyxl
path, csv_path = sys.argv[1], sys.argv[2]
workbook = openpyxl.load_workbook(path)
formulas = []
for sheet in workbook.worksheets:
    for row in sheet.iter_rows():
        for cell in row:
            if cell.data_type == 'f' or (isinstance(cell.value, str) and cell.data_type != 's' and cell.value.startswith('=')):
                formulas.append(sheet.title + '!' + cell.coordinate)
def value(cell):
    if cell.is_date and cell.value is not None:
        return cell.value.isoformat()
    return cell.value
cells = [[{'value': value(c), 'type': c.data_type, 'isDate': bool(c.is_date), 'format': c.number_format} for c in row] for row in workbook.worksheets[0].iter_rows()]
subprocess.run(['ssconvert', '--export-type=Gnumeric_stf:stf_assistant', '-O', 'separator=, format=preserve', path, csv_path], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
with open(csv_path, newline='', encoding='utf-8') as handle:
    rows = list(csv.reader(handle))
print(json.dumps({'cells': cells, 'csv': rows, 'formulas': formulas}))
`;

export const readXlsx = (content: Buffer): ReadWorkbook => {
  const folder = mkdtempSync(join(tmpdir(), 'promovente-xlsx-'));
  try {
    const path = join(folder, 'file.xlsx');
    writeFileSync(path, content);
    // Debian's Python, where python3-openpyxl installs (not a version manager's shim on the PATH).
    const output = execFileSync('/usr/bin/python3', ['-c', SCRIPT, path, join(folder, 'file.csv')], { encoding: 'utf8' });
    return JSON.parse(output) as ReadWorkbook;
  } catch (error) {
    const message = String((error as { stderr?: unknown }).stderr ?? (error as Error).message);
    if (/No module named 'openpyxl'|ssconvert|ENOENT/.test(message)) {
      throw new Error(`reading .xlsx needs Debian's python3-openpyxl and gnumeric (apt-get install python3-openpyxl gnumeric): ${message}`);
    }
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

/** The characters that make a spreadsheet take a cell as a formula (OWASP, CSV injection). */
export const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A CSV field a spreadsheet would open as a formula: starts like one and is not a plain number. */
export const isLiveFormula = (field: string) => FORMULA_START.test(field) && !/^[-+]?\d+(?:[.,]\d+)?$/.test(field.replace(/['’\s]/g, ''));

/**
 * The workbook as exceljs reads it (sheet names, rows, styles). Read from a stream: exceljs's
 * typings declare a Buffer of their own, which Node's Buffer does not satisfy.
 */
export const loadWorkbook = (content: Buffer): Promise<ExcelJS.Workbook> => new ExcelJS.Workbook().xlsx.read(Readable.from(content));
