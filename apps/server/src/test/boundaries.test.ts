import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries (docs/architecture.md, 'Module boundaries'):
 * - the modules form a directed acyclic graph: module `<a>` depends on `<b>` when any file of
 *   `modules/<a>/` but its tests imports a file of `modules/<b>/`, and no chain of such
 *   dependencies leads back to where it started (whichever files the imports name);
 * - a file of `modules/<a>/` reaches another module `<b>` only through `<b>`'s public surface,
 *   its service files (`*.service.ts`) and its `index.ts`; never its queries, commands,
 *   routes, serializers or helpers. Tests (`*.test.ts`) and fixtures (`*.fixtures.ts`) may
 *   also use another module's fixtures.
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

/** The module a relative import of `file` (relative to modules/) lands in, or null (platform/, db/, a package, its own module). */
const moduleReached = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (target.startsWith('..')) return null;
  const targetModule = target.split('/')[0];
  return targetModule === file.split('/')[0] ? null : targetModule;
};

/**
 * The dependencies between modules: module -> the modules it imports, each with the first import
 * seen (to name it). A test (`*.test.ts`) is a leaf nobody imports, so it may use any module's
 * public surface and fixtures without making a dependency; fixtures count like any other file.
 */
export const moduleGraph = (files: readonly { file: string; source: string }[]) => {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, source } of files) {
    if (file.endsWith('.test.ts')) continue;
    const own = file.split('/')[0];
    if (!graph.has(own)) graph.set(own, new Map());
    for (const specifier of importsOf(source)) {
      const reached = moduleReached(file, specifier);
      if (reached && !graph.get(own)!.has(reached)) graph.get(own)!.set(reached, `${file} imports ${specifier}`);
    }
  }
  return graph;
};

/**
 * Every cycle of the graph, one per strongly connected component (Tarjan), as the path
 * `a -> b -> ... -> a` with the import behind each step. Empty when the modules form a DAG.
 */
export const cyclesOf = (graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      onStack.delete(top);
      component.push(top);
    } while (top !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  // One shortest way around each component, from its first node by name, read by breadth first.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const node = queue.shift()!;
      for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
        if (!members.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = closing!; node !== start; node = previous.get(node)!) path.splice(1, 0, node);
    path.push(start);
    const steps = path.slice(0, -1).map((from, i) => `  ${from} -> ${path[i + 1]} (${graph.get(from)!.get(path[i + 1])})`);
    return [`cycle ${path.join(' -> ')}:`, ...steps].join('\n');
  });
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

  it('finds a cycle between modules and names the imports behind it', () => {
    const graph = moduleGraph([
      { file: 'users/users.queries.ts', source: "import { unread } from '../threads/thread-access.service.js';" },
      {
        file: 'threads/threads.service.ts',
        source: "import { fullName } from '../users/index.js';\nimport { x } from '../../platform/errors.js';",
      },
      { file: 'logs/logs.service.ts', source: "import { fullName } from '../users/index.js';" },
      // A test reaches anything: no dependency, hence no cycle through it.
      { file: 'users/users.test.ts', source: "import { writeLog } from '../logs/logs.service.js';" },
    ]);
    expect([...graph.get('users')!.keys()]).toEqual(['threads']);
    expect(cyclesOf(graph)).toEqual([
      [
        'cycle threads -> users -> threads:',
        '  threads -> users (threads/threads.service.ts imports ../users/index.js)',
        '  users -> threads (users/users.queries.ts imports ../threads/thread-access.service.js)',
      ].join('\n'),
    ]);
    graph.get('users')!.delete('threads');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the modules form a directed acyclic graph', () => {
    const graph = moduleGraph(sourceFiles(MODULES).map((file) => ({ file, source: readFileSync(path.join(MODULES, file), 'utf8') })));
    // The scan saw the real tree: every module, and the dependencies between them.
    expect(graph.size).toBeGreaterThan(25);
    expect([...graph.values()].reduce((sum, targets) => sum + targets.size, 0)).toBeGreaterThan(50);
    expect(cyclesOf(graph)).toEqual([]);
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
