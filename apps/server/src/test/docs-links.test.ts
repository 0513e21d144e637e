import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository's root: docs and README must stand alone in a clone (docs/architecture.md). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });

const DOCS = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** Relative targets of Markdown links `[text](target)`, anchors and external addresses aside. */
const linkTargets = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.split('#')[0]);

describe('docs stand alone in a clone of the repository', () => {
  it('reads the README and every page of docs/', () => {
    expect(DOCS.length).toBeGreaterThan(10);
  });

  it.each(DOCS.map((file) => [path.relative(ROOT, file), file]))(
    '%s: every relative link resolves inside the repository',
    (_name, file) => {
      const broken = linkTargets(readFileSync(file, 'utf8')).filter((target) => {
        const resolved = path.resolve(path.dirname(file), target);
        return !resolved.startsWith(`${ROOT}${path.sep}`) || !existsSync(resolved);
      });
      expect(broken).toEqual([]);
    },
  );

  it.each(DOCS.map((file) => [path.relative(ROOT, file), file]))('%s: names no file outside the repository', (_name, file) => {
    const outside = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /(^|[\s(`'"])\.\.\/shared\//.test(line));
    expect(outside).toEqual([]);
  });
});
