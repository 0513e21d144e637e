import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The web tests share their worker's modules and document (no isolation): a fresh jsdom and a
 * fresh import of React for each of the 78 files took 90 % of their time. A file that replaces a
 * module (`vi.mock`) needs its own imports, so those run isolated, in a project of their own.
 */
const WEB = 'apps/web/src';
const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), WEB);
const webTests = (readdirSync(webDir, { recursive: true }) as string[]).filter((file) => /\.test\.tsx?$/.test(file));
const mocking = webTests
  .filter((file) => readFileSync(path.join(webDir, file), 'utf8').includes('vi.mock('))
  .map((file) => `${WEB}/${file}`);
// The timeout is above the 5 s a findBy query may wait (test-setup.ts), for a loaded machine.
const webProject = { environment: 'jsdom', setupFiles: [`${WEB}/test-setup.ts`], testTimeout: 15_000 } as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machines,
    // which left a core idle while the server's test files ran one after the other.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Every raw statement's fast rendering checked against Drizzle's (apps/server/src/db/render.ts).
          env: { PROMOVENTE_CHECK_RENDER: '1' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each worker opens its own copy of the migrated template database. The files of a worker
          // share its modules (no re-import of the server per file: 472 s -> 382 s for the PGlite
          // pass on 2 cores); every file builds its own application and database (test/harness.ts).
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: { name: 'web', include: [`${WEB}/**/*.test.{ts,tsx}`], exclude: mocking, isolate: false, ...webProject },
      },
      { test: { name: 'web-mocks', include: mocking, ...webProject } },
    ],
  },
});
