import { PRICE_GRID_MESSAGES } from '@promovente/shared';
import { describe, expect, it } from 'vitest';
import { gridWorkbook, newLots } from './price-grid.fixtures.js';
import { declaredUnzippedBytes, GridFileError, MAX_UNZIPPED_BYTES, readGrid } from './price-grid.reader.js';

/** A workbook whose central directory claims `bytes` for its first entry (a zip bomb's signature). */
const claiming = (workbook: Buffer, bytes: number) => {
  const copy = Buffer.from(workbook);
  const entry = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  copy.writeUInt32LE(bytes, entry + 24);
  return copy;
};

describe('the grid reader', () => {
  it('reads the first sheet: the header names the columns, blank rows are skipped, lines keep their sheet numbers', async () => {
    const lines = newLots(3);
    const grid = await readGrid(await gridWorkbook([lines[0], {}, lines[1], lines[2]]));
    expect(grid.rows.map((r) => [r.line, r.cells.reference, r.cells.raw_price])).toEqual([
      [2, 'P-0001', 500_000],
      [4, 'P-0002', 501_000],
      [5, 'P-0003', 502_000],
    ]);
    expect(grid.present.has('floor')).toBe(true);
  });

  it('sums what the entries of a zip unpack to, from its central directory', async () => {
    const workbook = await gridWorkbook(newLots(10));
    const declared = declaredUnzippedBytes(workbook);
    expect(declared).toBeGreaterThan(workbook.length);
    expect(declaredUnzippedBytes(Buffer.from('PK\u0003\u0004 no directory'))).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses a workbook that would unpack beyond the limit (a zip bomb) before inflating anything', async () => {
    const bomb = claiming(await gridWorkbook(newLots(1)), MAX_UNZIPPED_BYTES + 1);
    await expect(readGrid(bomb)).rejects.toEqual(new GridFileError(PRICE_GRID_MESSAGES.tooBig));
  });
});
