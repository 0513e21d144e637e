import { formatCHF, formatDate, formatDay, formatRooms, LOT_STATUS_LABELS, MARKETING_MESSAGES } from '@promovente/shared';
import { PDF_FONT, type PdfDocument, renderPdf, writePageFooters } from '../../platform/pdf.js';

/** Everything the marketing report shows (docs/product/marketing.md#the-report-pdf). */
export type ReportContent = {
  /** The report's N° in its promotion. */
  number: number;
  promotionTitle: string;
  createdAt: string;
  numberOfVisits: number;
  numberOfFutureVisits: number;
  screenshot: Buffer | null;
  feedback: { positive: string | null; todo: string | null; problem: string | null };
  lots: { reference: string; type: string; nb_rooms: number; status: number; price: number }[] | null;
  campaigns: {
    period: { from: string; to: string };
    rows: {
      title: string;
      method: string | null;
      agency: string | null;
      start_at: string | null;
      end_at: string | null;
      price: number;
      cost: number;
    }[];
  } | null;
};

/** A lot's kind as the report's 'Type' shows it: its type, and its rooms when it has any (never '0 pièce' for a parking). */
export const lotKind = (lot: { type: string; nb_rooms: number }) =>
  lot.nb_rooms > 0 ? `${lot.type}, ${formatRooms(lot.nb_rooms)}` : lot.type;

/** A campaign's days: both ends, or the one it has ('Dès le …', 'Jusqu’au …'), '-' for none. */
export const campaignDays = (campaign: { start_at: string | null; end_at: string | null }) => {
  const { start_at: start, end_at: end } = campaign;
  if (start && end) return `${formatDay(start)} - ${formatDay(end)}`;
  if (start) return `Dès le ${formatDay(start)}`;
  if (end) return `Jusqu’au ${formatDay(end)}`;
  return '-';
};

const BRAND = '#1e3a8a';
const MUTED = '#475569';
const TEXT = '#0f172a';

type Column = { label: string; width: number; align?: 'left' | 'right' };

const table = (doc: PdfDocument, columns: Column[], rows: string[][]) => {
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const drawRow = (cells: string[], bold: boolean) => {
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 6 }))) + 6;
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(9)
      .fillColor(bold ? BRAND : TEXT);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    doc
      .strokeColor('#cbd5e1')
      .moveTo(left, y + height)
      .lineTo(x, y + height)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(
    columns.map((column) => column.label),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.moveDown(1);
};

const heading = (doc: PdfDocument, text: string) => {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.moveDown(0.5).font(PDF_FONT.bold).fontSize(13).fillColor(BRAND).text(text, doc.page.margins.left).moveDown(0.3);
};

const write = (doc: PdfDocument, report: ReportContent) => {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(BRAND).text(`Rapport marketing n° ${report.number}`, left);
  doc
    .font(PDF_FONT.regular)
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${report.promotionTitle} - ${formatDate(report.createdAt)}`);
  doc.moveDown(0.5).fillColor(TEXT);
  doc.text(`Nombre de visites : ${report.numberOfVisits}`);
  doc.text(`Visites futures : ${report.numberOfFutureVisits}`);

  if (report.screenshot) {
    heading(doc, 'Visites');
    try {
      doc.image(report.screenshot, left, doc.y, { fit: [width, 300] });
      doc.y += 310;
    } catch {
      // A screenshot stored before uploads were decoded: the report still downloads, and says so.
      doc.font(PDF_FONT.regular).fontSize(10).fillColor(MUTED).text(MARKETING_MESSAGES.screenshotUnreadableInPdf, left).fillColor(TEXT);
    }
  }

  heading(doc, 'Retours');
  const feedback: [string, string | null][] = [
    ['Points positifs', report.feedback.positive],
    ['À faire', report.feedback.todo],
    ['Problèmes', report.feedback.problem],
  ];
  for (const [label, text] of feedback) {
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(TEXT).text(label, left);
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .fillColor(TEXT)
      .text(text ?? '-', left, doc.y, { width })
      .moveDown(0.5);
  }

  if (report.lots) {
    heading(doc, 'Lots');
    table(
      doc,
      [
        { label: 'Référence', width: 90 },
        { label: 'Type', width: 160 },
        { label: 'Statut', width: 110 },
        { label: 'Prix', width: width - 360, align: 'right' },
      ],
      report.lots.map((lot) => [lot.reference, lotKind(lot), LOT_STATUS_LABELS[lot.status] ?? '-', formatCHF(lot.price)]),
    );
  }

  if (report.campaigns) {
    heading(doc, 'Campagnes marketing');
    const { period, rows } = report.campaigns;
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Période du ${formatDay(period.from)} au ${formatDay(period.to)}`, left)
      .moveDown(0.3);
    table(
      doc,
      [
        { label: 'Campagne', width: 130 },
        { label: 'Méthode', width: 80 },
        { label: 'Dates', width: 125 },
        { label: 'Prix', width: 80, align: 'right' },
        { label: 'Coût (période)', width: width - 415, align: 'right' },
      ],
      [
        ...rows.map((row) => [
          row.agency ? `${row.title} (${row.agency})` : row.title,
          row.method ?? '-',
          campaignDays(row),
          formatCHF(row.price),
          formatCHF(row.cost),
        ]),
        ['Total', '', '', '', formatCHF(rows.reduce((sum, row) => sum + row.cost, 0))],
      ],
    );
  }

  const footer = `${report.promotionTitle} · Rapport marketing n° ${report.number} du ${formatDate(report.createdAt)}`;
  writePageFooters(doc, (page, count) => `${footer} · Page ${page} / ${count}`, MUTED);
};

/** The report as a PDF (A4, Noto Sans embedded), every page numbered. */
export const buildReportPdf = (report: ReportContent): Promise<Buffer> =>
  renderPdf(
    { info: { Title: `Rapport marketing n° ${report.number} - ${report.promotionTitle}`, Author: 'Promovente' }, bufferPages: true },
    (doc) => write(doc, report),
  );
