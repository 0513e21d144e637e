import { PRICE_GRID_MAX_ROWS, PRICE_GRID_MESSAGES } from '@promovente/shared';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureFile, gridWorkbook, newLots, repeated, SHEET_END, SHEET_START, workbookOfSheet, zipOf } from './price-grid.fixtures.js';
import { ODS_MIME } from './price-grid.ods.js';
import { GridFileError, readGrid } from './price-grid.reader.js';
import { MAX_COLUMNS, MAX_SHEET_ROWS } from './price-grid.sheet.js';
import { openBoundedZip } from './price-grid.zip.js';

const refusal = (message: string) => new GridFileError(message);
const text = (value: string) => [Buffer.from(value)];

/** An .ods of one sheet whose table body is `rows` (content.xml written here, as LibreOffice lays it out). */
const odsOf = (rows: string, sheets = '') =>
  zipOf([
    { name: 'mimetype', content: text(ODS_MIME) },
    {
      name: 'content.xml',
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0">' +
          '<office:automatic-styles><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles>' +
          `<office:body><office:spreadsheet>${sheets}<table:table table:name="Grille">${rows}</table:table></office:spreadsheet></office:body></office:document-content>`,
      ),
    },
  ]);
const odsText = (value: string, attributes = '') =>
  `<table:table-cell office:value-type="string"${attributes}><text:p>${value}</text:p></table:table-cell>`;
const odsNumber = (value: number, attributes = '') =>
  `<table:table-cell office:value-type="float" office:value="${value}"${attributes}><text:p>${value}</text:p></table:table-cell>`;
const ODS_HEADER = `<table:table-row>${odsText('Lot')}${odsText('Prix (CHF)')}</table:table-row>`;

describe('the grid reader: an .xlsx', () => {
  it('reads the first sheet exceljs writes: the header names the columns, blank rows are skipped, lines keep their sheet numbers', async () => {
    const lines = newLots(3);
    const grid = await readGrid(await gridWorkbook([lines[0], {}, lines[1], lines[2]]));
    expect(grid.rows.map((r) => [r.line, r.cells.reference, r.cells.raw_price])).toEqual([
      [2, 'P-0001', 500_000],
      [4, 'P-0002', 501_000],
      [5, 'P-0003', 502_000],
    ]);
    expect([grid.sheet, grid.headerLine, grid.present.has('floor')]).toEqual(['Lots', 1, true]);
  });

  it('reads rich text, a formula by its saved result, booleans, and a formula saved without one as a problem', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lots');
    sheet.addRow(['Lot', 'Titre', 'Prix (CHF)', 'Lot PPE']);
    sheet.addRow([
      { richText: [{ text: 'A-' }, { text: '101', font: { bold: true } }] },
      'Attique',
      { formula: 'B9*2', result: 810_000 },
      true,
    ]);
    sheet.addRow(['A-102', null, { formula: 'B9*3' }, false]);
    const grid = await readGrid(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(grid.rows.map((r) => r.cells)).toEqual([
      { reference: 'A-101', title: 'Attique', raw_price: 810_000, lot_ppe: 'Oui' },
      { reference: 'A-102', title: null, raw_price: { problem: 'formula', text: '' }, lot_ppe: 'Non' },
    ]);
  });

  it(`reads the first ${MAX_COLUMNS} columns only: a header further right is not seen`, async () => {
    const far = Array.from({ length: MAX_COLUMNS }, () => 'x');
    const grid = await gridWorkbook([{ Lot: 'A-101' }], [...far, 'Lot']);
    await expect(readGrid(grid)).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.missingColumns(['Lot'])));
  });

  it(`refuses more than ${PRICE_GRID_MAX_ROWS.toLocaleString('en')} lot rows, and a sheet of more than ${MAX_SHEET_ROWS.toLocaleString('en')} rows, blank ones counted`, async () => {
    const lots = (count: number) => repeated('<row><c t="inlineStr"><is><t>A</t></is></c><c><v>1</v></c></row>', count);
    await expect(readGrid(await workbookOfSheet([SHEET_START, ...lots(PRICE_GRID_MAX_ROWS), SHEET_END]))).rejects.toEqual(
      refusal(PRICE_GRID_MESSAGES.tooManyRows),
    );
    await expect(readGrid(await workbookOfSheet([SHEET_START, ...repeated('<row/>', MAX_SHEET_ROWS), SHEET_END]))).rejects.toEqual(
      refusal(PRICE_GRID_MESSAGES.tooManySheetRows('Lots')),
    );
    // Just below both limits, the grid is read.
    const grid = await readGrid(await workbookOfSheet([SHEET_START, ...repeated('<row/>', MAX_SHEET_ROWS - 2), SHEET_END]));
    expect(grid.rows).toHaveLength(1);
  });

  it('refuses a zip that is no workbook, and malformed XML, as unreadable', async () => {
    await expect(readGrid(Buffer.from('PK\u0003\u0004 no directory'))).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.unreadable));
    await expect(readGrid(await zipOf([{ name: 'word/document.xml', content: text('<w:document/>') }]))).rejects.toEqual(
      refusal(PRICE_GRID_MESSAGES.unreadable),
    );
    await expect(readGrid(await workbookOfSheet([SHEET_START, Buffer.from('<row><c>')]))).rejects.toEqual(
      refusal(PRICE_GRID_MESSAGES.unreadable),
    );
  });

  it("never expands a DTD's entities (a billion laughs is refused, not grown)", async () => {
    const laughs = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Lot &b;</t></is></c></row></sheetData></worksheet>',
    );
    await expect(readGrid(await workbookOfSheet([laughs]))).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.unreadable));
  });
});

