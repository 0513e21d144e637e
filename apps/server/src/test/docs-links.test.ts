import { execFileSync } from 'node:child_process';
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

/** Relative targets of Markdown links `[text](target)`, external addresses aside. */
const relativeLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]).filter((target) => !/^(https?:|mailto:)/.test(target));

/** A heading's anchor as GitHub computes it: lower case, punctuation dropped, each blank a hyphen. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorCache = new Map<string, Set<string>>();
/** Every heading anchor of a Markdown file, a repeated heading numbered as GitHub does. */
const anchorsOf = (file: string) => {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
};

/** Why a file#anchor target does not resolve, or null when it does. */
const brokenTarget = (file: string, anchor: string | undefined) => {
  if (!file.startsWith(`${ROOT}${path.sep}`) || !existsSync(file)) return 'no such file';
  if (anchor && !anchorsOf(file).has(decodeURIComponent(anchor))) return `no heading #${anchor}`;
  return null;
};

/** The source files git tracks (and new ones it would track), the citable kinds only. */
const SOURCES = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|md|css)$/.test(file) && existsSync(path.join(ROOT, file)));

/** `docs/<file>.md#<anchor>` and `docs/product/<file>.md#<anchor>` written out in a source file. */
const CITATION = /(?<![\w/.-])(docs\/(?:product\/)?[\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu;

/**
 * The old citation forms of the external specification and of its notes, split so that this file
 * does not contain them: the product reference replaced them (docs/product/README.md#how-to-cite).
 */
const OLD_CITATION = new RegExp(
  [
    ['spec', 'part'].join('\\s+'),
    ['spec', "'s\\s+part"].join(''),
    ['design', 'notes?'].join('\\s+'),
    ['spec', '[123],\\s*\\d'].join('\\s+'),
    ['spec', '\\d\\.\\d'].join('\\s+'),
  ]
    .map((form) => `\\b${form}\\b`)
    .join('|'),
  'i',
);

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** Every text file git tracks (and new ones it would track). */
const TRACKED_TEXT = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== 'package-lock.json' && !/\.(png|jpe?g|gif|ico|pdf|woff2?)$/.test(file) && isFile(path.join(ROOT, file)));

describe('docs stand alone in a clone of the repository', () => {
  it('reads the README and every page of docs/', () => {
    expect(DOCS.length).toBeGreaterThan(25);
  });

  it.each(DOCS.map((file) => [path.relative(ROOT, file), file]))(
    '%s: every relative link resolves inside the repository, to an existing heading',
    (_name, file) => {
      const broken = relativeLinks(readFileSync(file, 'utf8')).flatMap((target) => {
        const [page, anchor] = target.split('#');
        const resolved = page ? path.resolve(path.dirname(file), page) : file;
        const why = page && !page.endsWith('.md') ? brokenTarget(resolved, undefined) : brokenTarget(resolved, anchor);
        return why ? [`${target}: ${why}`] : [];
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

  it('reads the product reference', () => {
    expect(markdownFiles(path.join(ROOT, 'docs/product')).length).toBeGreaterThan(10);
  });

  it('every docs/<file>.md#<anchor> cited in a source file names an existing file and heading', () => {
    expect(SOURCES.length).toBeGreaterThan(300);
    const broken = SOURCES.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(CITATION)].flatMap((match) => {
        const why = brokenTarget(path.join(ROOT, match[1]), match[2]);
        return why ? [`${file}: ${match[0]}: ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('no file cites the external specification or its notes: they cite docs/product and docs/sales-process.md', () => {
    const old = TRACKED_TEXT.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (OLD_CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(old).toEqual([]);
  });
});
