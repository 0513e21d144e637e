import { randomUUID } from 'node:crypto';
import { formatArea, formatCHF, formatDate, formatRooms } from '@promovente/shared';
import sharp from 'sharp';
import { PDF_FONT, type PdfDocument, renderPdf } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';
import { addRow, newSheet, workbookBuffer } from '../../platform/xlsx.js';

/**
 * The stored contents of the demo's files (docs/sales-process.md#demo-file-contents-built): small but
 * real PDFs written with pdfkit, a price grid workbook and a visits screenshot drawn by sharp. The
 * seed stores them when it is given a storage (the server's first start, `npm run seed`); the test
 * databases have none and their rows come without content.
 */

const BRAND = '#1e3a8a';
const MUTED = '#475569';
const TEXT = '#0f172a';

/** A main lot as the brochure and the price grid list it: its own price, and its total with its associated lots. */
export type DemoLot = { reference: string; title: string; nbRooms: number; areaHab: number; rawPrice: number; price: number };

/** What one demo PDF says: its title, the promotion, a few paragraphs and, for the brochure, a cover and the lots. */
export type DemoDocument = {
  title: string;
  promotion: { title: string; city: string; zip: string };
  paragraphs: string[];
  /** The brochure: a cover page, then a summary of the lots. */
  brochure?: { lots: DemoLot[] };
  date: Date;
};

const LOT_COLUMNS = [
  { label: 'Lot', width: 60 },
  { label: 'Désignation', width: 185 },
  { label: 'Pièces', width: 70 },
  { label: 'Surface', width: 80 },
  { label: 'Prix', width: 100 },
] as const;

const lotsTable = (doc: PdfDocument, lots: DemoLot[]) => {
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const row = (cells: string[], bold: boolean) => {
    if (doc.y + 16 > bottom) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(9)
      .fillColor(bold ? BRAND : TEXT);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 3, y + 3, { width: LOT_COLUMNS[i].width - 6, lineBreak: false, align: i >= 2 ? 'right' : 'left' });
      x += LOT_COLUMNS[i].width;
    });
    doc
      .strokeColor('#cbd5e1')
      .moveTo(left, y + 16)
      .lineTo(x, y + 16)
      .stroke();
    doc.y = y + 16;
  };
  row(
    LOT_COLUMNS.map((c) => c.label),
    true,
  );
  for (const lot of lots) row([lot.reference, lot.title, formatRooms(lot.nbRooms), formatArea(lot.areaHab), formatCHF(lot.price)], false);
};

/** A real PDF: a title, the promotion, the date and a few lines of French; the brochure adds a cover and the lots. */
export const demoPdf = (content: DemoDocument): Promise<Buffer> =>
  renderPdf({ info: { Title: `${content.title} - ${content.promotion.title}`, Author: 'Promovente', CreationDate: content.date } }, (doc) =>
    writeDocument(doc, content),
  );

const writeDocument = (doc: PdfDocument, content: DemoDocument) => {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const place = `${content.promotion.zip} ${content.promotion.city}`;
  if (content.brochure) {
    doc.rect(0, 0, doc.page.width, doc.page.height).fill(BRAND);
    doc.font(PDF_FONT.bold).fontSize(34).fillColor('#ffffff').text(content.promotion.title, left, 280, { width });
    doc.font(PDF_FONT.regular).fontSize(16).text(`Appartements en PPE à ${place}`, { width });
    doc.moveDown(2).fontSize(12).text('Brochure de vente', { width });
    doc.addPage();
  }
  doc.font(PDF_FONT.bold).fontSize(20).fillColor(BRAND).text(content.title, left, doc.page.margins.top, { width });
  doc.font(PDF_FONT.regular).fontSize(11).fillColor(MUTED).text(`${content.promotion.title}, ${place}`, { width });
  doc.text(formatDate(content.date), { width });
  doc
    .moveDown(0.5)
    .strokeColor('#cbd5e1')
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(1).font(PDF_FONT.regular).fontSize(11).fillColor(TEXT);
  for (const paragraph of content.paragraphs) doc.text(paragraph, { width, align: 'justify' }).moveDown(0.6);
  if (content.brochure) {
    doc.moveDown(0.5).font(PDF_FONT.bold).fontSize(13).fillColor(BRAND).text('Récapitulatif des lots', { width }).moveDown(0.4);
    lotsTable(doc, content.brochure.lots);
  }
};

/**
 * The internal price grid: a title row, then one row per main lot with its price and its total
 * (the columns 'Prix (CHF)' and 'Prix total (CHF)' mean what they mean in 'Liste des lots', so
 * that the grid imported into its promotion changes nothing).
 */
export const demoPriceGrid = async (promotionTitle: string, lots: DemoLot[]): Promise<Buffer> => {
  const { workbook, sheet } = newSheet({ sheet: 'Grille de prix', headers: [`Grille de prix interne - ${promotionTitle}`] });
  sheet.getRow(1).font = { bold: true };
  addRow(sheet, ['Lot', 'Désignation', 'Pièces', 'Surface habitable (m²)', 'Prix (CHF)', 'Prix total (CHF)']).font = { bold: true };
  for (const lot of lots) addRow(sheet, [lot.reference, lot.title, lot.nbRooms, lot.areaHab, lot.rawPrice, lot.price]);
  sheet.getColumn(2).width = 32;
  sheet.getColumn(4).width = 22;
  for (const column of [5, 6]) {
    sheet.getColumn(column).width = 16;
    sheet.getColumn(column).numFmt = "#'##0";
  }
  return workbookBuffer(workbook);
};

/** A screenshot of the website's visits statistics over the last weeks (a PNG, as a broker would upload it). */
export const demoVisitsScreenshot = (title: string, visitsPerDay: number[]): Promise<Buffer> => {
  const max = Math.max(1, ...visitsPerDay);
  const barWidth = 680 / visitsPerDay.length;
  const bars = visitsPerDay
    .map((visits, i) => {
      const height = Math.round((visits / max) * 240);
      return `<rect x="${60 + i * barWidth + 3}" y="${340 - height}" width="${barWidth - 6}" height="${height}" fill="#3b82f6"/>`;
    })
    .join('');
  const total = visitsPerDay.reduce((sum, n) => sum + n, 0);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
    <rect width="800" height="400" fill="#ffffff"/>
    <rect width="800" height="48" fill="#f1f5f9"/>
    <text x="24" y="31" font-family="sans-serif" font-size="18" font-weight="bold" fill="#0f172a">${title}</text>
    <text x="776" y="31" font-family="sans-serif" font-size="14" fill="#475569" text-anchor="end">${total} visites</text>
    <line x1="60" y1="340" x2="740" y2="340" stroke="#cbd5e1" stroke-width="2"/>
    ${bars}
    <text x="60" y="370" font-family="sans-serif" font-size="12" fill="#475569">Il y a ${visitsPerDay.length} jours</text>
    <text x="740" y="370" font-family="sans-serif" font-size="12" fill="#475569" text-anchor="end">Aujourd'hui</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/**
 * Where a demo file's content goes: with a storage, the content is made and stored and the row
 * carries its key and real size; without one, a key naming nothing and the given size.
 */
export const storeDemoContent = async (
  storage: Storage | undefined,
  make: () => Promise<Buffer>,
  withoutStorage: { key?: string; size: number },
): Promise<{ storageKey: string; size: number }> => {
  if (!storage) return { storageKey: withoutStorage.key ?? randomUUID(), size: withoutStorage.size };
  const content = await make();
  return { storageKey: await storage.put(content), size: content.length };
};
