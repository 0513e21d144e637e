import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { multipartBody } from '../../test/multipart.js';
import { LOT_EXPORT_HEADERS } from '../lots/index.js';

/** The headers of 'Liste des lots', as the export writes them. */
export const GRID_HEADERS = LOT_EXPORT_HEADERS;

export type GridLine = Partial<Record<(typeof GRID_HEADERS)[number], string | number | null>>;

/** An .xlsx with the given header row and lines (a workbook a promoter would send). */
export const gridWorkbook = async (lines: GridLine[], headers: readonly string[] = GRID_HEADERS): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lots');
  sheet.addRow([...headers]);
  for (const line of lines) sheet.addRow(headers.map((h) => line[h as keyof GridLine] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** `count` new lots of building `building`: references P-0001..., prices from 500'000 CHF. */
export const newLots = (count: number, building = 'Bâtiment A'): GridLine[] =>
  Array.from({ length: count }, (_, index) => ({
    Lot: `P-${String(index + 1).padStart(4, '0')}`,
    Titre: `Appartement ${index + 1}`,
    Immeuble: building,
    Étage: ['RDC', '1er', '2ème', 'Attique'][index % 4],
    Type: index % 10 === 9 ? 'Place de parc intérieure' : 'Appartement',
    Pièces: 2.5 + (index % 4),
    'Surface habitable (m²)': 60 + (index % 50),
    'Surface PPE (m²)': 65 + (index % 50),
    Exposition: ['Nord', 'Sud', 'Est', 'Ouest'][index % 4],
    'Prix (CHF)': 500_000 + index * 1_000,
    'Lot PPE': `${index + 1}`,
    'Feuillet PPE': `${1000 + index}`,
  }));

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The multipart body of the preview with one grid file. */
export const gridUpload = (content: Buffer, filename = 'grille.xlsx', type = XLSX_TYPE) =>
  multipartBody([], [{ field: 'file', filename, type, content }]);

export const ODS_TYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/**
 * A grid written by a library the product does not read with (openpyxl, odfpy), committed in
 * `fixtures/` with the script that made it (fixtures/README.md).
 */
export const fixtureFile = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

/** A zip entry: its name, its content (chunks, deflated as they come), and the size its headers claim when it lies. */
export type ZipEntry = { name: string; content: Iterable<Buffer> | AsyncIterable<Buffer>; declaredSize?: number };

/**
 * A zip written here, byte by byte, so that it can lie: each entry deflated, its headers stating
 * `declaredSize` instead of its real unpacked size when given (a zip bomb's way past a guard that
 * believes the directory).
 */
export const zipOf = async (entries: ZipEntry[]): Promise<Buffer> => {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    let crc = 0;
    let size = 0;
    const deflated: Buffer[] = [];
    const deflate = createDeflateRaw({ level: 9 });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('data', (chunk: Buffer) => deflated.push(chunk));
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    const source = Readable.from(
      (async function* () {
        for await (const chunk of entry.content) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    source.pipe(deflate);
    await done;
    const data = Buffer.concat(deflated);
    const name = Buffer.from(entry.name, 'utf8');
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
};

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The opening of a one-sheet workbook's sheet: its header row (Lot, Prix (CHF)) and one lot row, in inline strings. */
export const SHEET_START = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>` +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Lot</t></is></c><c r="B1" t="inlineStr"><is><t>Prix (CHF)</t></is></c></row>' +
    '<row r="2"><c r="A2" t="inlineStr"><is><t>A-101</t></is></c><c r="B2"><v>810000</v></c></row>',
);
export const SHEET_END = Buffer.from('</sheetData></worksheet>');

/** `count` copies of `part`, in chunks of about 1 MB: megabytes of XML made without holding them. */
export function* repeated(part: string, count: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / part.length));
  const chunk = Buffer.from(part.repeat(perChunk));
  for (let done = 0; done < count; done += perChunk) {
    yield count - done >= perChunk ? chunk : Buffer.from(part.repeat(count - done));
  }
}

/** A one-sheet .xlsx whose sheet is `sheet` (chunks), its size declared as `declaredSheetSize` when given. */
export const workbookOfSheet = (sheet: Iterable<Buffer> | AsyncIterable<Buffer>, declaredSheetSize?: number) =>
  zipOf([
    {
      name: '[Content_Types].xml',
      content: [
        Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
            '<Default Extension="xml" ContentType="application/xml"/>' +
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
            '</Types>',
        ),
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Lots" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ),
      ],
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet, declaredSize: declaredSheetSize },
  ]);

/** What `work` took: its result, its time, and how far the process's resident memory rose above where it was (sampled every 2 ms). */
export const measured = async <T>(work: () => Promise<T>) => {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: performance.now() - started, grownMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sample);
  }
};
