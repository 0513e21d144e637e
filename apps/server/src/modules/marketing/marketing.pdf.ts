import { formatCHF, formatDate, formatDay, formatRooms, LOT_STATUS_LABELS } from '@promovente/shared';
import { type PdfDocument, renderPdf } from '../../platform/pdf.js';

/** Everything the marketing report shows (docs/product/marketing.md#the-report-pdf). */
export type ReportContent = {
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
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
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
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(text, doc.page.margins.left).moveDown(0.3);
};

const write = (doc: PdfDocument, report: ReportContent) => {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text('Rapport marketing', left);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${report.promotionTitle} - ${formatDate(report.createdAt)}`);
  doc.moveDown(0.5).fillColor(TEXT);
  doc.text(`Nombre de visites : ${report.numberOfVisits}`);
  doc.text(`Visites futures : ${report.numberOfFutureVisits}`);

  if (report.screenshot) {
    heading(doc, 'Visites');
    doc.image(report.screenshot, left, doc.y, { fit: [width, 300] });
    doc.y += 310;
  }

  heading(doc, 'Retours');
  const feedback: [string, string | null][] = [
    ['Points positifs', report.feedback.positive],
    ['À faire', report.feedback.todo],
    ['Problèmes', report.feedback.problem],
  ];
  for (const [label, text] of feedback) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(label, left);
    doc
      .font('Helvetica')
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
      report.lots.map((lot) => [
        lot.reference,
        `${lot.type}, ${formatRooms(lot.nb_rooms)}`,
        LOT_STATUS_LABELS[lot.status] ?? '-',
        formatCHF(lot.price),
      ]),
    );
  }

  if (report.campaigns) {
    heading(doc, 'Campagnes marketing');
    const { period, rows } = report.campaigns;
    doc
      .font('Helvetica')
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
          `${formatDay(row.start_at)} - ${formatDay(row.end_at)}`,
          formatCHF(row.price),
          formatCHF(row.cost),
        ]),
        ['Total', '', '', '', formatCHF(rows.reduce((sum, row) => sum + row.cost, 0))],
      ],
    );
  }
};

/** The report as a PDF (A4, Helvetica: the built-in font renders French accents). */
export const buildReportPdf = (report: ReportContent, options: { compress?: boolean } = {}): Promise<Buffer> =>
  renderPdf({ info: { Title: `Rapport marketing - ${report.promotionTitle}`, Author: 'Promovente' }, compress: options.compress }, (doc) =>
    write(doc, report),
  );
