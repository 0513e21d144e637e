import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // Above the 5 s a findBy query may wait (test-setup.ts), for a loaded machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
