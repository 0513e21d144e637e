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
