import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries (docs/architecture.md, 'Module boundaries'): a file of
 * `modules/<a>/` reaches another module `<b>` only through `<b>`'s public surface, its
 * service files (`*.service.ts`) and its `index.ts`; never its queries, commands, routes,
 * serializers or helpers. Tests (`*.test.ts`) and fixtures (`*.fixtures.ts`) may also use
 * another module's fixtures.
 */

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

const IMPORT_PATTERNS = [
  // import x from '...', import type { a } from '...', export { a } from '...', export * from '...'
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // import('...')
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  // import '...'
  /^\s*import\s*['"]([^'"]+)['"]/gm,
];

/** Every module specifier a source file imports or re-exports. */
export const importsOf = (source: string): string[] =>
  IMPORT_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));

/** Why an import from `file` (relative to modules/) of `specifier` crosses a boundary, or null. */
export const boundaryViolation = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const [ownModule] = file.split('/');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (target.startsWith('..')) return null; // platform/, db/, config: not a module
  const [targetModule, ...rest] = target.split('/');
  if (targetModule === ownModule) return null;
  const targetFile = rest.join('/').replace(/\.js$/, '');
  if (rest.length === 1 && (targetFile === 'index' || targetFile.endsWith('.service'))) return null;
  if (targetFile === '') return null; // '../<b>' is '../<b>/index'
  const testSupport = /\.(test|fixtures)\.ts$/.test(file);
  if (testSupport && rest.length === 1 && targetFile.endsWith('.fixtures')) return null;
  return `${file} imports ${target}: module '${targetModule}' is reached through its index.ts or a *.service.ts only`;
};

const sourceFiles = (dir: string, prefix = ''): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });

describe('module boundaries', () => {
  it('reads every form of import and re-export', () => {
    const source = [
      "import { a } from '../users/users.queries.js';",
      "import type {\n  B,\n  C,\n} from '../commands/registry.js';",
      "export { d } from './local.js';",
      "export * from '../lots/lots.service.js';",
      "const e = await import('../attribution/attribution.fixtures.js');",
      "import '../mails/mails.mask.js';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual([
      '../attribution/attribution.fixtures.js',
      '../commands/registry.js',
      '../lots/lots.service.js',
      '../mails/mails.mask.js',
      '../users/users.queries.js',
      './local.js',
    ]);
  });

  it("refuses another module's queries and internals, allows its service files and index.ts", () => {
    expect(boundaryViolation('tasks/tasks.service.ts', '../users/users.queries.js')).toMatch(/users\/users.queries/);
    expect(boundaryViolation('pipeline/pipeline.commands.ts', '../commands/registry.js')).not.toBeNull();
    expect(boundaryViolation('pipeline/pipeline.routes.ts', '../commands/commands.js')).not.toBeNull();
    expect(boundaryViolation('candidates/candidates.service.ts', '../candidacies/candidacies.serializers.js')).not.toBeNull();
    expect(boundaryViolation('tasks/tasks.service.ts', '../attribution/attribution.fixtures.js')).not.toBeNull();
    expect(boundaryViolation('tasks/tasks.service.ts', '../users/index.js')).toBeNull();
    expect(boundaryViolation('tasks/tasks.service.ts', '../users')).toBeNull();
    expect(boundaryViolation('lots/lots.service.ts', '../statuses/statuses.service.js')).toBeNull();
    expect(boundaryViolation('tasks/tasks.test.ts', '../attribution/attribution.fixtures.js')).toBeNull();
    expect(boundaryViolation('pipeline/pipeline.fixtures.ts', '../attribution/attribution.fixtures.js')).toBeNull();
    expect(boundaryViolation('pipeline/lifecycle.context.ts', './application-state.queries.js')).toBeNull();
    expect(boundaryViolation('applications/applications.service.ts', '../pipeline/application-state.queries.js')).not.toBeNull();
    expect(boundaryViolation('applications/applications.service.ts', '../../platform/errors.js')).toBeNull();
  });

  it('no file under modules/ reaches into another module', () => {
    const files = sourceFiles(MODULES);
    let crossModule = 0;
    const problems: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(path.join(MODULES, file), 'utf8'))) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        if (specifier.startsWith('.') && !target.startsWith('..') && target.split('/')[0] !== file.split('/')[0]) crossModule++;
        const problem = boundaryViolation(file, specifier);
        if (problem) problems.push(problem);
      }
    }
    // The scan saw the real tree: every module, and the imports between them.
    expect(files.length).toBeGreaterThan(100);
    expect(crossModule).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('the commands module imports no module that defines commands (the composition root, src/commands.ts, gathers them)', () => {
    const files = sourceFiles(path.join(MODULES, 'commands')).filter((file) => !file.endsWith('.test.ts'));
    const reached = new Set<string>();
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(path.join(MODULES, 'commands', file), 'utf8'))) {
        const target = path.posix.normalize(path.posix.join('commands', path.posix.dirname(file), specifier));
        if (specifier.startsWith('.') && !target.startsWith('..')) reached.add(target.split('/')[0]);
      }
    }
    reached.delete('commands');
    // The history row is the one thing the dispatcher writes itself.
    expect([...reached]).toEqual(['logs']);
  });
});
