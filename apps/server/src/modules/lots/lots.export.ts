import { LOT_STATUS_LABELS, type LotRow, XLSX_FORMATS } from '@promovente/shared';
import ExcelJS from 'exceljs';

/** The columns of the 'Liste des lots' export, in the table's order. */
export const LOT_EXPORT_HEADERS = [
  'Statut',
  'Lot',
  'Titre',
  'Immeuble',
  'Étage',
  'Type',
  'Pièces',
  'Surface habitable (m²)',
  'Surface PPE (m²)',
  'Exposition',
  'Prix (CHF)',
  'Prix total (CHF)',
  'PRS',
  'Lot PPE',
  'Feuillet PPE',
  'Candidats',
] as const;

/** 'Liste des lots': one sheet, a header row, then one row per filtered lot. */
export const buildLotsWorkbook = async (rows: LotRow[], promotionTitle: string): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Promovente';
  workbook.title = `Liste des lots - ${promotionTitle}`;
  const sheet = workbook.addWorksheet('Lots');
  sheet.addRow([...LOT_EXPORT_HEADERS]);
  sheet.getRow(1).font = { bold: true };
  for (const lot of rows) {
    sheet.addRow([
      LOT_STATUS_LABELS[lot.status] ?? '',
      lot.reference,
      lot.title,
      lot.building.title,
      lot.floor.title,
      lot.type,
      lot.nb_rooms,
      lot.area_hab,
      lot.area_ppe,
      lot.exposure ?? '',
      lot.price,
      lot.total_price,
      lot.raw_status === 1 ? 'Oui' : 'Non',
      lot.lot_ppe ?? '',
      lot.feuillet_ppe ?? '',
      lot.applications_count,
    ]);
  }
  for (const column of [7, 8, 9]) sheet.getColumn(column).numFmt = XLSX_FORMATS.decimal;
  for (const column of [11, 12]) sheet.getColumn(column).numFmt = XLSX_FORMATS.amount;
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
