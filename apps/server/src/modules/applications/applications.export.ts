import { APPLICATION_PRIORITY_LABELS, type ApplicationRow, MILESTONE_LABELS, MILESTONES, XLSX_FORMATS } from '@promovente/shared';
import ExcelJS from 'exceljs';

/** The columns of the funnel's export, in the table's order (docs/product/funnel.md#screens), then the file's extras. */
export const APPLICATION_EXPORT_HEADERS = [
  'Courtier',
  'Priorité',
  'Client',
  'Partenaire',
  'Statut',
  'Immeuble',
  'Lot',
  'Pièces',
  'Surface habitable (m²)',
  'Étage',
  'Prix (CHF)',
  'Prix total (CHF)',
  'Prix négocié (CHF)',
  ...MILESTONES.map((m) => MILESTONE_LABELS[m]),
  'Tâches ouvertes',
] as const;

const milestoneCell = (text: string | null, checked: boolean) => `${checked ? '✓ ' : ''}${text ?? ''}`.trim();

/** 'Tunnel de vente': one sheet, a header row, then one row per filtered application. */
export const buildApplicationsWorkbook = async (rows: ApplicationRow[], promotionTitle: string): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Promovente';
  workbook.title = `Tunnel de vente - ${promotionTitle}`;
  const sheet = workbook.addWorksheet('Tunnel de vente');
  sheet.addRow([...APPLICATION_EXPORT_HEADERS]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      row.broker?.full_name ?? '',
      APPLICATION_PRIORITY_LABELS[row.priority] ?? String(row.priority),
      row.candidacy1.candidate.full_name,
      row.candidacy2?.candidate.full_name ?? '',
      row.status_text,
      row.lot.building,
      row.lot.reference,
      row.lot.nb_rooms,
      row.lot.area_hab,
      row.lot.floor,
      row.lot.price,
      row.lot.total_price,
      row.negociated_price,
      ...MILESTONES.map((m) => milestoneCell(row[`status_${m}`], row[`status_${m}_checked`])),
      row.tasks_count,
    ]);
  }
  for (const column of [8, 9]) sheet.getColumn(column).numFmt = XLSX_FORMATS.decimal;
  for (const column of [11, 12, 13]) sheet.getColumn(column).numFmt = XLSX_FORMATS.amount;
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: APPLICATION_EXPORT_HEADERS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
