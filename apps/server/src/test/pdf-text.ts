import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by pdfkit shows, line by line: its streams inflated, the hex strings of
 * each text operator (TJ) joined and decoded (Helvetica's WinAnsi: French accents included).
 * Enough to read back the documents the product generates; not a general PDF reader.
 */
export const pdfText = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const bytes = Buffer.from(m[1], 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return m[1];
    }
  });
  const decoder = new TextDecoder('windows-1252');
  return streams
    .join('\n')
    .split(/\n/)
    .filter((line) => line.endsWith('TJ'))
    .map((line) => [...line.matchAll(/<([0-9a-f]+)>/g)].map((m) => decoder.decode(Buffer.from(m[1], 'hex'))).join(''))
    .join('\n');
};
