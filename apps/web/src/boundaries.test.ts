import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Feature boundaries (docs/architecture.md, 'Module boundaries'): imports flow one way,
 * lib and components -> features -> app. A file of `features/<a>/` reaches another feature
 * `<b>` only through `features/<b>/index.ts`; `lib/` and `components/` import no feature and
 * nothing of `app/`. `app/` composes the screens and may open any feature's page (the
 * router's lazy modules). The features form a directed acyclic graph: no chain of imports
 * between features (tests aside) leads back to the feature it started from.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

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

/** Why an import from `file` (relative to src/) of `specifier` crosses a boundary, or null. */
export const boundaryViolation = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const [layer, feature, ...rest] = file.split('/');
  const [targetLayer, targetFeature, ...targetRest] = target.split('/');
  if ((layer === 'lib' || layer === 'components') && (targetLayer === 'features' || targetLayer === 'app'))
    return `${file} imports ${target}: lib and components import no feature and nothing of app`;
  if (layer !== 'features' || rest.length === 0) return null;
  if (targetLayer === 'app') return `${file} imports ${target}: a feature imports nothing of app`;
  if (targetLayer !== 'features' || targetFeature === feature) return null;
  const entry = targetRest.join('/');
  if (entry === '' || entry === 'index') return null;
  return `${file} imports ${target}: feature '${targetFeature}' is reached through features/${targetFeature}/index.ts only`;
};

/**
 * The dependencies between features: feature -> the features it imports, each with the first
 * import seen (to name it). A test is a leaf nobody imports: it makes no dependency.
 */
export const featureGraph = (files: readonly { file: string; source: string }[]) => {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, source } of files) {
    const [layer, feature, ...rest] = file.split('/');
    if (layer !== 'features' || rest.length === 0 || /\.test\.tsx?$/.test(file)) continue;
    if (!graph.has(feature)) graph.set(feature, new Map());
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const [targetLayer, targetFeature] = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).split('/');
      if (targetLayer !== 'features' || targetFeature === feature || graph.get(feature)!.has(targetFeature)) continue;
      graph.get(feature)!.set(targetFeature, `${file} imports ${specifier}`);
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

describe('feature boundaries', () => {
  it('reads every form of import and re-export', () => {
    const source = [
      "import { useFilters } from '../../filters/use-filters';",
      "import type {\n  SortOrder,\n} from '../../filters/filter-query';",
      "export { AddTaskModal } from './components/AddTaskModal';",
      "const page = () => import('../features/lots/components/LotsPage');",
      "import './index.css';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual([
      '../../filters/filter-query',
      '../../filters/use-filters',
      '../features/lots/components/LotsPage',
      './components/AddTaskModal',
      './index.css',
    ]);
  });

  it("refuses another feature's files, allows its index.ts", () => {
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../../filters/use-filters')).toMatch(/filters\/index.ts/);
    expect(boundaryViolation('features/applications/components/modals/X.tsx', '../../../tasks/components/AddTaskModal')).not.toBeNull();
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../../../app/guard')).not.toBeNull();
    expect(boundaryViolation('lib/api.ts', '../features/auth/session')).not.toBeNull();
    expect(boundaryViolation('components/ui/Table.tsx', '../../features/tasks')).not.toBeNull();
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../../filters')).toBeNull();
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../../tasks/index')).toBeNull();
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../api/get-lots')).toBeNull();
    expect(boundaryViolation('features/lots/components/LotsPage.tsx', '../../../lib/api')).toBeNull();
    expect(boundaryViolation('app/route-modules.ts', '../features/lots/components/LotsPage')).toBeNull();
  });

  it('no feature reaches into another, and lib and components import no feature', () => {
    const files = sourceFiles(SRC);
    let crossFeature = 0;
    const problems: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(path.join(SRC, file), 'utf8'))) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const [layer, feature] = file.split('/');
        const [targetLayer, targetFeature] = target.split('/');
        if (specifier.startsWith('.') && layer === 'features' && targetLayer === 'features' && targetFeature !== feature) crossFeature++;
        const problem = boundaryViolation(file, specifier);
        if (problem) problems.push(problem);
      }
    }
    // The scan saw the real tree: every feature, and the imports between them.
    expect(files.length).toBeGreaterThan(100);
    expect(crossFeature).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('finds a cycle between features and names the imports behind it', () => {
    const graph = featureGraph([
      { file: 'features/candidates/components/CandidatesPage.tsx', source: "import { AttributeLotModal } from '../../applications';" },
      {
        file: 'features/applications/api/commands.ts',
        source: "import { candidacyKeys } from '../../candidates';\nimport { api } from '../../../lib/api';",
      },
      // A test reaches anything: no dependency, hence no cycle through it.
      { file: 'features/lots/lots-view.test.ts', source: "import { x } from '../candidates';" },
    ]);
    expect(cyclesOf(graph)).toEqual([
      [
        'cycle applications -> candidates -> applications:',
        '  applications -> candidates (features/applications/api/commands.ts imports ../../candidates)',
        '  candidates -> applications (features/candidates/components/CandidatesPage.tsx imports ../../applications)',
      ].join('\n'),
    ]);
    graph.get('candidates')!.delete('applications');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the features form a directed acyclic graph', () => {
    const graph = featureGraph(sourceFiles(SRC).map((file) => ({ file, source: readFileSync(path.join(SRC, file), 'utf8') })));
    // The scan saw the real tree: every feature, and the dependencies between them.
    expect(graph.size).toBeGreaterThan(20);
    expect([...graph.values()].reduce((sum, targets) => sum + targets.size, 0)).toBeGreaterThan(10);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("calls the API through the schema-free table API, never a domain's route object that carries its zod schemas", () => {
    // A domain's object (LOTS_API, USERS_API...) holds the schemas of its routes: imported by the
    // shell, it brings zod into the first load (docs/performance.md#static-files).
    const files = sourceFiles(SRC).filter((file) => !/\.test\.tsx?$/.test(file));
    const domainObjects = files.filter((file) => /\b[A-Z]+(?:_[A-Z]+)*_API\b/.test(readFileSync(path.join(SRC, file), 'utf8')));
    const tableCallers = files.filter((file) => /\bcall\(API\.\w+/.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(tableCallers.length).toBeGreaterThan(40);
    expect(domainObjects).toEqual([]);
  });
});
