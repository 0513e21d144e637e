import type { Readable } from 'node:stream';
import { PRICE_GRID_MESSAGES } from '@promovente/shared';
import yauzl from 'yauzl';
import { GridFileError, MAX_UNZIPPED_BYTES } from './price-grid.sheet.js';

/** Entries listed from a zip's directory: a workbook has a few dozen. */
const MAX_ENTRIES = 10_000;

/** A chunk's text handler: 'stop' ends the entry's reading (nothing more of it is inflated). */
export type TextSink = (text: string) => 'more' | 'stop';

/**
 * A zip read through yauzl (docs/decisions/022-bounded-grid-reader.md), the unpacking counted
 * while it runs: every byte inflated from every entry is charged to one budget, and the
 * inflation stops at the budget, whatever sizes the zip declares. yauzl also stops an entry that
 * inflates beyond its declared size (validateEntrySizes), so an entry that lies about its size
 * is cut at that size.
 */
export type BoundedZip = {
  has: (name: string) => boolean;
  /** The names of the entries, as the zip spells them. */
  names: () => string[];
  /** Streams an entry as UTF-8 text to `sink`; false when the entry is absent. */
  readText: (name: string, sink: TextSink) => Promise<boolean>;
  /** A whole (small) entry as text, null when absent. */
  text: (name: string) => Promise<string | null>;
};

const unreadable = () => new GridFileError(PRICE_GRID_MESSAGES.unreadable);
const tooBig = () => new GridFileError(PRICE_GRID_MESSAGES.unpackedTooBig);

export const openBoundedZip = async (content: Buffer, budget = MAX_UNZIPPED_BYTES): Promise<BoundedZip> => {
  let zip: yauzl.ZipFile;
  const entries = new Map<string, yauzl.Entry>();
  try {
    zip = await yauzl.fromBufferPromise(content, { validateEntrySizes: true, strictFileNames: false, autoClose: false });
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= MAX_ENTRIES) throw unreadable();
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
    }
  } catch (error) {
    if (error instanceof GridFileError) throw error;
    throw unreadable();
  }
  let left = budget;

  const readText = async (name: string, sink: TextSink) => {
    const entry = entries.get(name);
    if (!entry) return false;
    // An entry that says it unpacks beyond what is left is refused before inflating anything.
    if (entry.uncompressedSize > left) throw tooBig();
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch {
      throw unreadable();
    }
    const decoder = new TextDecoder('utf-8');
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (error?: GridFileError) => {
        if (settled) return;
        settled = true;
        stream.removeAllListeners('data');
        if (error) reject(error);
        else resolve();
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        left -= chunk.length;
        if (left < 0) {
          stream.destroy();
          finish(tooBig());
          return;
        }
        let answer: 'more' | 'stop';
        try {
          answer = sink(decoder.decode(chunk, { stream: true }));
        } catch (error) {
          stream.destroy();
          finish(error instanceof GridFileError ? error : unreadable());
          return;
        }
        if (answer === 'stop') {
          stream.destroy();
          finish();
        }
      });
      stream.on('error', () => finish(unreadable()));
      stream.on('end', () => {
        if (settled) return;
        try {
          const rest = decoder.decode();
          if (rest !== '') sink(rest);
          finish();
        } catch (error) {
          finish(error instanceof GridFileError ? error : unreadable());
        }
      });
    });
    return true;
  };

  return {
    has: (name) => entries.has(name),
    names: () => [...entries.keys()],
    readText,
    text: async (name) => {
      const parts: string[] = [];
      const found = await readText(name, (text) => {
        parts.push(text);
        return 'more';
      });
      return found ? parts.join('') : null;
    },
  };
};
