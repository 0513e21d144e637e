import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Feature boundaries (docs/architecture.md, 'Module boundaries'): imports flow one way,
 * lib and components -> features -> app. A file of `features/<a>/` reaches another feature
 * `<b>` only through `features/<b>/index.ts`; `lib/` and `components/` import no feature and
 * nothing of `app/`. `app/` composes the screens and may open any feature's page (the
 * router's lazy modules).
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
});
