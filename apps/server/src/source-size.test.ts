import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source file over 400 lines without a reason (issue 19): a longer file is split into cohesive
 * files, or says at its top, within its first 5 lines, "Over 400 lines:" and why (a table of
 * cases, the demo's data). Every .ts and .tsx file of apps/ and packages/ counts, tests included.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_LINES = 400;
/** "Over 400 lines:" then at least a few words of reason. */
const REASON = /Over 400 lines:\s*\S.{10,}/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('source file sizes', () => {
  const files = ['apps', 'packages'].flatMap((top) => sourceFiles(path.join(ROOT, top)));

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`keeps every source file within ${MAX_LINES} lines, or gives the reason at its top`, () => {
    const unexplained = files.flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      if (lines.length <= MAX_LINES || REASON.test(lines.slice(0, 5).join('\n'))) return [];
      return [`${path.relative(ROOT, file)}: ${lines.length} lines, no "Over ${MAX_LINES} lines:" reason in its first 5 lines`];
    });
    expect(unexplained).toEqual([]);
  });
});
