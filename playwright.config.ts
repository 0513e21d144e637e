import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './e2e/support/stacks.js';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // One stack (a real server, its database, its SMTP) per worker (e2e/support/stacks.ts); a
  // file's scenarios run one after the other in one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
    // The screens change colours at once (apps/web/src/index.css): axe audits what a user sees at rest.
    reducedMotion: 'reduce',
    // The trace of a failed test keeps its DOM snapshots, not a screenshot of every frame: the
    // screencast took two thirds of the browser's CPU on the 2-core CI machines (decision 035).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      // Debian's headless shell, the build of Chromium Playwright itself runs headless (decision 035).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
