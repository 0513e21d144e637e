import {
  APPLICATION_PRIORITY_LABELS,
  type ApplicationRow,
  DEFAULT_APPLICATION_PRIORITY,
  MILESTONE_LABELS,
  MILESTONES,
  XLSX_FORMATS,
} from '@promovente/shared';
import { addRow, inertText, newSheet, workbookBuffer, type XlsxCell } from '../../platform/xlsx.js';

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

/** 'Priorité' is a number (1, 2, 3), 'NP' (9) shown as its label by the cell's format. */
const PRIORITY_FORMAT = `[=${DEFAULT_APPLICATION_PRIORITY}]"${APPLICATION_PRIORITY_LABELS[DEFAULT_APPLICATION_PRIORITY]}";0`;

/** A milestone text ending with its Swiss day (and time): 'Validé le 05/03/2026 10:00'. */
const DATED_MILESTONE = /^([^"\\]*?)\s*(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/**
 * A milestone as the funnel shows it ('✓ Validé le 05/03/2026 10:00'). When its text ends with a
 * date, the cell is that date (Swiss wall time, Excel dates carry no zone), its words kept in the
 * cell's format, so the column sorts and filters as dates; any other text stays text.
 */
export const milestoneCell = (text: string | null, checked: boolean): XlsxCell => {
  const shown = `${checked ? '✓ ' : ''}${text ?? ''}`.trim();
  const match = DATED_MILESTONE.exec(shown);
  if (!match) return shown;
  const [, words, day, month, year, hours, minutes] = match;
  const value = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours ?? 0), Number(minutes ?? 0)));
  if (value.getUTCDate() !== Number(day) || value.getUTCMonth() !== Number(month) - 1) return shown;
  const date = hours === undefined ? XLSX_FORMATS.date : XLSX_FORMATS.dateTime;
  // The words are shown before the date, also in a CSV saved from the file: inert like any text.
  return { value, numFmt: words ? `"${inertText(words)} "${date}` : date };
};

/** 'Tunnel de vente': one sheet, a header row, then one row per filtered application. */
export const buildApplicationsWorkbook = async (rows: ApplicationRow[], promotionTitle: string): Promise<Buffer> => {
  const { workbook, sheet } = newSheet({
    title: `Tunnel de vente - ${promotionTitle}`,
    sheet: 'Tunnel de vente',
    headers: APPLICATION_EXPORT_HEADERS,
  });
  for (const row of rows) {
    addRow(sheet, [
      row.broker?.full_name ?? '',
      { value: row.priority, numFmt: PRIORITY_FORMAT },
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
  for (const index of MILESTONES.keys()) sheet.getColumn(14 + index).width = 26;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: APPLICATION_EXPORT_HEADERS.length } };
  return workbookBuffer(workbook);
};
