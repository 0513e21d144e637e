import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PDF_MIME = 'application/pdf';

/** The part of pdfkit's document the product uses (the package ships no type declarations). */
export type PdfDocument = {
  /** Only the embedded fonts: a built-in one (Helvetica) could not print every name. */
  font: (name: PdfFontName) => PdfDocument;
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
type PdfDocumentConstructor = new (
  options: Record<string, unknown>,
) => PdfDocument & {
  registerFont: (name: string, source: ParsedFont) => PdfDocument;
};

const require = createRequire(import.meta.url);
const PDFDocument = require('pdfkit') as PdfDocumentConstructor;

/**
 * The product's PDF typeface: Noto Sans (Google Fonts' static TrueType files, shipped by the
 * `@expo-google-fonts/noto-sans` package), which covers Latin with every European accent, Greek
 * and Cyrillic. pdfkit's built-in Helvetica writes WinAnsi (Latin-1) only: 'Łukasz Dvořák-Şahin'
 * came out as garbage (docs/decisions/024-files-read-in-any-tool.md). pdfkit embeds the subset
 * of glyphs a document uses, with its Unicode map, so any reader shows and copies the names.
 */
export const PDF_FONT = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' } as const;
export type PdfFontName = (typeof PDF_FONT)[keyof typeof PDF_FONT];

const FONT_FILES = {
  [PDF_FONT.regular]: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  [PDF_FONT.bold]: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

/**
 * A font parsed by fontkit, the parser pdfkit itself uses (no type declarations either).
 * `_glyphs` is fontkit's cache of the glyphs it made, each with the characters it was made for.
 */
type ParsedFont = { layout: (text: string) => unknown; _glyphs: Record<number, unknown> };
const fontkit = require('fontkit') as { create: (buffer: Buffer) => ParsedFont };

let parsedFonts: [string, ParsedFont][] | null = null;
/**
 * The two TrueType files, read and parsed once per process. Given a file's bytes, pdfkit parses
 * it again for every document, and fontkit decodes its layout tables again at the first line of
 * text: about 150 of the 200 ms of a one-page document. Given the parsed font, pdfkit embeds in
 * each document the subset of glyphs it uses all the same, and the decoded tables serve them all.
 *
 * Each document starts with an empty cache of glyphs: the subset of a document makes the parts of
 * its accented letters ('a' of 'à') without their characters, and the next document that printed
 * that 'a' would have left it out of its text map (pdftotext read 'Č pek'). A document is written
 * in one synchronous run (`renderPdf`), so no other can use the fonts in between.
 */
const freshFonts = () => {
  parsedFonts ??= Object.entries(FONT_FILES).map(([name, path]) => [name, fontkit.create(readFileSync(require.resolve(path)))]);
  for (const [, font] of parsedFonts) font._glyphs = {};
  return parsedFonts;
};

export type PdfOptions = {
  /** The document's properties (Title, Author, Subject, CreationDate). */
  info: Record<string, string | Date>;
  /** Keeps every page until the end, so that a footer can be written on each. */
  bufferPages?: boolean;
};

/** An A4 PDF (50 pt margins, Noto Sans embedded, `PDF_FONT`) written by `write`, as a buffer. */
export const renderPdf = (options: PdfOptions, write: (doc: PdfDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 50, left: 50, right: 50 },
      bufferPages: options.bufferPages ?? false,
      info: options.info,
      // No built-in font: the first text font is the embedded one.
      font: null,
    });
    for (const [name, content] of freshFonts()) doc.registerFont(name, content);
    doc.font(PDF_FONT.regular);
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

/**
 * Writes a footer line on every page, right-aligned in the bottom margin: `text(page, count)`,
 * page counted from 1 (the document must be made with `bufferPages`).
 */
export const writePageFooters = (doc: PdfDocument, text: (page: number, count: number) => string, colour = '#475569') => {
  const range = doc.bufferedPageRange();
  const left = doc.page.margins.left;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    // Written inside the bottom margin: without it, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(PDF_FONT.regular).fontSize(8).fillColor(colour);
    doc.text(text(index - range.start + 1, range.count), left, doc.page.height - bottom + 16, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
};
