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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
