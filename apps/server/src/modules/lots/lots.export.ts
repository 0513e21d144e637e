import { LOT_STATUS_LABELS, type LotRow, XLSX_FORMATS } from '@promovente/shared';
import { addRow, newSheet, workbookBuffer } from '../../platform/xlsx.js';

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
  const { workbook, sheet } = newSheet({ title: `Liste des lots - ${promotionTitle}`, sheet: 'Lots', headers: LOT_EXPORT_HEADERS });
  for (const lot of rows) {
    addRow(sheet, [
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
  return workbookBuffer(workbook);
};