describe('the grid reader: an .ods', () => {
  it('repeats a repeated row and cell, passes over a hidden sheet, leaves a comment out of the cell and spans a merged cell down', async () => {
    const hidden = `<table:table table:name="Cachée" table:style-name="ta2">${ODS_HEADER}<table:table-row>${odsText('X-1')}${odsNumber(1)}</table:table-row></table:table>`;
    const grid = await readGrid(
      await odsOf(
        `<table:table-row>${odsText('Immeuble')}${ODS_HEADER.slice('<table:table-row>'.length)}` +
          `<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="3"/></table:table-row>` +
          `<table:table-row>${odsText('Bâtiment A', ' table:number-rows-spanned="2"')}` +
          `<table:table-cell office:value-type="string"><office:annotation><text:p>à vérifier</text:p></office:annotation><text:p>A-<text:s text:c="2"/>101</text:p></table:table-cell>${odsNumber(800_000)}</table:table-row>` +
          `<table:table-row table:number-rows-repeated="2"><table:covered-table-cell/>${odsText('A-102')}${odsNumber(650_000, ' table:number-columns-repeated="1"')}</table:table-row>` +
          '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>',
        hidden,
      ),
    );
    expect(grid.sheet).toBe('Grille');
    expect(grid.rows.map((r) => [r.line, r.cells.building, r.cells.reference, r.cells.raw_price])).toEqual([
      [4, 'Bâtiment A', 'A-  101', 800_000],
      [5, 'Bâtiment A', 'A-102', 650_000],
      [6, null, 'A-102', 650_000],
    ]);
  });

  it('reads a formula error and a formula saved without its result as problems', async () => {
    const grid = await readGrid(
      await odsOf(
        `${ODS_HEADER}<table:table-row>${odsText('A-101')}<table:table-cell table:formula="of:=1/0" office:value-type="float" office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell></table:table-row>` +
          `<table:table-row>${odsText('A-102')}<table:table-cell table:formula="of:=[.B9]"/></table:table-row>`,
      ),
    );
    expect(grid.rows.map((r) => r.cells.raw_price)).toEqual([
      { problem: 'error', text: '#DIV/0!' },
      { problem: 'formula', text: '' },
    ]);
  });

  it(`counts a repeated row that holds something once per copy against the ${MAX_SHEET_ROWS.toLocaleString('en')} rows of a sheet`, async () => {
    // Something outside the grid's columns: no lot row, but rows the reader goes through.
    const outside =
      '<table:table-cell table:number-columns-repeated="2"/><table:table-cell office:value-type="string"><text:p>note</text:p></table:table-cell>';
    const file = await odsOf(`${ODS_HEADER}<table:table-row table:number-rows-repeated="1000000">${outside}</table:table-row>`);
    await expect(readGrid(file)).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.tooManySheetRows('Grille')));
  });
});

describe('the bounded zip (yauzl): every byte inflated is counted while it is inflated', () => {
  const chunks = (size: number) => [Buffer.alloc(size, 0x41)];

  it('charges every entry to one budget, and refuses an entry that declares more than what is left before inflating it', async () => {
    const zip = await openBoundedZip(
      await zipOf([
        { name: 'a', content: chunks(600) },
        { name: 'b', content: chunks(600) },
      ]),
      1_000,
    );
    expect(await zip.text('a')).toHaveLength(600);
    await expect(zip.text('b')).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.unpackedTooBig));
  });

  it('cuts an entry that inflates beyond the size it declares at that size', async () => {
    const zip = await openBoundedZip(await zipOf([{ name: 'a', content: repeated('x', 50 * 1024 * 1024), declaredSize: 1_000 }]), 10_000);
    let seen = 0;
    await expect(
      zip.readText('a', (part) => {
        seen += part.length;
        return 'more';
      }),
    ).rejects.toEqual(refusal(PRICE_GRID_MESSAGES.unreadable));
    expect(seen).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops inflating when its reader has what it needs', async () => {
    const zip = await openBoundedZip(await zipOf([{ name: 'a', content: repeated('x', 20 * 1024 * 1024) }]), 30 * 1024 * 1024);
    let seen = 0;
    expect(
      await zip.readText('a', (part) => {
        seen += part.length;
        return 'stop';
      }),
    ).toBe(true);
    expect(seen).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('a damaged file', () => {
  it('is read or refused in French, never an other error: bytes of an .xlsx and an .ods changed at random', async () => {
    const files = [await gridWorkbook(newLots(20)), await fixtureFile('grid.odfpy.ods')];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: files.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        async (which, changes) => {
          const damaged = Buffer.from(files[which]);
          for (const [at, byte] of changes) damaged[at % damaged.length] = byte;
          try {
            await readGrid(damaged);
          } catch (error) {
            expect(error).toBeInstanceOf(GridFileError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
