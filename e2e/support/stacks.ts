import path from 'node:path';
import { ROOT } from './paths.js';

/**
 * The browser tests run in E2E_WORKERS workers (2 by default, one per core of the CI machines),
 * each against its own stack: a real server on its own embedded database seeded with the demo,
 * its own loopback SMTP server writing to its own mail folder, and its own recording fake
 * Salesforce. A test file runs whole in one worker, its tests one after the other, so what a
 * scenario changes in the demo is seen by the scenarios of its worker only, as before on one.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export type Stack = {
  /** Playwright's parallel index of the worker (0 to E2E_WORKERS - 1). */
  index: number;
  port: number;
  baseURL: string;
  smtpPort: number;
  /** The recording fake Salesforce the CRM send talks to (e2e/crm.spec.ts). */
  salesforcePort: number;
  /** A port free for a scenario's own second server (e2e/local-mailbox.spec.ts). */
  sparePort: number;
  dataDir: string;
  mailDir: string;
};

export const stackOf = (index: number): Stack => {
  const port = E2E_PORT + 10 * index;
  return {
    index,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    smtpPort: E2E_SMTP_PORT + index,
    salesforcePort: port + 5,
    sparePort: port + 6,
    dataDir: path.join(ROOT, '.tmp', `e2e-data-${index}`),
    mailDir: path.join(ROOT, '.tmp', `e2e-mails-${index}`),
  };
};

export const STACKS: readonly Stack[] = Array.from({ length: E2E_WORKERS }, (_, index) => stackOf(index));
