import { createRequire } from 'node:module';

export const PDF_MIME = 'application/pdf';

/** The part of pdfkit's document the product uses (the package ships no type declarations). */
export type PdfDocument = {
  font: (name: string) => PdfDocument;
  fontSize: (size: number) => PdfDocument;
  fillColor: (colour: string) => PdfDocument;
  strokeColor: (colour: string) => PdfDocument;
  rect: (x: number, y: number, w: number, h: number) => PdfDocument;
  fill: (colour?: string) => PdfDocument;
  text(text: string, options?: Record<string, unknown>): PdfDocument;
  text(text: string, x: number, y?: number, options?: Record<string, unknown>): PdfDocument;
  image: (source: Buffer, x?: number, y?: number, options?: Record<string, unknown>) => PdfDocument;
  moveDown: (lines?: number) => PdfDocument;
  moveTo: (x: number, y: number) => PdfDocument;
  lineTo: (x: number, y: number) => PdfDocument;
  stroke: () => PdfDocument;
  addPage: () => PdfDocument;
  bufferedPageRange: () => { start: number; count: number };
  switchToPage: (index: number) => PdfDocument;
  heightOfString: (text: string, options?: Record<string, unknown>) => number;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDocument;
  on(event: 'end', listener: () => void): PdfDocument;
  on(event: 'error', listener: (error: Error) => void): PdfDocument;
  end: () => void;
  x: number;
  y: number;
  page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
};
type PdfDocumentConstructor = new (options: Record<string, unknown>) => PdfDocument;

const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfDocumentConstructor;

export type PdfOptions = {
  /** The document's properties (Title, Author, Subject, CreationDate). */
  info: Record<string, string | Date>;
  /** false writes the text streams uncompressed: tests read the text back. */
  compress?: boolean;
  /** Keeps every page until the end, so that a footer can be written on each. */
  bufferPages?: boolean;
};

/** An A4 PDF (50 pt margins, Helvetica: the built-in font renders French accents) written by `write`, as a buffer. */
export const renderPdf = (options: PdfOptions, write: (doc: PdfDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 50, left: 50, right: 50 },
      bufferPages: options.bufferPages ?? false,
      compress: options.compress ?? true,
      info: options.info,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      write(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
