import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A name no Latin-1 font can print (Polish, Czech and Turkish letters): every PDF must print it. */
export const UNICODE_NAME = 'Łukasz Dvořák-Şahin';

/**
 * Reads back the PDFs the product writes with a reader nobody here wrote: poppler's `pdftotext`
 * and `pdffonts` (Debian `poppler-utils`, installed by `.ci/run`; README, "Requirements"). A
 * missing tool fails the test that calls it, loudly.
 */
const poppler = (tool: 'pdftotext' | 'pdffonts', pdf: Buffer, args: string[]): string => {
  const folder = mkdtempSync(join(tmpdir(), 'promovente-pdf-'));
  try {
    const path = join(folder, 'file.pdf');
    writeFileSync(path, pdf);
    return execFileSync(tool, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install Debian's poppler-utils (apt-get install poppler-utils)`);
    }
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

/** The text a PDF shows, in reading order, as `pdftotext` extracts it (UTF-8, pages split by form feeds). */
export const pdfText = (pdf: Buffer): string => poppler('pdftotext', pdf, ['-enc', 'UTF-8']);

/** The text of each page, in order. */
export const pdfPages = (pdf: Buffer): string[] => pdfText(pdf).split('\f').slice(0, -1);

export type PdfFont = { name: string; type: string; encoding: string; embedded: boolean; subset: boolean; unicode: boolean };

/** The fonts a PDF's pages use, as `pdffonts` lists them (its 'emb', 'sub' and 'uni' columns). */
export const pdfFonts = (pdf: Buffer): PdfFont[] => {
  const lines = poppler('pdffonts', pdf, []).split('\n');
  // The header, a line of dashes whose runs give the columns' widths, then one line per font.
  const ruler = lines[1] ?? '';
  const columns = [...ruler.matchAll(/-+/g)].map((match) => [match.index ?? 0, (match.index ?? 0) + match[0].length] as const);
  return lines
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cell = (index: number) => line.slice(columns[index][0], index + 1 < columns.length ? columns[index + 1][0] : undefined).trim();
      return {
        name: cell(0),
        type: cell(1),
        encoding: cell(2),
        embedded: cell(3) === 'yes',
        subset: cell(4) === 'yes',
        unicode: cell(5) === 'yes',
      };
    });
};
