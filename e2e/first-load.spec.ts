import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.js';
import { ROOT } from './support/paths.js';

const DIST = path.join(ROOT, 'apps/web/dist');
/** zod and the API catalogue's schemas load with the screens, never in the shell (docs/performance.md#static-files). */
const BUDGET_BYTES = 150 * 1000;

/** The scripts a first visit loads before any screen: those index.html names (docs/performance.md#static-files). */
const firstLoadScripts = () =>
  [...readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);

test.describe('the first load (docs/performance.md#static-files)', () => {
  test('stays within 150 kB of gzip-compressed JavaScript, the screens loading with each route', () => {
    const scripts = firstLoadScripts();
    const sizes = scripts.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.info(`[first load] ${sizes.map(({ file, gzip }) => `${file} ${gzip} B`).join(', ')}; total ${total} B gzip`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
